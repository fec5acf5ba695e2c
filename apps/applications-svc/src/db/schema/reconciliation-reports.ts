import type { ReconciliationReport } from '@clearing-desk/contracts';
import { date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The daily reconciliation reports the nightly job stored (contracts `reconcile`): the day, its
 * cycle, the whole report as the screen shows it and how many statuses differed. Counts only.
 */
export const reconciliationReports = pgTable(
  'reconciliation_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    day: date('day', { mode: 'string' }).notNull(),
    cycle: text('cycle').notNull(),
    report: jsonb('report').$type<ReconciliationReport>().notNull(),
    differences: integer('differences').notNull(),
    /** Administrators and supervisors emailed about it (none when nothing differed). */
    emailed: integer('emailed').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reconciliation_reports_day_idx').on(t.day, t.createdAt)],
);
