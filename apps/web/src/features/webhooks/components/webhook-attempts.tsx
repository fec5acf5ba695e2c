import { EVENT_TYPE_LABELS, type WebhookAttempt } from '@clearing-desk/contracts';
import { Spinner, Table, type TableColumn } from '@clearing-desk/ui';
import { formatApiError } from '@/lib/api-client';
import { formatLondonDateTime } from '@/lib/format-date-time';
import { useWebhookAttempts } from '../api/webhooks';
import { attemptOutcomeText, WEBHOOK_SCREEN_TEXTS as T } from '../texts';

const columns: TableColumn<WebhookAttempt>[] = [
  { id: 'at', header: T.ATTEMPT_WHEN, cell: (row) => <time dateTime={row.at}>{formatLondonDateTime(row.at)}</time> },
  { id: 'event', header: T.ATTEMPT_EVENT, cell: (row) => `${EVENT_TYPE_LABELS[row.eventType]} ${row.eventId}` },
  { id: 'attempt', header: T.ATTEMPT_NUMBER, cell: (row) => String(row.attempt) },
  { id: 'outcome', header: T.ATTEMPT_OUTCOME, cell: (row) => attemptOutcomeText(row.outcome === 'delivered', row.httpStatus, row.error, row.durationMs) },
];

/** One endpoint's latest delivery attempts (GET /api/admin/webhooks/:id/attempts), newest first. */
export function WebhookAttempts({ id, url, headingId }: { id: string; url: string; headingId: string }) {
  const attempts = useWebhookAttempts(id);
  return (
    <section aria-labelledby={headingId}>
      <h3 className="cd-heading-s" id={headingId}>
        {T.ATTEMPTS_HEADING}: {url}
      </h3>
      {attempts.isPending ? (
        <Spinner label={T.ATTEMPTS_LOADING} />
      ) : attempts.isError ? (
        <p className="cd-error-message" role="alert">
          {formatApiError(attempts.error)}
        </p>
      ) : attempts.data.attempts.length === 0 ? (
        <p className="cd-body">{T.ATTEMPTS_EMPTY}</p>
      ) : (
        <div className="cd-table-container">
          <Table
            caption={`${T.ATTEMPTS_HEADING}: ${url}`}
            captionHidden
            columns={columns}
            rows={attempts.data.attempts}
            rowKey={(row) => `${row.eventId}-${row.attempt}`}
          />
        </div>
      )}
    </section>
  );
}
