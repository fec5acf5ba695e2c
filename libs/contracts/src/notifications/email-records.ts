import { z } from 'zod';
import { deskApplicationParamsSchema } from '../applications/desk';
import { emailAddressSchema } from '../rules/email-address-schema';
import { DECISION_EMAIL_KINDS } from './decision-content';

/**
 * Emails as notifications-svc records them and as staff see them in the
 * feedback panel's History: what, to whom, when queued, sent or failed and why.
 * - queued: waiting for (another) attempt; `lastError` says why the last one failed;
 * - sent: the SMTP server accepted it (`smtpResponse`, `sentAt`);
 * - failed: refused for good (a 5xx answer) or out of attempts (`failedAt`, `lastError`).
 */
export const EMAIL_STATES = ['queued', 'sent', 'failed'] as const;
export type EmailState = (typeof EMAIL_STATES)[number];

export const emailRecordSchema = z.object({
  id: z.uuid(),
  kind: z.enum(DECISION_EMAIL_KINDS),
  recipient: z.string(),
  subject: z.string(),
  state: z.enum(EMAIL_STATES),
  attempts: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
  smtpResponse: z.string().nullable(),
  queuedAt: z.string(),
  sentAt: z.string().nullable(),
  failedAt: z.string().nullable(),
  /** The email this one sends again (a staff 'Resend'), and who asked. */
  resendOf: z.uuid().nullable(),
  requestedBy: z.string().nullable(),
});
export type EmailRecord = z.infer<typeof emailRecordSchema>;

/** notifications-svc GET /emails?application_id= ; the gateway's GET /api/admin/applications/{s}/{c}/emails. */
export const emailListQuerySchema = z.object({ application_id: z.string().trim().min(1).max(32) });
export const emailListResponseSchema = z.object({ emails: z.array(emailRecordSchema) });
export type EmailListResponse = z.infer<typeof emailListResponseSchema>;

export const emailIdParamsSchema = z.object({ emailId: z.uuid() });

/** The gateway's POST /api/admin/applications/{student}/{course}/emails/{emailId}/resend. */
export const adminEmailParamsSchema = deskApplicationParamsSchema.extend(emailIdParamsSchema.shape);

/** Answer of the gateway's Resend: the new email, queued. */
export const resendEmailResponseSchema = z.object({ email: emailRecordSchema, message: z.string() });
export type ResendEmailResponse = z.infer<typeof resendEmailResponseSchema>;

/**
 * notifications-svc POST /emails/{emailId}/resend (from the gateway, after it checked that the
 * user may edit the application): the same email again, to the application's current address.
 */
export const resendEmailRequestSchema = z.object({
  applicationId: z.string().trim().min(1).max(32),
  recipient: emailAddressSchema,
  requestedBy: z.string().trim().min(1).max(64),
});
export type ResendEmailRequest = z.infer<typeof resendEmailRequestSchema>;

/** Counts of emails by state for some courses (the figures screen's failed emails). */
export const emailSummaryRequestSchema = z.object({ ucasCodes: z.array(z.string().min(1).max(32)).max(5000) });
export const emailSummarySchema = z.object({ queued: z.number().int(), sent: z.number().int(), failed: z.number().int() });
export type EmailSummary = z.infer<typeof emailSummarySchema>;

/** How many failed emails the figures' list shows at most (the newest). */
export const FAILED_EMAILS_LIMIT = 200;

/**
 * notifications-svc POST /emails/failed: the failed emails of some courses, newest first (the
 * figures' 'Emails that failed' list); the gateway asks for the courses the user may report on.
 */
export const failedEmailsRequestSchema = emailSummaryRequestSchema;
/**
 * One failed email on that list: the email, the application's desk keys (studentId, ucasCode: the
 * Resend and the link to the application) and the state of its newest resend (null: never resent).
 */
export const failedEmailSchema = emailRecordSchema.extend({
  studentId: z.string(),
  ucasCode: z.string(),
  resent: z.enum(EMAIL_STATES).nullable(),
});
export type FailedEmail = z.infer<typeof failedEmailSchema>;
/** The list, and whether more failed than it holds (FAILED_EMAILS_LIMIT). */
export const failedEmailsResponseSchema = z.object({ emails: z.array(failedEmailSchema), more: z.boolean() });
export type FailedEmailsResponse = z.infer<typeof failedEmailsResponseSchema>;

/** Texts of the History's email rows and the Resend action (staff). */
export const EMAIL_HISTORY_TEXTS = {
  HEADING: 'Emails',
  NONE: 'No emails yet.',
  RESEND: 'Resend',
  RESENT: 'The email is queued to be sent again.',
  /**
   * A queued email: 'Sending' until an attempt's outcome is known (the worker counts an attempt
   * when it starts it, so right after a save one may be under way); once one has failed, which
   * attempt and why.
   */
  queued: (attempts: number, error: string | null) =>
    attempts === 0 || error === null ? 'Sending' : `Waiting to retry (attempt ${attempts} failed: ${error})`,
  sent: (at: string) => `Sent ${at}`,
  failed: (error: string | null) => `Failed: ${error ?? 'unknown error'}`,
  to: (recipient: string) => `to ${recipient}`,
  FIGURES_FAILED: 'Emails that failed',
  FIGURES_WAITING: 'Emails waiting to be sent',
  FIGURES_UNAVAILABLE: 'Email figures are not available just now.',
  /** The figures' list of failed emails (its heading is FIGURES_FAILED). */
  FAILED_LIST_INTRO:
    'Emails the mail server refused for good or that ran out of attempts, newest first. Resend sends one again to the application’s current address.',
  FAILED_LIST_NONE: 'No email has failed.',
  FAILED_LIST_CAPTION: 'Emails that failed, newest first',
  FAILED_LIST_COLUMNS: { FAILED: 'Failed', APPLICATION: 'Application', EMAIL: 'Email', WHY: 'Why', RESENT: 'Sent again', ACTION: 'Action' },
  FAILED_LIST_NOT_RESENT: 'Not yet',
  FAILED_LIST_MORE: (limit: number) => `Showing the newest ${limit}.`,
  /** The state of a failed email's newest resend. */
  RESENT_STATE: (state: EmailState) => (state === 'sent' ? 'Sent again' : state === 'queued' ? 'Being sent again' : 'Sent again, failed again'),
  LOAD_FAILED: 'The emails could not be loaded just now. Try again in a minute.',
  /** The History LOG row of a staff Resend. */
  logResent: (subject: string, recipient: string) => `Email sent again: '${subject}' to ${recipient}.`,
} as const;
