import type { WorkQueueKind } from '@clearing-desk/contracts';
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { applications } from './applications';

/**
 * Claims of the desk's work queue (contracts applications/work-queue.ts): one row per application
 * and kind of work. The primary key makes a claim atomic: two advisers taking the same item insert
 * the same key, and only one insert (or the update of an expired, unclosed claim) succeeds.
 * `expires_at` hands an item not closed back to the queue; `closed_at` (an outcome recorded)
 * takes it out of the queue for that kind for good.
 */
export const queueClaims = pgTable(
  'queue_claims',
  {
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.applicationId, { onDelete: 'cascade' }),
    kind: text('kind').$type<WorkQueueKind>().notNull(),
    username: text('username').notNull(),
    /** The instant that ordered the item when it was claimed (workQueueEntry's dueAt): its reason names it. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ name: 'queue_claims_pk', columns: [t.applicationId, t.kind] }), index('queue_claims_username_idx').on(t.username, t.expiresAt)],
);
