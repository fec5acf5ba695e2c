import { LIMITS } from '../common/limits';

/**
 * The words and plain rules of calls booked from the course page without an application
 * (callback-requests.ts has their schemas), in a module without zod: the course page and the
 * phone entry read them before any booking screen loads.
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

/** The caller's NAME split for the application form: the last word the family name, the rest the given names. */
export function splitCallerName(name: string): { NAME1: string; NAME2: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { NAME1: words[0] ?? '', NAME2: '' };
  return { NAME1: words.slice(0, -1).join(' '), NAME2: words[words.length - 1]! };
}

/** The phone-entry form's answers prefilled from a caller 'Next call' handed out: names, email and telephone. */
export function callerFormValues(caller: { NAME: string; TEL: string; EMAIL: string }): { NAME1: string; NAME2: string; EMAIL: string; TEL1: string } {
  return { ...splitCallerName(caller.NAME), EMAIL: caller.EMAIL, TEL1: caller.TEL };
}
