import type { StaffUser } from '@clearing-desk/contracts';
import { classNames } from '@clearing-desk/ui';
import { Link, NavLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { CLEARING_LABEL, SITE_NAME } from '@/config/site';

type HeaderProps = {
  /** The logged-in staff user; 'Applications' is shown only to staff. */
  user: StaffUser | null;
};

const navClass = ({ isActive }: { isActive: boolean }) =>
  classNames('cd-header__nav-link', isActive && 'cd-header__nav-link--active');

export function Header({ user }: HeaderProps) {
  return (
    <header className="cd-header">
      <div className="cd-width-container cd-header__container">
        <div className="cd-header__brand">
          <Link to={paths.apply.search.getHref()} className="cd-header__name">
            {SITE_NAME}
          </Link>
          <span className="cd-header__intake">{CLEARING_LABEL}</span>
        </div>
        <nav className="cd-header__nav" aria-label="Main">
          <ul className="cd-header__nav-list">
            <li>
              {/* "true", not "page": the whole apply section counts as current */}
              <NavLink to={paths.apply.search.getHref()} className={navClass} aria-current="true">
                Apply
              </NavLink>
            </li>
            {user && (
              <li>
                <NavLink to={paths.applications.getHref()} className={navClass} aria-current="true">
                  Applications
                </NavLink>
              </li>
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}
