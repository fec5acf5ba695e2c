import { z } from 'zod';
import type { ApplicationStatus } from '../status/status-codes';
import { subjectAccessKeysSchema } from './subject-access';

/**
 * Erasure on request (UK GDPR Article 17): an Administrator over all courses finds the person by
 * email or UCAS Personal ID, names the ticket and the reason, and every service removes the
 * person's personal fields. Applications are anonymised (rows kept, so the figures keep counting
 * them); uploads and their stored files are deleted. The erasure is keyed by its TICKET: asking
 * again with the same ticket repeats the other services' parts and changes nothing twice.
 */

/** Statuses a retention rule keeps (Article 17(3)): an offer still live holds a place in the ledger (domain.md "Places"). */
export const ERASURE_BLOCKING_STATUSES = ['O'] as const satisfies readonly ApplicationStatus[];

export const ERASURE_TEXTS = {
  TITLE: 'Erase a person',
  INTRO: 'Removes the personal details held about this person from every service. Their applications stay anonymised, so figures still count them.',
  TICKET_LABEL: 'Ticket reference',
  TICKET_HINT: 'The reference of the erasure request in the data protection log, for example DP-2025-0142.',
  REASON_LABEL: 'Reason',
  REASON_HINT: 'Why the data is erased. Do not name the person: this is kept in the audit trail.',
  SUBMIT: 'Erase this person',
  CONFIRM_HEADING: 'Erase this person permanently?',
  confirmBody: (who: string) => `Every personal detail held about ${who} will be removed from every service. This cannot be undone.`,
  CONFIRM: 'Erase permanently',
  CANCEL: 'Cancel',
  done: (applications: number, emails: number, files: number) =>
    `Erased: ${applications} application${applications === 1 ? '' : 's'} anonymised, ${emails} email${emails === 1 ? '' : 's'} and ${files} upload${files === 1 ? '' : 's'} removed.`,
  WHO_REQUIRED: 'Enter an email address or a UCAS Personal ID',
  TICKET_REQUIRED: 'Enter the ticket reference',
  TICKET_TOO_LONG: 'The ticket reference must be 64 characters or fewer',
  REASON_REQUIRED: 'Enter the reason',
  REASON_TOO_LONG: 'The reason must be 500 characters or fewer',
  /** The 409 of an offer still live (the retention rule of ERASURE_BLOCKING_STATUSES). */
  blockedByOffer: (courses: readonly string[]) =>
    `This person holds a live offer (${courses.join(', ')}): an offered place is kept while it stands. Withdraw the offer first, then erase.`,
  /** What stands in every erased text field. */
  ERASED: 'Erased',
  /** The audit trail's entry: the ticket and the reason only, never who was erased. */
  auditDetail: (ticket: string, reason: string) => `Ticket ${ticket}: ${reason}`,
} as const;

/** POST /api/admin/erasure's data. */
export const erasureRequestSchema = z
  .object({
    EMAIL: z.string().trim().max(256).optional(),
    UCAS_PERSONAL_ID: z.string().trim().max(32).optional(),
    TICKET: z.string().trim().min(1, { message: ERASURE_TEXTS.TICKET_REQUIRED }).max(64, { message: ERASURE_TEXTS.TICKET_TOO_LONG }),
    REASON: z.string().trim().min(1, { message: ERASURE_TEXTS.REASON_REQUIRED }).max(500, { message: ERASURE_TEXTS.REASON_TOO_LONG }),
  })
  .refine((r) => Boolean(r.EMAIL || r.UCAS_PERSONAL_ID), { message: ERASURE_TEXTS.WHO_REQUIRED, path: ['EMAIL'] });
export type ErasureRequest = z.infer<typeof erasureRequestSchema>;

/** applications-svc's part: what it anonymised and the keys the other services hold the person under. */
export const applicationsErasureSchema = z.object({
  TICKET: z.string(),
  applications: z.number().int().nonnegative(),
  /** APPLICATION_IDs (notifications-svc's emails). */
  applicationIds: z.array(z.string()),
  /** SUBMISSION_IDs (files-svc's uploads). */
  submissionIds: z.array(z.string()),
  /** The decision emails' outbox ids: notifications-svc's queue jobs of them (payloads in Redis) are removed too. */
  outboxIds: z.array(z.string()),
});
export type ApplicationsErasure = z.infer<typeof applicationsErasureSchema>;

/** What notifications-svc and files-svc erase by: the person's keys and the decision emails' outbox ids (BullMQ job ids). */
export const erasureKeysSchema = subjectAccessKeysSchema.extend({ outboxIds: z.array(z.string().max(64)).max(10_000).default([]) });

/** notifications-svc's and files-svc's part: how many rows they cleared. */
export const erasurePartSchema = z.object({ rows: z.number().int().nonnegative() });

/** The answer to the Administrator. */
export const erasureResultSchema = z.object({
  TICKET: z.string(),
  APPLICATIONS: z.number().int().nonnegative(),
  EMAILS: z.number().int().nonnegative(),
  FILES: z.number().int().nonnegative(),
});
export type ErasureResult = z.infer<typeof erasureResultSchema>;

/** Form fields of an application that name or describe the person, removed from the stored form on erasure. */
export const PERSONAL_FORM_FIELDS = [
  'NAME1',
  'NAME2',
  'EMAIL',
  'UCAS_PERSONAL_ID',
  'NATIONALITY',
  'VISA_TYPE',
  'TEL1',
  'TEL2',
  'DOB',
  'POSTCODE',
  'NOTES',
  'PREVIOUS_STUDY_NOTES',
] as const;
