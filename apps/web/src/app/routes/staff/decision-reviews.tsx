import { DECISION_REVIEW_TEXTS } from '@clearing-desk/contracts';
import { DecisionReviewQueue } from '@/features/decision-review/components/decision-review-queue';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /staff/decision-reviews: the back office's queue of requests for a person to review an automatic decision. */
export function DecisionReviewsRoute() {
  useDocumentTitle(DECISION_REVIEW_TEXTS.QUEUE_TITLE);
  return (
    <>
      <h1 className="cd-heading-l">{DECISION_REVIEW_TEXTS.QUEUE_TITLE}</h1>
      <DecisionReviewQueue />
    </>
  );
}

export { DecisionReviewsRoute as Component };
