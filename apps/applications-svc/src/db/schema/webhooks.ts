import type { ApplicationEventType, WebhookEndpointStatus } from '@clearing-desk/contracts';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { outbox } from './outbox';

/**
 * Webhook endpoints of record systems (docs/domain/events.md "Webhooks"). `secret` is the
 * Standard Webhooks signing secret (`whsec_…`): kept as it is, since every delivery is signed with
 * it (a hash could not sign); shown to the Administrator once. `cursor` is how far the dispatcher
 * has read the events feed for this endpoint (webhooks/dispatcher.ts): every event after it is
 * yet to become a delivery.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: uuid('id').primaryKey().defaultRandom(),
  url: text('url').notNull(),
  secret: text('secret').notNull(),
  eventTypes: jsonb('event_types').$type<ApplicationEventType[]>().notNull(),
  status: text('status').$type<WebhookEndpointStatus>().notNull().default('active'),
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  pausedAt: timestamp('paused_at', { withTimezone: true }),
  cursor: text('cursor').notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One event to deliver to one endpoint, in the feed's order (`seq`); delivered_at set once the
 * receiver answered 2xx. The oldest undelivered one of an endpoint is the only one being tried:
 * the receiver gets its events in order, a backlog after an outage included.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The event (its outbox row; the webhook-id of every attempt). An erased event takes its deliveries with it. */
    eventId: uuid('event_id')
      .notNull()
      .references(() => outbox.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_unique').on(t.endpointId, t.eventId),
    // An endpoint's backlog, oldest first.
    index('webhook_deliveries_pending_idx')
      .on(t.endpointId, t.seq)
      .where(sql`${t.deliveredAt} is null`),
  ],
);

/** Every delivery attempt, as the Settings page shows it. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').$type<ApplicationEventType>().notNull(),
    attempt: integer('attempt').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    delivered: smallint('delivered').notNull(),
    httpStatus: integer('http_status'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('webhook_attempts_endpoint_idx').on(t.endpointId, t.id)],
);
