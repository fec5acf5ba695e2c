import type { SubjectAccessTables } from '@clearing-desk/contracts';
import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../database/connect-database';

/**
 * A service's personal data (its db/personal-data.ts): each table by its SQL name with how one
 * person's rows are found from the person's keys `K` (submission ids, application ids...), or null
 * for a table that names no one. Each service's test checks every table of its schema is listed.
 */
export type PersonalTables<K> = Record<string, { table: PgTable; rowsOf: (keys: K) => SQL } | null>;

/**
 * Subject access (UK GDPR Article 15) in one service: every column of every row of each personal
 * table that is the person's (`keys`), as JSON text would carry it (dates as ISO strings), by
 * table name.
 */
export async function personalRows<K>(db: Database<Record<string, unknown>>, tables: PersonalTables<K>, keys: K): Promise<SubjectAccessTables> {
  const found: SubjectAccessTables = {};
  for (const [name, entry] of Object.entries(tables)) {
    if (!entry) continue;
    const rows = await db.select().from(entry.table).where(entry.rowsOf(keys));
    found[name] = JSON.parse(JSON.stringify(rows)) as SubjectAccessTables[string];
  }
  return found;
}
