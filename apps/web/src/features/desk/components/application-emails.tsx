import { DECISION_EMAIL_KIND_LABELS, EMAIL_HISTORY_TEXTS, type EmailRecord } from '@clearing-desk/contracts';
import { Button } from '@clearing-desk/ui';
import { useState } from 'react';
import { formatApiError } from '@/lib/api-client';
import { useApplicationEmails, useResendApplicationEmail } from '../api/application-emails';

// UK time as advisers read it, like the History LOG ('14/08/2025, 10:00:00').
const EMAIL_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeStyle: 'medium', timeZone: 'Europe/London' });
const emailTime = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : EMAIL_TIME.format(date);
};

/** What happened to an email, in the History's words: queued, waiting to retry (and why), sent (when), failed (why). */
export function emailStateText(email: EmailRecord): string {
  if (email.state === 'sent') return EMAIL_HISTORY_TEXTS.sent(emailTime(email.sentAt ?? email.queuedAt));
  if (email.state === 'failed') return EMAIL_HISTORY_TEXTS.failed(email.lastError);
  return EMAIL_HISTORY_TEXTS.queued(email.attempts, email.lastError);
}

type ApplicationEmailsProps = {
  studentId: string;
  ucasCode: string;
  /** The user may edit the application (spec section 3): only then is 'Resend' offered. */
  canResend: boolean;
};

/**
 * The feedback panel's email rows: each decision email of the application, what
 * it was, to whom, when it was queued and whether it was sent or failed and why, with 'Resend' for
 * users who may edit the application. The outcome of a Resend is announced (role=status).
 */
export function ApplicationEmails({ studentId, ucasCode, canResend }: ApplicationEmailsProps) {
  const emails = useApplicationEmails(studentId, ucasCode);
  const resend = useResendApplicationEmail(studentId, ucasCode);
  const [outcome, setOutcome] = useState<{ text: string; error: boolean } | null>(null);

  const onResend = (id: string) => {
    setOutcome(null);
    resend.mutate(id, {
      onSuccess: (answer) => setOutcome({ text: answer.message, error: false }),
      onError: (e) => setOutcome({ text: formatApiError(e), error: true }),
    });
  };

  return (
    <section className="cd-application-emails" aria-labelledby="application-emails-heading">
      <h3 className="cd-heading-s" id="application-emails-heading">
        {EMAIL_HISTORY_TEXTS.HEADING}
      </h3>
      {emails.isError && !emails.data && <p className="cd-body">{EMAIL_HISTORY_TEXTS.LOAD_FAILED}</p>}
      {emails.data && emails.data.emails.length === 0 && <p className="cd-body">{EMAIL_HISTORY_TEXTS.NONE}</p>}
      {emails.data && emails.data.emails.length > 0 && (
        <ol className="cd-list cd-application-emails__list" aria-labelledby="application-emails-heading">
          {emails.data.emails.map((email) => (
            <li key={email.id}>
              <time dateTime={email.queuedAt}>{emailTime(email.queuedAt)}</time> {DECISION_EMAIL_KIND_LABELS[email.kind]}{' '}
              {EMAIL_HISTORY_TEXTS.to(email.recipient)}: {emailStateText(email)}
              {email.requestedBy && ` (${email.requestedBy})`}
              {canResend && (
                <>
                  {' '}
                  <Button
                    variant="secondary"
                    className="cd-button--small"
                    disabled={resend.isPending}
                    aria-label={`${EMAIL_HISTORY_TEXTS.RESEND}: ${DECISION_EMAIL_KIND_LABELS[email.kind]} ${EMAIL_HISTORY_TEXTS.to(email.recipient)}, ${emailTime(email.queuedAt)}`}
                    onClick={() => onResend(email.id)}
                  >
                    {EMAIL_HISTORY_TEXTS.RESEND}
                  </Button>
                </>
              )}
            </li>
          ))}
        </ol>
      )}
      <p className={outcome?.error ? 'cd-error-message' : 'cd-body'} role="status">
        {outcome?.text}
      </p>
    </section>
  );
}
