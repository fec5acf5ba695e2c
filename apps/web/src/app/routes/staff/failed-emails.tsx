import { canViewFigures, EMAIL_HISTORY_TEXTS, FIGURES_TEXTS } from '@clearing-desk/contracts';
import { FailedEmails } from '@/features/figures/components/failed-emails';
import { useUser } from '@/lib/auth';

/** /staff/figures/failed-emails: the emails behind the figures' 'Emails that failed', for users with view-report. */
export function FailedEmailsRoute() {
  const user = useUser();
  if (!canViewFigures(user)) {
    return (
      <>
        <h1 className="cd-heading-l">{EMAIL_HISTORY_TEXTS.FIGURES_FAILED}</h1>
        <p className="cd-body">{FIGURES_TEXTS.FORBIDDEN}</p>
      </>
    );
  }
  return <FailedEmails />;
}

export { FailedEmailsRoute as Component };
