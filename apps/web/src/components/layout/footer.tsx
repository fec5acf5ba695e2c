import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { SITE_NAME } from '@/config/site';
import { useClearingLabel } from '@/lib/clearing-status';

export function Footer() {
  const clearingLabel = useClearingLabel();
  return (
    <footer className="cd-footer">
      <div className="cd-width-container cd-footer__container">
        <nav aria-label="Footer">
          <ul className="cd-footer__links">
            <li>
              <Link className="cd-footer__link" to={paths.accessibility.getHref()}>
                Accessibility
              </Link>
            </li>
            <li>
              <Link className="cd-footer__link" to={paths.privacy.getHref()}>
                Privacy
              </Link>
            </li>
            <li>
              <Link className="cd-footer__link" to={paths.staff.getHref()}>
                Staff sign in
              </Link>
            </li>
          </ul>
        </nav>
        <p className="cd-footer__meta">
          {SITE_NAME}: {clearingLabel}
        </p>
      </div>
    </footer>
  );
}
