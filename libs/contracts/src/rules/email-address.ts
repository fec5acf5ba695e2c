import { LIMITS } from '../common/limits';

// Characters an address may not hold: white space, control characters and '@' (one '@' splits local part and
// domain), and the delimiters nodemailer's address parser reads as structure (a ',' or ';' starts
// a second recipient, '<>' a display name, '()' a comment, '"' a quoted string, '[]' a literal).
const CHARS = String.raw`[^\s\x00-\x1f\x7f@<>()[\]\\,;:".]+`;
// Dot-separated runs of those (no leading, trailing or doubled dot); the domain needs two or more.
const ADDRESS = new RegExp(String.raw`^(?=[^@]{1,64}@)${CHARS}(?:\.${CHARS})*@${CHARS}(?:\.${CHARS})+$`);

/**
 * Whether `value` (trimmed by the caller) is an email address the mailer can send to: one '@',
 * a local part of 1 to 64 characters, a domain with at least one dot, neither starting or ending
 * with a dot nor holding two dots in a row (SMTP's dot-atom, RFC 5321 4.1.2 and 4.5.3.1.1), and
 * none of the characters nodemailer would read as a second recipient, a name or a comment.
 * Non-ASCII letters are let through (nodemailer encodes the domain; an SMTPUTF8 server takes
 * them). The one email-address check: the application form (public and staff), the resend
 * request and notifications-svc's mailer all use it, so the form never takes an address the
 * mailer then refuses for good. No zod here: /apply's first load runs it.
 */
export const isEmailAddress = (value: string): boolean => value.length <= LIMITS.EMAIL_MAX && ADDRESS.test(value);

/**
 * An email address as people are matched by (domain.md "Public submissions": a returning person is
 * found by trimmed, lower-cased email): applications-svc's students and duplicate rule, its
 * listing and subject access, and the gateway's per-applicant rate limits.
 */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();
