import { canManageClearing, canReviewDecisions, canUseScenarios, canViewFigures, type StaffUser } from '@clearing-desk/contracts';
import { Button, classNames, VisuallyHidden } from '@clearing-desk/ui';
import { Link, NavLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { SITE_NAME } from '@/config/site';
import { useClearingLabel } from '@/lib/clearing-status';

export type HeaderAccountProps = {
  /** Sign out of the staff session. */
  onSignOut?: () => void;
  signingOut?: boolean;
  /** Why the last sign-out failed (the user is still signed in). */
  signOutError?: string | null;
};

type HeaderProps = HeaderAccountProps & {
  /** The logged-in staff user: staff navigation, their name and 'Sign out' are shown only then. */
  user: StaffUser | null;
};

const navClass = ({ isActive }: { isActive: boolean }) => classNames('cd-header__nav-link', isActive && 'cd-header__nav-link--active');

export function Header({ user, onSignOut, signingOut = false, signOutError = null }: HeaderProps) {
  const clearingLabel = useClearingLabel();
  return (
    <header className="cd-header">
      <div className="cd-width-container cd-header__container">
        <div className="cd-header__brand">
          <Link to={paths.apply.search.getHref()} className="cd-header__name">
            {SITE_NAME}
          </Link>
          <span className="cd-header__intake">{clearingLabel}</span>
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
              <>
                <li>
                  <NavLink to={paths.staff.getHref()} className={navClass} end>
                    Courses
                  </NavLink>
                </li>
                <li>
                  <NavLink to={paths.applications.getHref()} className={navClass} aria-current="true">
                    Applications
                  </NavLink>
                </li>
                {canViewFigures(user) && (
                  <li>
                    <NavLink to={paths.staffFigures.getHref()} className={navClass}>
                      Figures
                    </NavLink>
                  </li>
                )}
                {canReviewDecisions(user) && (
                  <li>
                    <NavLink to={paths.staffDecisionReviews.getHref()} className={navClass}>
                      Reviews
                    </NavLink>
                  </li>
                )}
                {canUseScenarios(user) && (
                  <li>
                    <NavLink to={paths.staffScenarios.getHref()} className={navClass}>
                      Scenarios
                    </NavLink>
                  </li>
                )}
                {canManageClearing(user) && (
                  <li>
                    <NavLink to={paths.staffSettings.getHref()} className={navClass}>
                      Settings
                    </NavLink>
                  </li>
                )}
              </>
            )}
          </ul>
        </nav>
        {user && (
          <div className="cd-header__account">
            <p className="cd-header__user">
              <VisuallyHidden>Signed in as </VisuallyHidden>
              <span className="cd-header__user-name">{user.name}</span>
            </p>
            <Button variant="secondary" className="cd-button--small cd-header__sign-out" onClick={onSignOut} disabled={signingOut}>
              {signingOut ? 'Signing out…' : 'Sign out'}
            </Button>
            {signOutError && (
              <p className="cd-header__error" role="alert">
                {signOutError}
              </p>
            )}
          </div>
        )}
      </div>
    </header>
  );
}
