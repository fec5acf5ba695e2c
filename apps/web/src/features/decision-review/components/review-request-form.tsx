import { DECISION_REVIEW_TEXTS, decisionReviewRequestSchema, formatLongDate } from '@clearing-desk/contracts';
import { Button, ErrorSummary, Notice, Textarea } from '@clearing-desk/ui';
import { useState, type FormEvent } from 'react';
import { formatApiError } from '@/lib/api-client';
import { useRequestReview } from '../api/request-review';

const REASON_ID = 'review-reason';

/**
 * The applicant's request for a person to review an automatic decision: one question, checked
 * with the contracts' schema (error summary, focus on it); sent, it says by when a person answers.
 */
export function ReviewRequestForm({ hash }: { hash: string }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useRequestReview(hash);

  if (mutation.data) {
    return (
      <Notice variant="success" live>
        <p className="cd-body">{DECISION_REVIEW_TEXTS.sent(formatLongDate(mutation.data.RESPOND_BY.slice(0, 10)))}</p>
      </Notice>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = decisionReviewRequestSchema.safeParse({ REASON: reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? DECISION_REVIEW_TEXTS.REASON_REQUIRED);
      return;
    }
    setError(null);
    mutation.mutate(parsed.data);
  };

  return (
    <form noValidate onSubmit={onSubmit}>
      {error && <ErrorSummary errors={[{ fieldId: REASON_ID, message: error }]} />}
      {mutation.isError && (
        <Notice variant="error" live>
          <p className="cd-body">{formatApiError(mutation.error)}</p>
        </Notice>
      )}
      <Textarea
        id={REASON_ID}
        name="REASON"
        label={DECISION_REVIEW_TEXTS.REASON_LABEL}
        hint={DECISION_REVIEW_TEXTS.REASON_HINT}
        error={error}
        value={reason}
        maxLength={2000}
        onChange={(e) => setReason(e.target.value)}
      />
      <Button type="submit" disabled={mutation.isPending}>
        {DECISION_REVIEW_TEXTS.SUBMIT}
      </Button>
    </form>
  );
}
