import {
  CALLBACK_REQUEST_TEXTS,
  CALLBACK_TEXTS,
  callbackCancellation,
  callbackConfirmation,
  callbackRequestPagePath,
  DECISION_EMAIL_TEXTS,
  type CallbackEmailPayload,
} from '@clearing-desk/contracts';
import { render } from '@react-email/render';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { EmailAttachment } from '../db/schema';
import { CallbackEmail } from '../templates/callback-email';
import { oneLine, statusPageUrl, type RenderContext } from './render-email';

export type RenderedCallbackEmail = { kind: 'CALLBACK'; subject: string; html: string; text: string; attachments: EmailAttachment[] };

/** What the callback's .ics needs besides the payload: the links' address, and the sender (the event's organizer, RFC 5546). */
export type CallbackIcsContext = Pick<RenderContext, 'publicUrl'> & { mailFrom?: string | undefined };

/** The address of a From header ('Clearing Desk <clearing@university.example>' or a bare address); null when none is found. */
const addressOf = (from: string): { name: string; email: string } | null => {
  const angled = /^\s*"?([^"<]*?)"?\s*<([^>\s]+@[^>\s]+)>\s*$/.exec(from);
  if (angled) return { name: angled[1]!.trim() || angled[2]!, email: angled[2]! };
  const bare = from.trim();
  return /^[^\s@]+@[^\s@]+$/.test(bare) ? { name: bare, email: bare } : null;
};

/**
 * Where the email sends the applicant to change or cancel the call: the status page, or for a call
 * booked without an application (`token`) its private page.
 */
const manageUrl = (payload: CallbackEmailPayload, publicUrl: string): string =>
  payload.token ? `${publicUrl}${callbackRequestPagePath(payload.token)}` : statusPageUrl(publicUrl, payload.hash);

/**
 * The calendar invitation of a callback (RFC 5545, made by ical-generator): one event from the
 * slot's start to its end, in UTC. Its UID is the application's event (`eventId`; rows written
 * before it existed: the booking's own), so a moved booking (a higher SEQUENCE) replaces the
 * calendar's copy, and a cancellation is METHOD:CANCEL with STATUS:CANCELLED (RFC 5546 3.2.5).
 */
export function callbackIcs(payload: CallbackEmailPayload, ctx: CallbackIcsContext): string {
  const domain = new URL(ctx.publicUrl).hostname || 'clearing-desk.invalid';
  const cancelled = payload.action === 'cancelled';
  const calendar = ical({
    name: CALLBACK_TEXTS.ICS_SUMMARY,
    prodId: { company: 'Clearing Desk', product: 'callbacks' },
    method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
  });
  const organizer = ctx.mailFrom ? addressOf(ctx.mailFrom) : null;
  const sentence = cancelled
    ? callbackCancellation(new Date(payload.start), new Date(payload.end))
    : `${callbackConfirmation(new Date(payload.start), new Date(payload.end))}. ${payload.token ? CALLBACK_REQUEST_TEXTS.EMAIL_PHONE : CALLBACK_TEXTS.EMAIL_PHONE}`;
  calendar.createEvent({
    id: `callback-${payload.eventId ?? payload.bookingId}@${domain}`,
    sequence: payload.sequence,
    start: new Date(payload.start),
    end: new Date(payload.end),
    stamp: new Date(payload.bookedAt),
    summary: CALLBACK_TEXTS.ICS_SUMMARY,
    description: cancelled ? `${sentence}.` : sentence,
    url: manageUrl(payload, ctx.publicUrl),
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    ...(organizer ? { organizer } : {}),
  });
  return calendar.toString();
}

/**
 * Renders a callback's email (subject, HTML, text) and its .ics: the booking's confirmation, or
 * its cancellation (the same sentence the status page shows, contracts callbackCancellation). A
 * call booked from the course page without an application links to its private page instead.
 * Pure: the same payload renders the same email.
 */
export async function renderCallbackEmail(payload: CallbackEmailPayload, ctx: RenderContext & { mailFrom?: string }): Promise<RenderedCallbackEmail> {
  const cancelled = payload.action === 'cancelled';
  const start = new Date(payload.start);
  const end = new Date(payload.end);
  const subject = oneLine(cancelled ? CALLBACK_TEXTS.CANCEL_EMAIL_SUBJECT : CALLBACK_TEXTS.EMAIL_SUBJECT);
  // A call booked without an application: the number the caller gave, and its private page.
  const texts = payload.token
    ? { phone: CALLBACK_REQUEST_TEXTS.EMAIL_PHONE, change: CALLBACK_REQUEST_TEXTS.EMAIL_CHANGE, rebook: CALLBACK_REQUEST_TEXTS.CANCEL_EMAIL_REBOOK }
    : { phone: CALLBACK_TEXTS.EMAIL_PHONE, change: CALLBACK_TEXTS.EMAIL_CHANGE, rebook: CALLBACK_TEXTS.CANCEL_EMAIL_REBOOK };
  const element = (
    <CallbackEmail
      subject={subject}
      greeting={DECISION_EMAIL_TEXTS.greeting(payload.applicant.NAME1)}
      heading={cancelled ? CALLBACK_TEXTS.CANCEL_EMAIL_HEADING : CALLBACK_TEXTS.EMAIL_HEADING}
      confirmation={cancelled ? callbackCancellation(start, end) : callbackConfirmation(start, end)}
      phoneNote={cancelled ? null : texts.phone}
      statusUrl={manageUrl(payload, ctx.publicUrl)}
      changeLabel={cancelled ? texts.rebook : texts.change}
      signOff={DECISION_EMAIL_TEXTS.SIGN_OFF}
    />
  );
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  const method = cancelled ? 'CANCEL' : 'PUBLISH';
  const attachments = [
    { filename: CALLBACK_TEXTS.ICS_FILENAME, contentType: `text/calendar; charset=utf-8; method=${method}`, content: callbackIcs(payload, ctx) },
  ];
  return { kind: 'CALLBACK', subject, html, text, attachments };
}
