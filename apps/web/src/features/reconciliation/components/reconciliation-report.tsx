import {
  londonCalendarDate,
  RECONCILIATION_TEXTS as T,
  reconciliationDaySchema,
  type ReconciliationReport,
  type ReconciliationRow,
} from '@clearing-desk/contracts';
import { Button, ErrorSummary, Notice, Spinner, Table, TextInput, type TableColumn } from '@clearing-desk/ui';
import { useState, type FormEvent } from 'react';
import { formatApiError } from '@/lib/api-client';
import { useReconciliation } from '../api/get-reconciliation';

const DAY_FIELD = 'reconciliation-day';

const formatTime = (iso: string): string =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' }).format(new Date(iso));

/**
 * A count beside the figures': a difference is told three ways, not by colour alone (WCAG
 * 1.4.1): a warning sign, the word 'Difference' with the signed gap, and red.
 */
function Count({ count, figures, differs }: { count: number; figures: number; differs: boolean }) {
  if (!differs) return <>{count}</>;
  return (
    <strong className="cd-reconciliation__difference">
      <span aria-hidden="true">⚠ </span>
      {T.differenceOf(count, figures)}
    </strong>
  );
}

function columnsOf(report: ReconciliationReport): TableColumn<ReconciliationRow>[] {
  return [
    { id: 'status', header: T.STATUS_HEADER, cell: (r) => `${r.label} (${r.status})` },
    { id: 'figures', header: T.FIGURES_HEADER, cell: (r) => r.figures },
    { id: 'events', header: T.EVENTS_HEADER, cell: (r) => <Count count={r.events} figures={r.figures} differs={r.eventsDiffer} /> },
    ...report.endpoints.map((endpoint, i) => ({
      id: `endpoint-${endpoint.id}`,
      header: T.endpointHeader(endpoint.url, endpoint.status === 'paused'),
      cell: (r: ReconciliationRow) => {
        const e = r.endpoints[i]!;
        return <Count count={e.delivered} figures={r.figures} differs={e.differs} />;
      },
    })),
  ];
}

/**
 * The daily reconciliation: a day picker (today in the team's time zone by default) and, per
 * status, the figures' count beside the events feed's and each webhook endpoint's, differences
 * marked in words and red.
 */
export function ReconciliationReportScreen() {
  const [day, setDay] = useState(() => londonCalendarDate(new Date()));
  const [typed, setTyped] = useState(day);
  const [error, setError] = useState<string | null>(null);
  const query = useReconciliation(day);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reconciliationDaySchema.safeParse(typed).success) {
      setError(T.DAY_INVALID);
      return;
    }
    setError(null);
    setDay(typed);
  };

  return (
    <>
      {error && <ErrorSummary errors={[{ fieldId: DAY_FIELD, message: error }]} />}
      <form className="cd-reconciliation__form" onSubmit={submit} noValidate>
        <TextInput id={DAY_FIELD} type="date" label={T.DATE_LABEL} width="10" value={typed} error={error} onChange={(e) => setTyped(e.target.value)} />
        <Button type="submit" variant="secondary">
          {T.SHOW}
        </Button>
      </form>
      {query.isPending ? (
        <Spinner label={T.LOADING} showLabel />
      ) : query.isError ? (
        <Notice variant="error">
          <p className="cd-body">{formatApiError(query.error)}</p>
        </Notice>
      ) : (
        <>
          <p className="cd-body" role="status">
            <strong>{T.summary(query.data.differences)}</strong> {T.asAt(formatTime(query.data.asAt))}
          </p>
          {query.data.endpoints.length === 0 && <p className="cd-body">{T.NO_ENDPOINTS}</p>}
          <Table<ReconciliationRow>
            caption={T.caption(query.data.day, query.data.cycle)}
            columns={columnsOf(query.data)}
            rows={query.data.rows}
            rowKey={(r) => r.status}
            className="cd-reconciliation__table"
          />
        </>
      )}
    </>
  );
}
