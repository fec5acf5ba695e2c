import {
  DECISION_REVIEW_TEXTS,
  decisionReviewDecisionSchema,
  formatLondonDateTime,
  type DecisionReviewItem,
  type DecisionReviewOutcome,
} from '@clearing-desk/contracts';
import { Button, ErrorSummary, Notice, Radios, Spinner, Table, Textarea } from '@clearing-desk/ui';
import { useState, type FormEvent } from 'react';
import { formatApiError } from '@/lib/api-client';
import { useDecisionReviews, useRecordReviewOutcome } from '../api/decision-reviews';

const OUTCOME_LABELS: Record<DecisionReviewOutcome, string> = { UPHELD: DECISION_REVIEW_TEXTS.OUTCOME_UPHELD, CHANGED: DECISION_REVIEW_TEXTS.OUTCOME_CHANGED };

/** The outcome form of one waiting review: stands or changed, and what to tell the applicant. */
function OutcomeForm({ review }: { review: DecisionReviewItem }) {
  const [outcome, setOutcome] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ fieldId: string; message: string }[]>([]);
  const mutation = useRecordReviewOutcome();
  const outcomeId = `review-${review.ID}-outcome`;
  const noteId = `review-${review.ID}-note`;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = decisionReviewDecisionSchema.safeParse({ OUTCOME: outcome, NOTE: note });
    if (!parsed.success) {
      setErrors(
        parsed.error.issues.map((i) =>
          i.path[0] === 'OUTCOME' ? { fieldId: outcomeId, message: DECISION_REVIEW_TEXTS.OUTCOME_REQUIRED } : { fieldId: noteId, message: i.message },
        ),
      );
      return;
    }
    setErrors([]);
    mutation.mutate({ id: review.ID, decision: parsed.data });
  };
  const errorOf = (id: string) => errors.find((e) => e.fieldId === id)?.message ?? null;

  return (
    <form noValidate onSubmit={onSubmit} aria-label={`${DECISION_REVIEW_TEXTS.RECORD} ${review.REFERENCE}`}>
      {errors.length > 0 && <ErrorSummary errors={errors} />}
      {mutation.isError && (
        <Notice variant="error" live>
          <p className="cd-body">{formatApiError(mutation.error)}</p>
        </Notice>
      )}
      <Radios
        id={outcomeId}
        name={outcomeId}
        legend={DECISION_REVIEW_TEXTS.RECORD}
        options={Object.entries(OUTCOME_LABELS).map(([value, label]) => ({ value, label }))}
        value={outcome}
        onChange={setOutcome}
        error={errorOf(outcomeId)}
        inline
      />
      <Textarea
        id={noteId}
        label={DECISION_REVIEW_TEXTS.OUTCOME_NOTE_LABEL}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        error={errorOf(noteId)}
        rows={3}
      />
      <Button type="submit" disabled={mutation.isPending}>
        {DECISION_REVIEW_TEXTS.RECORD}
      </Button>
    </form>
  );
}

/** The back office's queue of requests for a person to review an automatic decision, each with its respond-by date. */
export function DecisionReviewQueue() {
  const query = useDecisionReviews();
  if (query.isPending) return <Spinner label={DECISION_REVIEW_TEXTS.QUEUE_TITLE} />;
  if (query.isError) {
    return (
      <Notice variant="error">
        <p className="cd-body">{formatApiError(query.error)}</p>
      </Notice>
    );
  }
  const rows = query.data.rows;
  if (rows.length === 0) return <p className="cd-body">{DECISION_REVIEW_TEXTS.QUEUE_EMPTY}</p>;
  return (
    <Table
      caption={DECISION_REVIEW_TEXTS.QUEUE_TITLE}
      captionHidden
      rowKey={(r) => String(r.ID)}
      rows={rows}
      columns={[
        { id: 'reference', header: 'Reference', cell: (r) => `${r.REFERENCE} (${r.UCAS_CODE}, ${r.STATUS}${r.SUB_STATUS ? `/${r.SUB_STATUS}` : ''})` },
        { id: 'requested', header: 'Requested', cell: (r) => formatLondonDateTime(new Date(r.REQUESTED_AT)) },
        { id: 'respond-by', header: 'Respond by', cell: (r) => formatLondonDateTime(new Date(r.RESPOND_BY)) },
        { id: 'reason', header: 'Reason', cell: (r) => r.REASON },
        {
          id: 'outcome',
          header: 'Outcome',
          cell: (r) =>
            r.OUTCOME ? (
              `${OUTCOME_LABELS[r.OUTCOME]}: ${r.NOTE ?? ''} (${r.DECIDED_BY ?? ''}, ${r.DECIDED_AT ? formatLondonDateTime(new Date(r.DECIDED_AT)) : ''})`
            ) : (
              <OutcomeForm review={r} />
            ),
        },
      ]}
    />
  );
}
