import type { OutboxKind } from '@clearing-desk/contracts';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The transactional outbox (conventions.md): a row written in the same
 * transaction as the change it announces, so no decision is committed without its email and no
 * email leaves for a decision that was rolled back. `kind` says what it is and which queue takes
 * it (contracts OUTBOX_QUEUES: decision emails and the course-places projection); the relay
 * (outbox/outbox-relay.ts) enqueues each row with its id as the BullMQ job id and sets
 * `relayed_at`. Relayed rows are kept (the audit of what was announced when).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The aggregate it concerns: an application's APPLICATION_ID for 'decision-email'. */
    aggregateId: text('aggregate_id').notNull(),
    kind: text('kind').$type<OutboxKind>().notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    relayedAt: timestamp('relayed_at', { withTimezone: true }),
    /**
     * The W3C traceparent of the request that wrote the row (null when tracing is off): the relay
     * and the row's consumer continue that trace (service-kit currentTraceparent / withTraceparent).
     */
    traceparent: text('traceparent'),
  },
  (t) => [
    // The relay's scan: only rows still waiting, oldest first.
    index('outbox_waiting_idx')
      .on(t.createdAt)
      .where(sql`${t.relayedAt} is null`),
    index('outbox_aggregate_idx').on(t.aggregateId),
  ],
);
