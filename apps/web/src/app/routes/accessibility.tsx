import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { CLEARING_LABEL, SITE_NAME } from '@/config/site';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function AccessibilityStatement() {
  useDocumentTitle('Accessibility statement');
  return (
    <>
      <h1 className="cd-heading-l">Accessibility statement</h1>
      <p className="cd-body-l">
        This statement covers {SITE_NAME}, the online service for finding a degree and applying in {CLEARING_LABEL}.
      </p>
      <h2 className="cd-heading-m">Using this service</h2>
      <p className="cd-body">We want as many people as possible to be able to use this service. You should be able to:</p>
      <ul className="cd-list cd-list--bullet">
        <li>change colours, contrast levels and fonts using your browser or device settings</li>
        <li>zoom in up to 400% without the text spilling off the screen</li>
        <li>navigate the whole service using just a keyboard, with a visible focus indicator</li>
        <li>skip straight to the main content of each page</li>
        <li>use the service with a screen reader, including recent versions of NVDA, JAWS and VoiceOver</li>
      </ul>
      <h2 className="cd-heading-m">Compliance status</h2>
      <p className="cd-body">
        We aim to meet the Web Content Accessibility Guidelines (WCAG) version 2.2 at level AA. Every screen is
        checked with automated accessibility tests and by keyboard before release.
      </p>
      <h2 className="cd-heading-m">Reporting problems and other formats</h2>
      <p className="cd-body">
        If you find a problem with this service, or you need information in a different format, call the Clearing
        team on the number shown on your course page. You can also apply by phone: an adviser will fill in the
        application with you.
      </p>
      <h2 className="cd-heading-m">Enforcement procedure</h2>
      <p className="cd-body">
        The Equality and Human Rights Commission (EHRC) is responsible for enforcing the accessibility regulations.
        If you are not happy with how we respond to your complaint, contact the Equality Advisory and Support Service
        (EASS).
      </p>
      <p className="cd-body">
        <Link className="cd-link" to={paths.apply.search.getHref()}>
          Find a degree
        </Link>
      </p>
    </>
  );
}

export { AccessibilityStatement as Component };
