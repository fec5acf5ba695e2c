import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { EventApiKey, EventApiKeyCreate, EventApiKeyIssued, EventApiKeyVerified } from '@clearing-desk/contracts';
import { and, desc, eq, isNull } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { eventApiKeys } from '../db/schema';
import type { ApplicationsDatabase } from '../plugins/external/database';

type KeyRow = typeof eventApiKeys.$inferSelect;

const sha256 = (secret: string) => createHash('sha256').update(secret).digest('hex');

const toKey = (row: KeyRow): EventApiKey => ({
  id: row.id,
  name: row.name,
  eventTypes: row.eventTypes,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  revokedAt: row.revokedAt?.toISOString() ?? null,
  revokedBy: row.revokedBy ?? null,
});

/** A bearer token: the key's id and its secret (43 base64url characters of 32 random bytes), joined by a dot. */
const TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

/**
 * The events feed's API keys (db/schema/event-api-keys.ts): issue (the token answered once, only
 * the secret's SHA-256 kept), list, revoke, and verify a bearer token (constant-time comparison
 * of the hashes; a revoked or unknown key is null).
 */
export function createEventApiKeysRepository(db: ApplicationsDatabase) {
  return {
    async list(): Promise<EventApiKey[]> {
      return (await db.select().from(eventApiKeys).orderBy(desc(eventApiKeys.createdAt), desc(eventApiKeys.id))).map(toKey);
    },

    /** Issues a key for `user`: answers it with its token (`<id>.<secret>`), which is never stored. */
    async issue(request: EventApiKeyCreate, user: string): Promise<EventApiKeyIssued> {
      const secret = randomBytes(32).toString('base64url');
      const [row] = await db
        .insert(eventApiKeys)
        .values({ name: request.name, eventTypes: [...new Set(request.eventTypes)], secretHash: sha256(secret), createdBy: user })
        .returning();
      if (!row) throw new Error('event api key insert returned no row');
      return { key: toKey(row), secret: `${row.id}.${secret}` };
    },

    /** Revokes a live key: the key, 'not-found' or 'revoked' (already). */
    async revoke(id: string, user: string): Promise<EventApiKey | 'not-found' | 'revoked'> {
      const [row] = await db
        .update(eventApiKeys)
        .set({ revokedAt: new Date(), revokedBy: user })
        .where(and(eq(eventApiKeys.id, id), isNull(eventApiKeys.revokedAt)))
        .returning();
      if (row) return toKey(row);
      const [found] = await db.select({ id: eventApiKeys.id }).from(eventApiKeys).where(eq(eventApiKeys.id, id));
      return found ? 'revoked' : 'not-found';
    },

    /** The live key a bearer token names, or null (malformed, unknown, wrong secret, revoked). */
    async verify(token: string): Promise<EventApiKeyVerified | null> {
      const match = TOKEN.exec(token);
      if (!match) return null;
      const [, id = '', secret = ''] = match;
      const [row] = await db.select().from(eventApiKeys).where(eq(eventApiKeys.id, id));
      if (!row || row.revokedAt) return null;
      const ok = timingSafeEqual(Buffer.from(row.secretHash, 'hex'), Buffer.from(sha256(secret), 'hex'));
      return ok ? { id: row.id, eventTypes: row.eventTypes } : null;
    },
  };
}
export type EventApiKeysRepository = ReturnType<typeof createEventApiKeysRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    eventApiKeysRepository: EventApiKeysRepository;
  }
}

export const eventApiKeysRepositoryPlugin = fp(
  async (fastify) => {
    fastify.decorate('eventApiKeysRepository', createEventApiKeysRepository(fastify.db));
  },
  { name: 'event-api-keys-repository', dependencies: ['applications-database'] },
);
