import type { ClearingStatusAuditEntry } from '@clearing-desk/contracts';
import { Spinner, Table, type TableColumn } from '@clearing-desk/ui';
import { formatApiError } from '@/lib/api-client';
import { useClearingAudit } from '../api/get-clearing-audit';
import { clearingStatusText, CLEARING_STATUS_TEXTS } from '../texts';
import { formatLondonDateTime } from '@/lib/format-date-time';

const columns: TableColumn<ClearingStatusAuditEntry>[] = [
  { id: 'at', header: CLEARING_STATUS_TEXTS.AUDIT_WHEN, cell: (row) => <time dateTime={row.at}>{formatLondonDateTime(row.at)}</time> },
  { id: 'who', header: CLEARING_STATUS_TEXTS.AUDIT_WHO, cell: (row) => row.username },
  { id: 'state', header: CLEARING_STATUS_TEXTS.AUDIT_STATE, cell: (row) => clearingStatusText(row.state) },
  {
    id: 'message',
    header: CLEARING_STATUS_TEXTS.AUDIT_MESSAGE,
    cell: (row) => row.closing_message ?? <span className="cd-secondary-text">{CLEARING_STATUS_TEXTS.AUDIT_DEFAULT_MESSAGE}</span>,
    className: 'cd-audit__message',
  },
];

/** 'Recent changes': GET /api/admin/status/audit, newest first. */
export function ClearingAuditTable() {
  const audit = useClearingAudit();
  return (
    <section className="cd-audit" aria-labelledby="clearing-audit-heading">
      <h2 className="cd-heading-m" id="clearing-audit-heading">
        {CLEARING_STATUS_TEXTS.AUDIT_CAPTION}
      </h2>
      {audit.isPending ? (
        <Spinner label={CLEARING_STATUS_TEXTS.AUDIT_LOADING} />
      ) : audit.isError ? (
        <p className="cd-error-message" role="alert">
          {formatApiError(audit.error)}
        </p>
      ) : audit.data.rows.length === 0 ? (
        <p className="cd-body">{CLEARING_STATUS_TEXTS.AUDIT_EMPTY}</p>
      ) : (
        <div className="cd-table-container">
          <Table
            caption={CLEARING_STATUS_TEXTS.AUDIT_CAPTION}
            captionHidden
            columns={columns}
            rows={audit.data.rows}
            rowKey={(row) => `${row.at}-${row.username}-${row.state}-${row.closing_message ?? ''}`}
          />
        </div>
      )}
    </section>
  );
}
