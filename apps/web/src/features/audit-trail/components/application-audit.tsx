import { AUDIT_ACTION_LABELS, AUDIT_SCREEN_LABELS, AUDIT_TEXTS } from '@clearing-desk/contracts';
import { Notice, Spinner, Table } from '@clearing-desk/ui';
import { formatApiError } from '@/lib/api-client';
import { useApplicationAudit } from '../api/application-audit';

// UK time as advisers read it, like the History LOG ('14/08/2025, 10:00:00').
const AUDIT_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeStyle: 'medium', timeZone: 'Europe/London' });

type ApplicationAuditProps = { studentId: string; ucasCode: string; csvHref: string };

/**
 * The application's audit for Administrators: who read it on which screen and who changed what,
 * newest first, with the download of the same rows as CSV.
 */
export function ApplicationAudit({ studentId, ucasCode, csvHref }: ApplicationAuditProps) {
  const query = useApplicationAudit(studentId, ucasCode);
  return (
    <section aria-labelledby="application-audit-heading" className="cd-application-audit">
      <h2 className="cd-heading-s" id="application-audit-heading">
        {AUDIT_TEXTS.HEADING}
      </h2>
      <p className="cd-body-s">{AUDIT_TEXTS.INTRO}</p>
      {query.isPending && <Spinner label={AUDIT_TEXTS.HEADING} />}
      {query.isError && (
        <Notice variant="error">
          <p className="cd-body">{formatApiError(query.error)}</p>
        </Notice>
      )}
      {query.data &&
        (query.data.rows.length === 0 ? (
          <p className="cd-body-s">{AUDIT_TEXTS.EMPTY}</p>
        ) : (
          <Table
            caption={AUDIT_TEXTS.HEADING}
            captionHidden
            rowKey={(r) => `${r.AT}-${r.USER}-${r.ACTION}-${r.DETAIL}`}
            rows={query.data.rows}
            columns={[
              { id: 'at', header: 'When', cell: (r) => AUDIT_TIME.format(new Date(r.AT)) },
              { id: 'user', header: 'Who', cell: (r) => r.USER },
              {
                id: 'action',
                header: 'What',
                cell: (r) => (r.SCREEN ? `${AUDIT_ACTION_LABELS[r.ACTION]}: ${AUDIT_SCREEN_LABELS[r.SCREEN]}` : AUDIT_ACTION_LABELS[r.ACTION]),
              },
              { id: 'detail', header: 'Detail', cell: (r) => r.DETAIL },
            ]}
          />
        ))}
      <p className="cd-body-s">
        <a className="cd-link" href={csvHref} download>
          {AUDIT_TEXTS.DOWNLOAD}
        </a>
      </p>
    </section>
  );
}
