import { DECISION_EMAIL_KIND_LABELS, EMAIL_HISTORY_TEXTS as E, FAILED_EMAILS_LIMIT, type FailedEmail } from '@clearing-desk/contracts';
import { Button, Notice, Spinner, Table, type TableColumn } from '@clearing-desk/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatApiError } from '@/lib/api-client';
import { useFailedEmails, useResendFailedEmail } from '../api/failed-emails';
import { FIGURES_SCREEN_TEXTS as T } from '../texts';

// UK time as the History shows it ('14/08/2025, 10:00:00').
const TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeStyle: 'medium', timeZone: 'Europe/London' });
const timeOf = (iso: string | null) => (iso ? TIME.format(new Date(iso)) : '');
const C = E.FAILED_LIST_COLUMNS;

/**
 * /staff/figures/failed-emails: the emails behind the figures' 'Emails that failed', newest first:
 * when and why each failed, the application (a link to it), whether it has been sent again, and
 * 'Resend' (the desk's: refused with its message when the user may not edit that application). The
 * outcome of a Resend is announced (role=status); the list then shows the resend's state.
 */
export function FailedEmails() {
  useDocumentTitle(E.FIGURES_FAILED);
  const list = useFailedEmails();
  const resend = useResendFailedEmail();
  const [outcome, setOutcome] = useState<{ text: string; error: boolean } | null>(null);

  const onResend = (email: FailedEmail) => {
    setOutcome(null);
    resend.mutate(email, {
      onSuccess: (answer) => setOutcome({ text: answer.message, error: false }),
      onError: (e) => setOutcome({ text: formatApiError(e), error: true }),
    });
  };

  const columns: TableColumn<FailedEmail>[] = [
    { id: 'failed', header: C.FAILED, cell: (e) => <time dateTime={e.failedAt ?? undefined}>{timeOf(e.failedAt)}</time> },
    {
      id: 'application',
      header: C.APPLICATION,
      cell: (e) => (
        <Link className="cd-link" to={paths.applicationEdit.getHref(e.studentId, e.ucasCode)}>
          {e.studentId} / {e.ucasCode}
        </Link>
      ),
    },
    { id: 'email', header: C.EMAIL, cell: (e) => `${DECISION_EMAIL_KIND_LABELS[e.kind]} ${E.to(e.recipient)}` },
    { id: 'why', header: C.WHY, cell: (e) => e.lastError ?? '' },
    { id: 'resent', header: C.RESENT, cell: (e) => (e.resent ? E.RESENT_STATE(e.resent) : E.FAILED_LIST_NOT_RESENT) },
    {
      id: 'action',
      header: C.ACTION,
      headerHidden: true,
      cell: (e) => (
        <Button
          variant="secondary"
          className="cd-button--small"
          disabled={resend.isPending}
          aria-label={`${E.RESEND}: ${DECISION_EMAIL_KIND_LABELS[e.kind]} ${E.to(e.recipient)}, ${timeOf(e.failedAt)}`}
          onClick={() => onResend(e)}
        >
          {E.RESEND}
        </Button>
      ),
    },
  ];

  return (
    <>
      <p className="cd-body">
        <Link className="cd-link" to={paths.staffFigures.getHref()}>
          {T.HEADING}
        </Link>
      </p>
      <h1 className="cd-heading-l">{E.FIGURES_FAILED}</h1>
      <p className="cd-body">{E.FAILED_LIST_INTRO}</p>
      {list.isPending && <Spinner label={E.FIGURES_FAILED} />}
      {list.isError && !list.data && <Notice variant="error">{formatApiError(list.error)}</Notice>}
      {list.data && list.data.emails.length === 0 && <p className="cd-body">{E.FAILED_LIST_NONE}</p>}
      {list.data && list.data.emails.length > 0 && (
        <>
          {list.data.more && <p className="cd-body">{E.FAILED_LIST_MORE(FAILED_EMAILS_LIMIT)}</p>}
          <div className="cd-table-container cd-failed-emails">
            <Table caption={E.FAILED_LIST_CAPTION} captionHidden columns={columns} rows={list.data.emails} rowKey={(e) => e.id} />
          </div>
        </>
      )}
      <p className={outcome?.error ? 'cd-error-message' : 'cd-body'} role="status">
        {outcome?.text}
      </p>
    </>
  );
}
