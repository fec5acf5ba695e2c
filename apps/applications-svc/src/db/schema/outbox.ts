import { consumedEventsTable } from '@clearing-desk/service-kit';
import { sql } from 'drizzle-orm';
import { bigint, customType, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * PostgreSQL's 64-bit transaction id (xid8), read as a decimal string: it outgrows a JS number's
 * exact range only after 2^53 transactions, but a string keeps the cursor exact whatever happens.
 */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * applications-svc's transactional outbox: service-kit's outboxTable (decision emails for
 * notifications-svc and the places ledger's 'course-places' events for courses-svc, relayed by
 * service-kit's outbox relay, app.ts) with two columns more for the application events, which
 * no queue takes: their feed reads them here in commit-safe order (docs/domain/events.md).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The aggregate it concerns: an application's APPLICATION_ID, a course's UCAS code. */
    aggregateId: text('aggregate_id').notNull(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    relayedAt: timestamp('relayed_at', { withTimezone: true }),
    /**
     * The W3C traceparent of the request that wrote the row (null when tracing is off): the relay
     * and the row's consumer continue that trace (service-kit currentTraceparent / withTraceparent).
     */
    traceparent: text('traceparent'),
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
    // The relay's scan: only rows still waiting, oldest first (as service-kit's outboxTable).
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

/** The events this service has applied (course control's 'course-control' events from courses-svc), by id: a replay is a no-op. */
export const consumedEvents = consumedEventsTable();
