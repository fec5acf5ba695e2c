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
 * Callbacks booked: one slot (`slot_start`, `slot_end`) each. Booked from the status page, a row
 * names its application; at most one live (`booked`) row per application (the partial unique
 * index): booking again cancels the old row and adds the new one in one transaction. Booked from a
 * course page by someone who has not applied, `application_id` is null and the row holds the
 * caller (name, telephone, email), the course with its school and department (the queue's scope)
 * and the private link's `token`; it is moved and cancelled in place (`sequence` the calendar
 * event's revision), claimed from the work queue on the row itself (`claimed_by`,
 * `claim_expires_at`: queue_claims needs an application) and linked to the application saved from
 * it. Both kinds count against the same capacity.
 */
export const callbacks = pgTable(
  'callbacks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer('application_id').references(() => applications.applicationId, { onDelete: 'cascade' }),
    slotStart: timestamp('slot_start', { withTimezone: true }).notNull(),
    slotEnd: timestamp('slot_end', { withTimezone: true }).notNull(),
    status: text('status').$type<CallbackStatus>().notNull().default('booked'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    callerName: text('caller_name'),
    callerTel: text('caller_tel'),
    callerEmail: text('caller_email'),
    callerEmailNormalised: text('caller_email_normalised'),
    ucasCode: text('ucas_code'),
    school: text('school'),
    dept: text('dept'),
    token: text('token'),
    sequence: integer('sequence').notNull().default(0),
    claimedBy: text('claimed_by'),
    claimExpiresAt: timestamp('claim_expires_at', { withTimezone: true }),
  },
  (t) => [
    check('callbacks_status', sql`${t.status} in ('booked', 'cancelled', 'done')`),
    // A row either names its application or holds the caller who asked without one.
    check(
      'callbacks_caller',
      sql`${t.applicationId} is not null or (${t.callerName} is not null and ${t.callerTel} is not null and ${t.callerEmail} is not null
        and ${t.callerEmailNormalised} is not null and ${t.ucasCode} is not null and ${t.school} is not null and ${t.dept} is not null and ${t.token} is not null)`,
    ),
    uniqueIndex('callbacks_one_live_idx')
      .on(t.applicationId)
      .where(sql`status = 'booked'`),
    uniqueIndex('callbacks_token_idx').on(t.token),
    index('callbacks_slot_idx').on(t.slotStart, t.status),
    index('callbacks_caller_email_idx').on(t.callerEmailNormalised),
  ],
);
