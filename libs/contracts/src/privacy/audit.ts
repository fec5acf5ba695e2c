import { z } from 'zod';

/**
 * The audit trail of staff access (UK GDPR accountability): who read an application, on which
 * screen and when, beside the writes the History LOG records; staff sign-ins and role changes.
 */
export const AUDIT_SCREENS = ['application', 'visa', 'emails', 'document'] as const;
export const auditScreenSchema = z.enum(AUDIT_SCREENS);
export type AuditScreen = z.infer<typeof auditScreenSchema>;

/** The screen a staff read of an application is recorded under, by the gateway route that read it. */
export const AUDIT_SCREEN_LABELS: Record<AuditScreen, string> = {
  application: 'Application',
  visa: 'Visa',
  emails: 'Emails',
  document: 'Document download',
};

export const AUDIT_ACTIONS = ['READ', 'WRITE', 'SIGN_IN', 'SIGN_OUT', 'ROLE_CHANGE', 'ERASURE'] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditActionSchema>;

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  READ: 'Read',
  WRITE: 'Change',
  SIGN_IN: 'Signed in',
  SIGN_OUT: 'Signed out',
  ROLE_CHANGE: 'Roles changed',
  ERASURE: 'Erased a person',
};

/** The query of the staff read (GET /desk/applications/{student}/{course}): the screen makes it an audited read. */
export const deskReadQuerySchema = z.object({ screen: auditScreenSchema.optional() });

/** A staff event outside any application, recorded by the gateway: a sign-in, a sign-out or a change of roles. */
export const staffAuditEventSchema = z.object({
  ACTION: z.enum(['SIGN_IN', 'SIGN_OUT', 'ROLE_CHANGE']),
  USERNAME: z.string().trim().min(1).max(64),
  /** e.g. the roles after a change, 'directory' or 'oidc' for a sign-in. */
  DETAIL: z.string().max(2000).default(''),
});
export type StaffAuditEvent = z.input<typeof staffAuditEventSchema>;

/** One row of an audit: when, who, what (read, change, sign-in...), on which screen, about which application, and its detail. */
export const auditItemSchema = z.object({
  AT: z.string(),
  USER: z.string(),
  ACTION: auditActionSchema,
  SCREEN: auditScreenSchema.nullable(),
  /** 'STUDENT_ID/UCAS_CODE' of the application, or null for sign-ins, role changes and erasures. */
  APPLICATION: z.string().nullable(),
  DETAIL: z.string(),
});
export type AuditItem = z.infer<typeof auditItemSchema>;
export const auditListSchema = z.object({ rows: z.array(auditItemSchema) });
export type AuditList = z.infer<typeof auditListSchema>;

/** The export's filter: one application, or a time range (ISO 8601), else everything (at most AUDIT_EXPORT_MAX rows). */
export const auditExportQuerySchema = z.object({
  student: z.string().trim().max(32).optional(),
  course: z.string().trim().max(32).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  _: z.string().optional(),
});
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;
export const AUDIT_EXPORT_MAX = 100_000;

export const AUDIT_TEXTS = {
  HEADING: 'Audit',
  INTRO: 'Every read and change of this application by staff, newest first.',
  DOWNLOAD: 'Download the audit (CSV)',
  EMPTY: 'No staff access recorded yet.',
  FORBIDDEN: 'Only an Administrator can see the audit.',
} as const;

/** The audit as CSV (RFC 4180): a header row, then one row per item, every value quoted. */
export function auditCsv(rows: readonly AuditItem[]): string {
  const quote = (v: string | null) => `"${(v ?? '').replaceAll('"', '""')}"`;
  const header = ['AT', 'USER', 'ACTION', 'SCREEN', 'APPLICATION', 'DETAIL'];
  return [header.join(','), ...rows.map((r) => [r.AT, r.USER, r.ACTION, r.SCREEN, r.APPLICATION, r.DETAIL].map(quote).join(','))].join('\r\n') + '\r\n';
}
