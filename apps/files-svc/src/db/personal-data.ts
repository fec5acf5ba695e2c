import type { PersonalTables } from '@clearing-desk/service-kit';
import { inArray } from 'drizzle-orm';
import * as schema from './schema';

/**
 * Personal data in this service's schema: each table by its SQL name with how one person's rows
 * are found (by the SUBMISSION_IDs that own them), or null for a table that names no one. Subject
 * access exports every column; the test checks every table of the schema is listed.
 */
export const PERSONAL_TABLES: PersonalTables<{ submissionIds: string[] }> = {
  // The uploads' names, types, sizes and scan results (the bytes stay in quarantine storage).
  files: { table: schema.files, rowsOf: (k) => inArray(schema.files.owner, k.submissionIds) },
};
