import type { OutboxKind } from '@clearing-desk/contracts';
import { sql } from 'drizzle-orm';
import { bigint, customType, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * PostgreSQL's 64-bit transaction id (xid8), read as a decimal string: it outgrows a JS number's
 * exact range only after 2^53 transactions, but a string keeps the cursor exact whatever happens.
 */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

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
     * The id of the transaction that wrote the row (pg_current_xact_id()): the events feed returns
     * only rows whose transaction ended before every one still running began (xid below the
     * snapshot's xmin), in (xid, seq) order, so a row committed late is never passed over
     * (outbox/application-events-feed.ts; docs/domain/events.md).
     */
    xid: xid8('xid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    /** Insertion order, within one transaction the order of its events. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [
    // The relay's scan: only rows still waiting, oldest first.
    index('outbox_waiting_idx')
      .on(t.createdAt)
      .where(sql`${t.relayedAt} is null`),
    index('outbox_aggregate_idx').on(t.aggregateId),
    // The events feed: application events in cursor order.
    index('outbox_events_cursor_idx')
      .on(t.xid, t.seq)
      .where(sql`${t.kind} = 'application-event'`),
  ],
);
