import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The single clearing open/closed setting (spec section 3 "Clearing status"): one row, id 1. */
export const clearingSettings = pgTable(
  'clearing_settings',
  {
    id: integer('id').primaryKey().default(1),
    state: integer('state').notNull(),
    closingMessage: text('closing_message'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('clearing_settings_single_row', sql`${t.id} = 1`), check('clearing_settings_state', sql`${t.state} in (0, 1)`)],
);

/**
 * Audit log of the Clearing setting: every change an Administrator makes, with user and time
 * (the staff sign-in issue, item 7). Rows are only ever added.
 */
export const clearingSettingsAudit = pgTable('clearing_settings_audit', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  username: text('username').notNull(),
  state: integer('state').notNull(),
  closingMessage: text('closing_message'),
});
