import { DECISION_EMAIL_TEXTS, UCAS_TEXTS, ucasReminderDeadline, type UcasReminderEmailPayload } from '@clearing-desk/contracts';
import { render } from '@react-email/render';
import { CallbackEmail } from '../templates/callback-email';
import { oneLine, statusPageUrl, type RenderContext } from './render-email';

export type RenderedUcasReminderEmail = { kind: 'UCAS_REMINDER'; subject: string; html: string; text: string; attachments: [] };

/**
 * Renders the one reminder of an offer not yet added in UCAS Hub and within the lapsing hours of
 * its deadline (docs/domain/ucas-reconciliation.md): the deadline first, then the action and the
 * status page with the UCAS Hub steps. The words are the contracts' UCAS_TEXTS; the one-notice
 * layout is the callback confirmation's. Pure: the same payload renders the same email.
 */
export async function renderUcasReminderEmail(payload: UcasReminderEmailPayload, ctx: Pick<RenderContext, 'publicUrl'>): Promise<RenderedUcasReminderEmail> {
  const subject = oneLine(UCAS_TEXTS.REMINDER_SUBJECT);
  const deadline = ucasReminderDeadline(new Date(payload.deadline));
  const element = (
    <CallbackEmail
      subject={subject}
      greeting={DECISION_EMAIL_TEXTS.greeting(payload.applicant.NAME1)}
      heading={UCAS_TEXTS.REMINDER_HEADING}
      confirmation={deadline.replace(/\.$/, '')}
      phoneNote={UCAS_TEXTS.REMINDER_ACTION}
      statusUrl={statusPageUrl(ctx.publicUrl, payload.hash)}
      changeLabel={UCAS_TEXTS.REMINDER_LINK}
      signOff={DECISION_EMAIL_TEXTS.SIGN_OFF}
    />
  );
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { kind: 'UCAS_REMINDER', subject, html, text, attachments: [] };
}
