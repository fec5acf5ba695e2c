import { inArray, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import * as schema from './schema';

/**
 * Personal data in this service's schema: each table by its SQL name with how one person's rows
 * are found (by the SUBMISSION_IDs that own them) and its personal columns, or null for a table
 * that names no one. Subject access exports every column; erasure and retention delete the rows
 * with their stored files; the tests check every table of the schema is listed.
 */
export const PERSONAL_TABLES: Record<
  string,
  { table: PgTable; rowsOf: (keys: { submissionIds: string[] }) => SQL; personalColumns: readonly string[] } | null
> = {
  // The uploads' names, types, sizes and scan results (the bytes live under FILES_DIR).
  // Erasure and retention delete the rows and the stored files (routes/files/erasure.ts): every column goes.
  files: {
    table: schema.files,
    rowsOf: (k) => inArray(schema.files.owner, k.submissionIds),
    personalColumns: ['fileName', 'fileToken', 'signature', 'owner'],
  },
};
