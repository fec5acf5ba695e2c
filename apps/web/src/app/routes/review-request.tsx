import { DECISION_REVIEW_TEXTS } from '@clearing-desk/contracts';
import { Link, useParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ReviewRequestForm } from '@/features/decision-review/components/review-request-form';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /review/:applicationHash/ask-for-review: the applicant asks for a person to review an automatic decision. */
export function ReviewRequestRoute() {
  const { applicationHash = '' } = useParams();
  useDocumentTitle(DECISION_REVIEW_TEXTS.PAGE_TITLE);
  return (
    <>
      <Link className="cd-back-link" to={paths.review.getHref(applicationHash)}>
        Back
      </Link>
      <h1 className="cd-heading-l">{DECISION_REVIEW_TEXTS.PAGE_TITLE}</h1>
      <ReviewRequestForm hash={applicationHash} />
    </>
  );
}

export { ReviewRequestRoute as Component };
