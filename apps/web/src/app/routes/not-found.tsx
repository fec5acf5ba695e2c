import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

export const NOT_FOUND_TITLE = '404 - Not Found';
export const NOT_FOUND_LINK = 'Search for courses in clearing and apply online';

/** Any unknown path (spec sections 2 and 8). */
export function NotFound() {
  useDocumentTitle(NOT_FOUND_TITLE);
  return (
    <>
      <h1 className="cd-heading-l">{NOT_FOUND_TITLE}</h1>
      <p className="cd-body">If you typed the web address, check it is correct.</p>
      <p className="cd-body">If you pasted the web address, check you copied the entire address.</p>
      <p className="cd-body">
        <Link className="cd-link" to={paths.apply.search.getHref()}>
          {NOT_FOUND_LINK}
        </Link>
      </p>
    </>
  );
}

export { NotFound as Component };
