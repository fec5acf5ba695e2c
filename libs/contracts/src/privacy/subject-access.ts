import { z } from 'zod';

/**
 * Subject access (UK GDPR Article 15): every stored row that names a person, table by table, as
 * each service holds it (every column; times as ISO 8601). Each service walks its own map of
 * personal tables (db/personal-data.ts), so a new table or column is exported or its test fails.
 */
export const subjectAccessTablesSchema = z.record(z.string(), z.array(z.record(z.string(), z.unknown())));
export type SubjectAccessTables = z.infer<typeof subjectAccessTablesSchema>;

/** Who: an email address (matched trimmed and lower-cased) and/or a UCAS Personal ID. */
export const subjectAccessQuerySchema = z
  .object({
    email: z.string().trim().max(256).optional(),
    ucas_personal_id: z.string().trim().max(32).optional(),
    _: z.string().optional(),
  })
  .refine((q) => Boolean(q.email || q.ucas_personal_id), { message: 'Enter an email address or a UCAS Personal ID.' });

/** applications-svc's answer: its tables, and the keys the other services hold the person's data under. */
export const applicationsSubjectAccessSchema = z.object({
  tables: subjectAccessTablesSchema,
  /** APPLICATION_IDs (notifications-svc's emails). */
  applicationIds: z.array(z.string()),
  /** SUBMISSION_IDs (files-svc's uploads are owned by them). */
  submissionIds: z.array(z.string()),
});
export type ApplicationsSubjectAccess = z.infer<typeof applicationsSubjectAccessSchema>;

/** A service's part of an export by the keys applications-svc found. */
export const subjectAccessKeysSchema = z.object({
  applicationIds: z.array(z.string().max(32)).max(10_000),
  submissionIds: z.array(z.string().max(64)).max(10_000),
});
export const subjectAccessPartSchema = z.object({ tables: subjectAccessTablesSchema });

export const SUBJECT_ACCESS_TEXTS = {
  TITLE: 'Subject access export',
  FILE_NAME: 'subject-access.zip',
  INDEX_HEADING: 'Subject access export: everything Clearing Desk holds about this person',
  NOT_FOUND: 'No one with this email address or UCAS Personal ID is held.',
  FORBIDDEN: 'Only an Administrator over all courses can export or erase a person.',
} as const;

/** The readable index of an export: what was asked, when, and each file with its rows and columns. */
export function subjectAccessIndex(asked: { email?: string; ucas_personal_id?: string }, at: Date, parts: Record<string, SubjectAccessTables>): string {
  const lines = [
    SUBJECT_ACCESS_TEXTS.INDEX_HEADING,
    '',
    `Asked for: ${[asked.email, asked.ucas_personal_id].filter(Boolean).join(', ')}`,
    `Made: ${at.toISOString()}`,
    '',
  ];
  for (const [service, tables] of Object.entries(parts)) {
    for (const [table, rows] of Object.entries(tables)) {
      const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
      lines.push(`${service}/${table}.json: ${rows.length} row${rows.length === 1 ? '' : 's'}${columns.length ? ` (${columns.join(', ')})` : ''}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
