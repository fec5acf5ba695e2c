import { inArray, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import * as schema from './schema';

/**
 * Personal data in this service's schema: each table by its SQL name with how one person's rows
 * are found (by their APPLICATION_IDs), or null for a table that names no one. Subject access
 * exports every column, erasure and retention clear `personalColumns`; the tests check every table
 * of the schema is listed and every personal column cleared.
 */
export const PERSONAL_TABLES: Record<
  string,
  { table: PgTable; rowsOf: (keys: { applicationIds: string[] }) => SQL; personalColumns: readonly string[] } | null
> = {
  // Recipient address, the rendered bodies with the name, the SMTP answers.
  // Erasure and retention blank these (routes/emails/erasure.ts); the rows stay, so the History and the figures still say an email went.
  emails: {
    table: schema.emails,
    rowsOf: (k) => inArray(schema.emails.applicationId, k.applicationIds),
    personalColumns: ['recipient', 'subject', 'html', 'text', 'lastError', 'smtpResponse'],
  },
};
