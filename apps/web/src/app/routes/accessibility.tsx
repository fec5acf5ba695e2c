import { Link } from 'react-router-dom';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { SITE_NAME } from '@/config/site';
import { useClearingLabel } from '@/lib/clearing-status';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * Dates of the statement, as the regulations ask: when it was prepared and last reviewed, and
 * when the service was last tested (by axe-core at desktop and phone sizes and by keyboard).
 */
export const ACCESSIBILITY_STATEMENT_DATES = {
  prepared: '25 November 2026',
  reviewed: '25 November 2026',
  tested: '25 November 2026',
} as const;

/**
 * Accessibility statement for the public service, following the sections of the UK model
 * statement (GOV.UK "Sample accessibility statement", Public Sector Bodies (Websites and Mobile
 * Applications) (No. 2) Accessibility Regulations 2018): contact, known issues, enforcement
 * procedure and the dates it was prepared and reviewed.
 */
export function AccessibilityStatement() {
  const clearingLabel = useClearingLabel();
  useDocumentTitle('Accessibility statement');
  const email = env.VITE_ACCESSIBILITY_EMAIL;
  return (
    <>
      <h1 className="cd-heading-l">Accessibility statement</h1>
      <p className="cd-body-l">
        This statement covers {SITE_NAME}, the online service for finding a degree and applying in {clearingLabel}.
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
      <h2 className="cd-heading-m">How accessible this service is</h2>
      <p className="cd-body">We know some parts of this service are not fully accessible:</p>
      <ul className="cd-list cd-list--bullet">
        <li>while the course search first loads on a slow connection, the search box and buttons are shown but cannot be used for up to 4 seconds</li>
        <li>documents you upload (for example a PDF of your results) are not checked for accessibility</li>
        <li>the course descriptions written by each school may use headings or links that do not describe their purpose</li>
      </ul>
      <h2 className="cd-heading-m">Feedback and contact information</h2>
      <p className="cd-body">If you need information on this service in a different format, like large print, easy read, audio or braille:</p>
      <ul className="cd-list cd-list--bullet">
        <li>
          email{' '}
          <a className="cd-link" href={`mailto:${email}`}>
            {email}
          </a>
        </li>
        <li>call the Clearing team on the telephone number shown on your course page</li>
      </ul>
      <p className="cd-body">
        We will consider your request and get back to you within 2 working days. You can also apply by phone: an adviser will fill in the application with you.
      </p>
      <h2 className="cd-heading-m">Reporting accessibility problems with this service</h2>
      <p className="cd-body">
        We are always looking to improve the accessibility of this service. If you find any problems not listed on this page or think we are not meeting
        accessibility requirements, email{' '}
        <a className="cd-link" href={`mailto:${email}`}>
          {email}
        </a>
        .
      </p>
      <h2 className="cd-heading-m">Enforcement procedure</h2>
      <p className="cd-body">
        The Equality and Human Rights Commission (EHRC) is responsible for enforcing the Public Sector Bodies (Websites and Mobile Applications) (No. 2)
        Accessibility Regulations 2018 (the 'accessibility regulations'). If you are not happy with how we respond to your complaint,{' '}
        <a className="cd-link" href="https://www.equalityadvisoryservice.com/">
          contact the Equality Advisory and Support Service (EASS)
        </a>
        .
      </p>
      <h2 className="cd-heading-m">Technical information about this service's accessibility</h2>
      <p className="cd-body">We are committed to making this service accessible, in accordance with the accessibility regulations.</p>
      <h3 className="cd-heading-s">Compliance status</h3>
      <p className="cd-body">
        This service is partially compliant with the Web Content Accessibility Guidelines (WCAG) version 2.2 AA standard, due to the issues listed under 'How
        accessible this service is'.
      </p>
      <h3 className="cd-heading-s">What we are doing to improve accessibility</h3>
      <p className="cd-body">
        Every screen is checked with automated accessibility tests at desktop and phone sizes, and by keyboard, before each release. We ask schools to check
        their course descriptions before Clearing opens.
      </p>
      <h2 className="cd-heading-m">Preparation of this accessibility statement</h2>
      <p className="cd-body">
        This statement was prepared on {ACCESSIBILITY_STATEMENT_DATES.prepared}. It was last reviewed on {ACCESSIBILITY_STATEMENT_DATES.reviewed}.
      </p>
      <p className="cd-body">
        This service was last tested on {ACCESSIBILITY_STATEMENT_DATES.tested}. The test was carried out by the {SITE_NAME} team: every page and every step of
        the application with axe-core against WCAG 2.2 AA, at desktop and phone sizes, and the whole application completed with a keyboard only.
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
