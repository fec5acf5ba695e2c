import type { RetentionCounts } from '@clearing-desk/contracts';
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Each run of the retention job (the gateway's nightly BullMQ job, or an Administrator's 'Run
 * now'): when, and what every service deleted or anonymised, by what. Names no one.
 */
export const retentionRuns = pgTable('retention_runs', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  trigger: text('trigger').$type<'nightly' | 'manual'>().notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
  counts: jsonb('counts').$type<RetentionCounts>().notNull(),
  error: text('error'),
});

/**
 * Each erasure on request, keyed by its ticket: who asked, why, and the keys the other services
 * hold the person under (application and submission ids, which name no one once the rows are
 * anonymised), so a retry with the same ticket repeats their parts (the gateway's idempotency).
 */
export const erasures = pgTable('erasures', {
  ticket: text('ticket').primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  username: text('username').notNull(),
  reason: text('reason').notNull(),
  applications: integer('applications').notNull(),
  applicationIds: jsonb('application_ids').$type<string[]>().notNull(),
  submissionIds: jsonb('submission_ids').$type<string[]>().notNull(),
});
