import { deskChangedEvent, presenceHolderSchema, wallboardChannel, type PresenceHolder } from '@clearing-desk/contracts';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { ApplicationsConfig } from '../config';

/**
 * Claims the key for ARGV[1] (username) with ARGV[2] (the holder's JSON) for ARGV[3] ms, unless
 * someone else holds it and ARGV[4] is not '1' (a take-over). The holder itself only refreshes
 * the time to live, keeping its `since`. Answers the holder's JSON after the call. One script,
 * so two advisers opening the same application at once never both hold it.
 */
const CLAIM = `
local current = redis.call('GET', KEYS[1])
if current then
  local holder = cjson.decode(current)
  if holder.username == ARGV[1] then
    redis.call('PEXPIRE', KEYS[1], ARGV[3])
    return current
  end
  if ARGV[4] ~= '1' then return current end
end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
return ARGV[2]`;

/** Deletes the key only when ARGV[1] holds it (a late release never frees someone else's take-over). */
const RELEASE = `
local current = redis.call('GET', KEYS[1])
if current and cjson.decode(current).username == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1`;

/** What a presence call answers: the holder (null when free), or `unknown` when Redis could not be asked. */
export type PresenceState = { holder: PresenceHolder | null; known: boolean; fresh?: boolean };

const parseHolder = (text: unknown): PresenceHolder | null => {
  if (typeof text !== 'string') return null;
  const parsed = presenceHolderSchema.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : null;
};

/**
 * Presence on the desk (contracts applications/presence.ts) in Redis: one key per application,
 * `{prefix}:presence:{applicationId}`, holding the holder's JSON with a time to live of
 * PRESENCE_TTL_SECONDS, refreshed by every claim of its holder (the open form's heartbeat).
 *
 * Redis down: every call answers `known: false` (holder null) after at most a second, and saving
 * falls back to the version check alone: an adviser is never stopped from working because
 * presence could not be read.
 */
export function createPresenceStore(deps: { config: ApplicationsConfig; log: FastifyBaseLogger; now?: () => Date }) {
  const { config, log } = deps;
  const now = deps.now ?? (() => new Date());
  let closed = false;
  const redis = new Redis(config.REDIS_URL, {
    maxRetriesPerRequest: 1,
    commandTimeout: 1000,
    retryStrategy: (times) => (closed ? null : Math.min(times * 200, 2000)),
  });
  redis.on('error', () => undefined); // reported by the failed commands below
  const key = (applicationId: number) => `${config.NOTIFICATIONS_QUEUE_PREFIX}:presence:${applicationId}`;
  const ttlMs = config.PRESENCE_TTL_SECONDS * 1000;

  const unknown = (err: unknown, what: string): PresenceState => {
    log.warn({ err }, `presence ${what} failed; saving is left to the version check`);
    return { holder: null, known: false };
  };

  return {
    /**
     * How often (ms) an open form claims again to keep its hold: PRESENCE_HEARTBEAT_SECONDS, at most
     * half the time to live, so one late heartbeat never drops the hold.
     */
    heartbeatMs: Math.min(config.PRESENCE_HEARTBEAT_SECONDS * 1000, ttlMs / 2),

    /**
     * Opens (or keeps open) an application for `user`: it becomes the holder when the application
     * is free, already theirs, or `takeOver`; otherwise the current holder stays. Answers the
     * holder after the call.
     */
    async claim(applicationId: number, user: { username: string; name: string }, takeOver: boolean): Promise<PresenceState> {
      const mine: PresenceHolder = { username: user.username, name: user.name, since: now().toISOString() };
      try {
        const answer = await redis.eval(CLAIM, 1, key(applicationId), user.username, JSON.stringify(mine), String(ttlMs), takeOver ? '1' : '0');
        // Fresh: this call made the hold (not a heartbeat of one already held), so the wallboard hears of it.
        return { holder: parseHolder(answer), known: true, fresh: answer === JSON.stringify(mine) };
      } catch (err) {
        return unknown(err, 'claim');
      }
    },

    /** Who holds the application now (null: free). */
    async holder(applicationId: number): Promise<PresenceState> {
      try {
        return { holder: parseHolder(await redis.get(key(applicationId))), known: true };
      } catch (err) {
        return unknown(err, 'read');
      }
    },

    /** Frees the application if `username` holds it (the form closed, or an outcome was recorded). */
    async release(applicationId: number, username: string): Promise<PresenceState> {
      try {
        await redis.eval(RELEASE, 1, key(applicationId), username);
        return await this.holder(applicationId);
      } catch (err) {
        return unknown(err, 'release');
      }
    },

    /**
     * Every application held open now, with its holder (the wallboard's advisers). Reads the keys
     * by SCAN (never KEYS, which blocks Redis), a page at a time; empty when Redis cannot be asked.
     */
    async list(): Promise<{ applicationId: number; holder: PresenceHolder }[]> {
      const prefix = key(0).slice(0, -1);
      try {
        const found: { applicationId: number; holder: PresenceHolder }[] = [];
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
          cursor = next;
          if (keys.length === 0) continue;
          const values = await redis.mget(...keys);
          keys.forEach((k, i) => {
            const holder = parseHolder(values[i]);
            const applicationId = Number(k.slice(prefix.length));
            if (holder && Number.isSafeInteger(applicationId)) found.push({ applicationId, holder });
          });
        } while (cursor !== '0');
        return found;
      } catch (err) {
        log.warn({ err }, 'presence list failed; the wallboard shows nothing open');
        return [];
      }
    },

    /**
     * Tells the wallboards something changed on the desk (contracts deskChangedEvent on
     * the stack's wallboardChannel): fire and forget, as the relay's decisions, so a lost message costs one
     * poll of the board.
     */
    announceDesk(): void {
      redis
        .publish(wallboardChannel(config.NOTIFICATIONS_QUEUE_PREFIX), JSON.stringify(deskChangedEvent(now())))
        .catch((err: unknown) => log.warn({ err }, 'wallboard announcement failed'));
    },

    async close() {
      closed = true;
      redis.disconnect();
    },
  };
}
export type PresenceStore = ReturnType<typeof createPresenceStore>;

declare module 'fastify' {
  interface FastifyInstance {
    presence: PresenceStore;
  }
}

/** The desk's presence store (createPresenceStore), closed with the service. */
export const presencePlugin = fp<{ config: ApplicationsConfig; now?: () => Date }>(
  async (fastify, { config, now }) => {
    const store = createPresenceStore({ config, log: fastify.log, now });
    fastify.decorate('presence', store);
    fastify.addHook('onClose', async () => store.close());
  },
  { name: 'presence' },
);
