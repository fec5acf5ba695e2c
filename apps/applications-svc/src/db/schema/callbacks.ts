import type { CallbackStatus } from '@clearing-desk/contracts';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { applications } from './applications';

/**
 * Advisers on shift per London hour (contracts applications/callbacks.ts), set by an
 * Administrator. A booking locks its hour's row (SELECT ... FOR UPDATE), so bookings of one hour
 * are counted one at a time and a slot is never over-booked.
 */
export const callbackCapacity = pgTable(
  'callback_capacity',
  {
    day: date('day', { mode: 'string' }).notNull(),
    hour: integer('hour').notNull(),
    advisers: integer('advisers').notNull(),
    updatedBy: text('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'callback_capacity_pk', columns: [t.day, t.hour] }),
    check('callback_capacity_hour', sql`${t.hour} between 0 and 23`),
    check('callback_capacity_advisers', sql`${t.advisers} >= 0`),
  ],
);

/**
 * Callbacks the applicant booked: one slot (`slot_start`, `slot_end`) each. At most one live
 * (`booked`) row per application (the partial unique index): booking again cancels the old row
 * and adds the new one in one transaction.
 */
export const callbacks = pgTable(
  'callbacks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.applicationId, { onDelete: 'cascade' }),
    slotStart: timestamp('slot_start', { withTimezone: true }).notNull(),
    slotEnd: timestamp('slot_end', { withTimezone: true }).notNull(),
    status: text('status').$type<CallbackStatus>().notNull().default('booked'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('callbacks_status', sql`${t.status} in ('booked', 'cancelled', 'done')`),
    uniqueIndex('callbacks_one_live_idx')
      .on(t.applicationId)
      .where(sql`status = 'booked'`),
    index('callbacks_slot_idx').on(t.slotStart, t.status),
  ],
);
