import { BACK_TO_LISTING, VISA_MOVED } from '@clearing-desk/contracts';
import { buttonClassName } from '@clearing-desk/ui';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** The listing the Visa button was pressed on (its query string), else the Visa Team's own list (filter v). */
const listingHref = (state: unknown): string => {
  const search = (state as { listingSearch?: unknown } | null)?.listingSearch;
  return `${paths.applications.getHref()}${typeof search === 'string' && search.startsWith('?') ? search : '?s=v'}`;
};

/**
 * /visa/:studentId/:ucasCode (staff): visa assessment has moved to a separate admin portal, so the
 * page shows the sentence of spec sections 1 and 2, and a way back to the listing it came from.
 */
export function VisaRoute() {
  const location = useLocation();
  useDocumentTitle(VISA_MOVED);
  return (
    <>
      <h1 className="cd-heading-l" tabIndex={-1}>
        {VISA_MOVED}
      </h1>
      <p className="cd-body">
        <Link className={buttonClassName('secondary')} to={listingHref(location.state)}>
          {BACK_TO_LISTING}
        </Link>
      </p>
    </>
  );
}

export { VisaRoute as Component };
