import type { PersonalTables } from '@clearing-desk/service-kit';
import { inArray } from 'drizzle-orm';
import * as schema from './schema';

/**
 * Personal data in this service's schema: each table by its SQL name with how one person's rows
 * are found (by their APPLICATION_IDs), or null for a table that names no one. Subject access
 * exports every column; the test checks every table of the schema is listed.
 */
export const PERSONAL_TABLES: PersonalTables<{ applicationIds: string[] }> = {
  // Recipient address, the rendered bodies with the name, the SMTP answers.
  emails: { table: schema.emails, rowsOf: (k) => inArray(schema.emails.applicationId, k.applicationIds) },
};
