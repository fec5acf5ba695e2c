import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The recruitment cycles (domain.md "Recruitment cycles"): every cycle there has been, one of them
 * current (a partial unique index keeps it to one). The first is seeded from configuration
 * (contracts' seedCycle); an Administrator's roll adds the next and makes it current. An
 * application's `intake` is the NAME of the cycle it was made in.
 */
export const recruitmentCycles = pgTable(
  'recruitment_cycles',
  {
    name: text('name').primaryKey(),
    clearingOpens: date('clearing_opens', { mode: 'string' }).notNull(),
    clearingCloses: date('clearing_closes', { mode: 'string' }).notNull(),
    resultsDay: date('results_day', { mode: 'string' }).notNull(),
    courseStartDate: date('course_start_date', { mode: 'string' }).notNull(),
    tariffVersion: text('tariff_version').notNull(),
    current: boolean('current').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('recruitment_cycles_one_current')
      .on(t.current)
      .where(sql`${t.current}`),
    check('recruitment_cycles_window', sql`${t.clearingOpens} <= ${t.clearingCloses}`),
  ],
);

/** Every roll an Administrator made: who, when, from which cycle to which. Rows are only ever added. */
export const recruitmentCycleAudit = pgTable('recruitment_cycle_audit', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  username: text('username').notNull(),
  fromCycle: text('from_cycle').notNull(),
  toCycle: text('to_cycle').notNull(),
});
