import { CALLBACK_TEXTS, callbackConfirmation, DECISION_EMAIL_TEXTS, type CallbackEmailPayload } from '@clearing-desk/contracts';
import { render } from '@react-email/render';
import ical from 'ical-generator';
import type { EmailAttachment } from '../db/schema';
import { CallbackEmail } from '../templates/callback-email';
import { oneLine, statusPageUrl, type RenderContext } from './render-email';

export type RenderedCallbackEmail = { kind: 'CALLBACK'; subject: string; html: string; text: string; attachments: EmailAttachment[] };

/**
 * The calendar invitation of a booked callback (RFC 5545, made by ical-generator): one event
 * from the slot's start to its end, in UTC, keyed by the booking so a calendar replaces a moved
 * one's copy only when it is the same booking.
 */
export function callbackIcs(payload: CallbackEmailPayload, ctx: Pick<RenderContext, 'publicUrl'>): string {
  const domain = new URL(ctx.publicUrl).hostname || 'clearing-desk.invalid';
  const calendar = ical({ name: CALLBACK_TEXTS.ICS_SUMMARY, prodId: { company: 'Clearing Desk', product: 'callbacks' } });
  calendar.createEvent({
    id: `callback-${payload.bookingId}@${domain}`,
    start: new Date(payload.start),
    end: new Date(payload.end),
    stamp: new Date(payload.bookedAt),
    summary: CALLBACK_TEXTS.ICS_SUMMARY,
    description: `${callbackConfirmation(new Date(payload.start), new Date(payload.end))}. ${CALLBACK_TEXTS.EMAIL_PHONE}`,
    url: statusPageUrl(ctx.publicUrl, payload.hash),
  });
  return calendar.toString();
}

/** Renders a booked callback's confirmation (subject, HTML, text) and its .ics; pure: the same payload renders the same email. */
export async function renderCallbackEmail(payload: CallbackEmailPayload, ctx: RenderContext): Promise<RenderedCallbackEmail> {
  const subject = oneLine(CALLBACK_TEXTS.EMAIL_SUBJECT);
  const element = (
    <CallbackEmail
      subject={subject}
      greeting={DECISION_EMAIL_TEXTS.greeting(payload.applicant.NAME1)}
      heading={CALLBACK_TEXTS.EMAIL_HEADING}
      confirmation={callbackConfirmation(new Date(payload.start), new Date(payload.end))}
      phoneNote={CALLBACK_TEXTS.EMAIL_PHONE}
      statusUrl={statusPageUrl(ctx.publicUrl, payload.hash)}
      changeLabel={CALLBACK_TEXTS.EMAIL_CHANGE}
      signOff={DECISION_EMAIL_TEXTS.SIGN_OFF}
    />
  );
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  const attachments = [
    { filename: CALLBACK_TEXTS.ICS_FILENAME, contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: callbackIcs(payload, ctx) },
  ];
  return { kind: 'CALLBACK', subject, html, text, attachments };
}
