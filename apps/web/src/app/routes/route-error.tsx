import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** Shown when a page fails to render (e.g. a lazy page module that cannot load after a deploy). */
export function RouteError() {
  useDocumentTitle('Sorry, there is a problem with the service');
  return (
    <div className="cd-width-container">
      <main id="main-content" className="cd-main" tabIndex={-1}>
        <h1 className="cd-heading-l">Sorry, there is a problem with the service</h1>
        <p className="cd-body">Try again later, or reload the page.</p>
        <p className="cd-body">
          <Link className="cd-link" to={paths.apply.search.getHref()} reloadDocument>
            Find a degree
          </Link>
        </p>
      </main>
    </div>
  );
}
