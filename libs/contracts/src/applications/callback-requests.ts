import { z } from 'zod';
import { LIMITS } from '../common/limits';
import { callbackBookingSchema, callbackSlotsResponseSchema } from './callbacks';

/**
 * Calls asked for from the public course page by someone who has not applied (docs/domain/
 * work-queue.md "Callbacks"): their name, telephone and email, the page's course and one of the
 * free slots the status page offers (the same slots and capacity: callbacks.ts). A private link
 * (an unguessable token, like the status page's hash) shows the booking with Cancel and Change.
 * The words on screen and in the email are this module's and callbacks.ts's.
 */

/** Words of the course page's 'Ask us to call you', its answers, its private page and its email. */
export const CALLBACK_REQUEST_TEXTS = {
  INTRO: 'If you cannot get through to us, give us your details and choose a time: we will call you.',
  NAME_LABEL: 'Your name',
  TEL_LABEL: 'Telephone number',
  TEL_HINT: 'A UK number, or an international number starting with +',
  EMAIL_LABEL: 'Email address',
  EMAIL_HINT: 'We will send the booking to this address',
  NAME_MISSING: 'Enter your name',
  NAME_TOO_LONG: `Your name must be ${LIMITS.TEXT_MAX} characters or fewer`,
  TEL_INVALID: 'Enter a telephone number, like 01632 960 001, 07700 900 982 or +33 1 23 45 67 89',
  EMAIL_INVALID: 'Enter an email address in the correct format, like name@example.com',
  START_MISSING: 'Choose a time for us to call you',
  ERROR_SUMMARY: 'There is a problem',
  /** Under the confirmation on the course page: where the booking and its private link went. */
  emailSent: (email: string) => `We have emailed the booking to ${email}, with a link to change or cancel the call.`,
  /** The private page (the email's link): its heading, and its answer to a link that names no booking. */
  PAGE_HEADING: 'Your call from the Clearing team',
  NOT_FOUND: 'We cannot find this booked call. The link may be wrong, or the call was for an earlier day.',
  /** The booking's email: the number the caller gave (not an application's), and the private link. */
  EMAIL_PHONE: 'We will ring the telephone number you gave us. Please keep your phone with you at that time.',
  EMAIL_CHANGE: 'Change or cancel the call',
  CANCEL_EMAIL_REBOOK: 'Book another time',
  /** The adviser's screen when 'Next call' hands out a booked call without an application. */
  PHONE_ENTRY_NOTE: 'The caller has not applied: their details are filled in from the booking. Saving the application closes the call.',
} as const;

const T = CALLBACK_REQUEST_TEXTS;

/**
 * A telephone number we can ring: a UK number (0 and 9 or 10 digits, or +44 / 0044 and 9 or 10
 * digits) or an international one (+ or 00, then a country code and up to 15 digits in all, ITU-T
 * E.164). Spaces, dots, hyphens and brackets between digits are allowed.
 */
export function isCallbackTelephone(value: string): boolean {
  const v = value.trim();
  if (!/^\+?[\d\s().-]+$/.test(v)) return false;
  const digits = v.replace(/[\s().-]/g, '');
  if (/^0\d{9,10}$/.test(digits)) return true;
  if (/^(?:\+|00)44\d{9,10}$/.test(digits)) return true;
  return /^(?:\+|00)[1-9]\d{6,14}$/.test(digits);
}

/** The caller's details, checked the same way on screen and by the service (bad input: 400 with the first message). */
export const callbackCallerSchema = z.object({
  NAME: z.string().trim().min(1, T.NAME_MISSING).max(LIMITS.TEXT_MAX, T.NAME_TOO_LONG),
  TEL: z.string().trim().max(LIMITS.PHONE_MAX, T.TEL_INVALID).refine(isCallbackTelephone, T.TEL_INVALID),
  EMAIL: z.string().trim().max(LIMITS.EMAIL_MAX, T.EMAIL_INVALID).pipe(z.email(T.EMAIL_INVALID)),
});
export type CallbackCaller = z.infer<typeof callbackCallerSchema>;

/** Body of the course page's booking: the caller, the page's course and the slot starting at START (one of the free slots). */
export const callbackRequestSchema = callbackCallerSchema.extend({
  UCAS_CODE: z.string().trim().min(1).max(16),
  START: z.string({ error: T.START_MISSING }).datetime({ offset: true, error: T.START_MISSING }),
});
export type CallbackRequest = z.infer<typeof callbackRequestSchema>;

/**
 * What the gateway sends applications-svc: the request, with the course's SCHOOL and DEPT read from
 * courses-svc (the queue hands the call to advisers in that scope).
 */
export const storeCallbackRequestSchema = callbackRequestSchema.extend({ SCHOOL: z.string().max(16), DEPT: z.string().max(16) });
export type StoreCallbackRequest = z.infer<typeof storeCallbackRequestSchema>;

/** Answer of a booking from the course page: the booking in words and the private link's token. */
export const callbackRequestBookedSchema = callbackBookingSchema.extend({ TOKEN: z.string() });
export type CallbackRequestBooked = z.infer<typeof callbackRequestBookedSchema>;

/** The private link's token (64 hex characters, as the status page's hash). */
export const callbackTokenParamsSchema = z.object({ token: z.string().trim().min(1).max(128) });

/** The private page: the free slots and the caller's booking (null once cancelled or called), as the status page's. */
export const callbackRequestPageSchema = callbackSlotsResponseSchema;

/**
 * What 'Next call' carries for a booked call without an application: the caller's details and
 * course, which prefill the phone-entry form; CALLBACK_ID goes back with the saved application.
 */
export const queueCallerSchema = z.object({ CALLBACK_ID: z.string(), NAME: z.string(), TEL: z.string(), EMAIL: z.string(), UCAS_CODE: z.string() });
export type QueueCaller = z.infer<typeof queueCallerSchema>;

/** The caller's NAME split for the application form: the last word the family name, the rest the given names. */
export function splitCallerName(name: string): { NAME1: string; NAME2: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { NAME1: words[0] ?? '', NAME2: '' };
  return { NAME1: words.slice(0, -1).join(' '), NAME2: words[words.length - 1]! };
}

/** The phone-entry form's answers prefilled from a caller 'Next call' handed out: names, email and telephone. */
export function callerFormValues(caller: QueueCaller): { NAME1: string; NAME2: string; EMAIL: string; TEL1: string } {
  return { ...splitCallerName(caller.NAME), EMAIL: caller.EMAIL, TEL1: caller.TEL };
}
