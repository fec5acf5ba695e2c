import {
  APPLICATION_STATUSES,
  applicationReference,
  courseDocumentTypes,
  STATUS_PAGE_TEXTS,
  type ApplicationReviewResponse,
  type CourseData,
} from '@clearing-desk/contracts';
import { SummaryList } from '@clearing-desk/ui';
import { FORM_TEXTS } from '../texts';
import { ApplicationDetails, formatDate } from './application-details';

/**
 * A submitted application read back on the applicant's status page (spec section 2's review page,
 * GET /api/applications/{hash}): the reference, status and submission date, then every answer,
 * qualification and document. Works on reload: everything comes from the server.
 */
/** What the read-back needs of the review answer (the status page's carries a public course without internal numbers). */
type ReviewForDetails = Pick<ApplicationReviewResponse, 'applicationData' | 'qualOptions' | 'documents'> & { courseData: Pick<CourseData, 'DOCUMENT_TYPES'> };

export function ApplicationReviewDetails({ review }: { review: ReviewForDetails }) {
  const { applicationData, courseData, qualOptions, documents } = review;
  const listDocuments = documents.length > 0 || courseDocumentTypes(courseData).length > 0;
  return (
    <section className="cd-application-review" aria-labelledby="application-review-heading">
      <h2 className="cd-heading-l" id="application-review-heading">
        {STATUS_PAGE_TEXTS.DETAILS_HEADING}
      </h2>
      <SummaryList
        rows={[
          { key: FORM_TEXTS.REFERENCE_LABEL, value: applicationReference(applicationData) },
          { key: FORM_TEXTS.STATUS_LABEL, value: APPLICATION_STATUSES[applicationData.STATUS] },
          { key: FORM_TEXTS.SUBMITTED_ON, value: formatDate(applicationData.CREATED_AT.slice(0, 10)) },
        ]}
      />
      <ApplicationDetails values={applicationData} qualOptions={qualOptions} documents={listDocuments ? documents : undefined} />
    </section>
  );
}
