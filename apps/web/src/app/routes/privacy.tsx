import { Link } from 'react-router-dom';
import { RETENTION_SCREEN_TEXTS } from '@clearing-desk/contracts';
import { paths } from '@/config/paths';
import { RetentionScheduleList } from '@/features/data-protection/components/retention-schedule';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function PrivacyNotice() {
  useDocumentTitle('Privacy notice');
  return (
    <>
      <h1 className="cd-heading-l">Privacy notice</h1>
      <p className="cd-body-l">How we use the information you give us when you apply in Clearing.</p>
      <h2 className="cd-heading-m">What we use your data for</h2>
      <p className="cd-body">The details you give in your application are used to:</p>
      <ul className="cd-list cd-list--bullet">
        <li>evaluate your suitability for the course you apply for</li>
        <li>process your application</li>
        <li>communicate with you by email about your application</li>
        <li>possibly recommend alternative courses to you</li>
      </ul>
      <p className="cd-body">We do not use your data for any other purposes.</p>
      <h2 className="cd-heading-m">Documents you upload</h2>
      <p className="cd-body">Certificates and other documents you upload are checked for viruses and seen only by staff who process applications.</p>
      <h2 className="cd-heading-m">{RETENTION_SCREEN_TEXTS.NOTICE_HEADING}</h2>
      <RetentionScheduleList />
      <p className="cd-body">{RETENTION_SCREEN_TEXTS.NOTICE_ERASURE}</p>
      <h2 className="cd-heading-m">Cookies</h2>
      <p className="cd-body">
        This service sets only the cookies it needs to work: a security cookie that protects forms against cross-site request forgery and, for staff, a login
        session cookie. We do not use advertising cookies.
      </p>
      <h2 className="cd-heading-m">Your rights</h2>
      <p className="cd-body">
        Under UK data protection law you can ask to see the data we hold about you, ask us to correct it, or ask us to delete it. Contact the university&apos;s
        data protection officer to do so.
      </p>
      <p className="cd-body">
        <Link className="cd-link" to={paths.apply.search.getHref()}>
          Find a degree
        </Link>
      </p>
    </>
  );
}

export { PrivacyNotice as Component };
