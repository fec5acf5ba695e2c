import type { ApplicationEventType } from '@clearing-desk/contracts';
import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * API keys of the events feed (docs/domain/events.md "API keys"): one per record system, issued
 * and revoked by an Administrator. Only the SHA-256 of the secret is kept: the secret is 32
 * random bytes, so a fast hash is enough (nothing to guess from a dictionary) and verifying a key
 * costs one lookup by id. A revoked key stays listed (who revoked it, when).
 */
export const eventApiKeys = pgTable('event_api_keys', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** Hex SHA-256 of the secret part of the token. */
  secretHash: text('secret_hash').notNull(),
  /** The event types the key may read. */
  eventTypes: jsonb('event_types').$type<ApplicationEventType[]>().notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  revokedBy: text('revoked_by'),
});
