import { APPLICATION_STATUSES, courseDocumentTypes } from '@clearing-desk/contracts';
import { Notice, Spinner, SummaryList } from '@clearing-desk/ui';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useApplicationReview } from '../api/get-application-review';
import { FORM_TEXTS } from '../texts';
import { ApplicationDetails, formatDate } from './application-details';

/**
 * A submitted application by its hash (GET /api/applications/{hash}): the course, its status and
 * the details read back. Works on reload: everything comes from the server.
 */
export function ApplicationReview({ applicationHash }: { applicationHash: string }) {
  const query = useApplicationReview(applicationHash);
  useDocumentTitle(FORM_TEXTS.REVIEW_HEADING_PAGE);

  if (query.isPending) return <Spinner label={FORM_TEXTS.REVIEW_LOADING} />;
  if (query.isError) {
    return (
      <>
        <h1 className="cd-heading-l">{FORM_TEXTS.REVIEW_HEADING_PAGE}</h1>
        <Notice variant="error">
          <p className="cd-body">{FORM_TEXTS.REVIEW_NOT_FOUND}</p>
        </Notice>
      </>
    );
  }

  const { applicationData, courseData, qualOptions, documents } = query.data;
  const listDocuments = documents.length > 0 || courseDocumentTypes(courseData).length > 0;
  return (
    <article className="cd-application-review">
      <span className="cd-caption-l">
        {courseData.COURSE_TITLE} {courseData.QUALIFICATION}
      </span>
      <h1 className="cd-heading-l">{FORM_TEXTS.REVIEW_HEADING_PAGE}</h1>
      <SummaryList
        rows={[
          { key: FORM_TEXTS.REFERENCE_LABEL, value: `${applicationData.DEPART_NUMBER}${applicationData.REFERENCE}` },
          { key: FORM_TEXTS.STATUS_LABEL, value: APPLICATION_STATUSES[applicationData.STATUS] },
          { key: FORM_TEXTS.SUBMITTED_ON, value: formatDate(applicationData.CREATED_AT.slice(0, 10)) },
        ]}
      />
      <ApplicationDetails values={applicationData} qualOptions={qualOptions} documents={listDocuments ? documents : undefined} />
    </article>
  );
}
