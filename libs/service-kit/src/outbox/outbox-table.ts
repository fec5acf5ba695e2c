import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The transactional outbox table every service that announces events declares in its schema
 * (conventions.md): a row written in the same transaction as the change it announces, so no change
 * is committed without its event and no event leaves for a change that was rolled back. `kind`
 * (one of contracts' OUTBOX_KINDS) says what it is and which queue takes it; the relay
 * (outbox-relay.ts) enqueues each row with its id as the BullMQ job id and sets `relayed_at`.
 * Relayed rows are kept (the audit of what was announced when). One definition, so each service's
 * migration and the relay agree on the columns.
 */
export function outboxTable() {
  return pgTable(
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
       * The W3C traceparent of the request that wrote the row (currentTraceparent(); null when
       * tracing is off): the relay and the row's consumer continue that trace (withTraceparent).
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
}
/** A service's outbox table (outboxTable()). */
export type OutboxTable = ReturnType<typeof outboxTable>;

/**
 * The inbox of a service that consumes events: one row per event applied, keyed by the event's id
 * (the producer's outbox row id), written in the transaction that applies it, so a replayed event
 * (BullMQ retry, relay repeat) finds its id and changes nothing.
 */
export function consumedEventsTable() {
  return pgTable('consumed_events', {
    eventId: uuid('event_id').primaryKey(),
    kind: text('kind').notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }).notNull().defaultNow(),
  });
}
/** A service's inbox table (consumedEventsTable()). */
export type ConsumedEventsTable = ReturnType<typeof consumedEventsTable>;
