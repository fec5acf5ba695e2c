import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

/**
 * Adds `ARGV[1]` hits to the count at `KEYS[1]`; a new count (the sum is the hits just added)
 * starts its window of `ARGV[2]` ms. Answers `{ count, remaining window ms }`. The same keys and
 * expiry as @fastify/rate-limit's RedisStore, which added 1 per request.
 */
const INCR_BY_SCRIPT = `
  local current = redis.call('INCRBY', KEYS[1], ARGV[1])
  if current == tonumber(ARGV[1]) then
    redis.call('PEXPIRE', KEYS[1], ARGV[2])
    return {current, tonumber(ARGV[2])}
  end
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then
    redis.call('PEXPIRE', KEYS[1], ARGV[2])
    ttl = tonumber(ARGV[2])
  end
  return {current, ttl}
`;

type RedisWithIncrBy = Redis & {
  rateLimitIncrBy(key: string, hits: number, windowMs: number): Promise<[number, number]>;
};

/** One counted key: what Redis said last, what is on the way there, what is not sent yet. */
type Count = {
  /** The count Redis answered at the last sync (every instance's synced hits). */
  synced: number;
  /** Hits sent in the sync under way, not yet in `synced`. */
  inFlight: number;
  /** Hits counted here since, not yet sent. */
  pending: number;
  /** When the window ends (ms since epoch, from Redis's PTTL at the last sync); 0 until known. */
  endsAt: number;
  windowMs: number;
  /** The first sync of a window, which the first callers wait for (they learn the window and the others' hits). */
  firstSync: Promise<void> | null;
};

export type BatchedCounterOptions = {
  redis: Redis;
  /** Sync every key with pending hits at least this often (ms). */
  syncIntervalMs: number;
  /** Sync at once when a key has this many pending hits (or a tenth of its limit, at least 1, if fewer). */
  syncHits: number;
  /** Told when a sync fails (the hits stay pending and go with the next one). */
  onSyncError?: (err: unknown) => void;
};

/**
 * Rate-limit counts kept in this process and synchronised with Redis in batches,
 * so that a limit holds across gateway instances without a Redis round trip per request.
 *
 * Each key's count is Redis's count at the last sync plus the hits counted here since. Hits are
 * sent with INCRBY every `syncIntervalMs` and as soon as one key has `syncHits` pending (a tenth
 * of its limit if fewer, at least 1: a limit of 5 sends every hit, without waiting for it); the
 * answer brings back the other instances' hits and the window's end. Only the first hit of a key in
 * a window waits for Redis (to learn the window and the hits already there): one round trip per
 * key and window, not per request. Keys and expiry are those of @fastify/rate-limit's RedisStore.
 *
 * The error it allows: an instance does not see the hits the other instances have not synced yet,
 * so with N instances a subject can get up to (N - 1) x min(s - 1, hits in syncIntervalMs at each
 * other instance) more than `max` before every instance refuses, s being the key's sync threshold
 * above (plus the hits of one Redis round trip); hits of one instance are
 * counted exactly by it. Window ends are Redis's, seen through one round trip (a few ms late at
 * most). While Redis cannot be reached, the keys counted before go on counting locally (each
 * instance holds the limit on its own) and their hits are sent when it is back; a new key's hits
 * fail, and the caller decides (public limits let the request through).
 */
export class BatchedCounter {
  private readonly redis: RedisWithIncrBy;
  private readonly counts = new Map<string, Count>();
  private readonly timer: NodeJS.Timeout;
  private syncing: Promise<void> | null = null;
  /** A sync asked for while one was under way: run again when it ends. */
  private again = false;
  private soon = false;

  constructor(private readonly options: BatchedCounterOptions) {
    const redis = options.redis as RedisWithIncrBy;
    if (typeof redis.rateLimitIncrBy !== 'function') redis.defineCommand('rateLimitIncrBy', { numberOfKeys: 1, lua: INCR_BY_SCRIPT });
    this.redis = redis;
    this.timer = setInterval(() => void this.sync(), options.syncIntervalMs);
    this.timer.unref();
  }

  /**
   * Counts one hit of `key` (the full Redis key) in a window of `windowMs`.
   * @returns the count across instances as known here (this hit included) and the ms left in the window.
   * @throws the Redis error when the key's first sync in a window fails.
   */
  async hit(key: string, windowMs: number, max: number): Promise<{ current: number; ttl: number }> {
    const now = Date.now();
    let count = this.counts.get(key);
    if (!count || (count.endsAt !== 0 && count.endsAt <= now)) {
      count = { synced: 0, inFlight: 0, pending: 0, endsAt: 0, windowMs, firstSync: null };
      this.counts.set(key, count);
    }
    count.pending += 1;
    if (count.endsAt === 0) {
      // A new window: wait for Redis once (with the hits counted meanwhile), so every instance agrees.
      const entry = count;
      entry.firstSync ??= this.syncKeys([[key, entry]]).finally(() => {
        entry.firstSync = null;
      });
      try {
        await entry.firstSync;
      } catch (err) {
        if (this.counts.get(key) === entry && entry.endsAt === 0) this.counts.delete(key);
        throw err;
      }
      return { current: entry.synced + entry.inFlight + entry.pending, ttl: Math.max(0, entry.endsAt - Date.now()) };
    }
    // A small limit syncs sooner: the others' unseen hits stay within a tenth of it.
    if (count.pending >= Math.min(this.options.syncHits, Math.max(1, Math.floor(max / 10)))) this.syncSoon();
    return { current: count.synced + count.inFlight + count.pending, ttl: Math.max(0, count.endsAt - now) };
  }

  /** The count of `key` as known here, without counting a hit. */
  read(key: string): { current: number; ttl: number } {
    const count = this.counts.get(key);
    const now = Date.now();
    if (!count || count.endsAt <= now) return { current: 0, ttl: 0 };
    return { current: count.synced + count.inFlight + count.pending, ttl: count.endsAt - now };
  }

  /** Syncs on the next turn of the event loop (after this tick's hits), or right after the sync under way. */
  private syncSoon(): void {
    if (this.syncing) {
      this.again = true;
      return;
    }
    if (this.soon) return;
    this.soon = true;
    setImmediate(() => {
      this.soon = false;
      void this.sync();
    });
  }

  /** Sends every pending hit (one pipeline) and forgets keys whose window ended with nothing pending. */
  async sync(): Promise<void> {
    if (this.syncing) return this.syncing;
    const now = Date.now();
    const due: [string, Count][] = [];
    for (const [key, count] of this.counts) {
      if (count.endsAt !== 0 && count.endsAt <= now) {
        // The window ended: hits not sent belong to it and are dropped with it.
        if (count.inFlight === 0) this.counts.delete(key);
      } else if (count.pending > 0 && count.endsAt !== 0) due.push([key, count]);
    }
    if (due.length === 0) return;
    this.syncing = this.syncKeys(due)
      .catch((err: unknown) => this.options.onSyncError?.(err))
      .finally(() => {
        this.syncing = null;
        if (this.again) {
          this.again = false;
          this.syncSoon();
        }
      });
    return this.syncing;
  }

  /** Stops the timer after a last sync (the app is closing). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.sync();
  }

  private async syncKeys(entries: [string, Count][]): Promise<void> {
    const pipeline = this.redis.pipeline() as ReturnType<Redis['pipeline']> & { rateLimitIncrBy(key: string, hits: number, windowMs: number): unknown };
    for (const [key, count] of entries) {
      count.inFlight += count.pending;
      pipeline.rateLimitIncrBy(key, count.pending, count.windowMs);
      count.pending = 0;
    }
    let results: [Error | null, unknown][] | null;
    try {
      results = await pipeline.exec();
    } catch (err) {
      results = entries.map(() => [err as Error, null]);
    }
    const sentAt = Date.now();
    let failure: unknown = null;
    entries.forEach(([, count], i) => {
      const [err, value] = results?.[i] ?? [new Error('no answer from Redis'), null];
      if (err || !Array.isArray(value)) {
        // Not counted in Redis: the hits go back to pending and travel with the next sync.
        count.pending += count.inFlight;
        count.inFlight = 0;
        failure ??= err ?? new Error('unexpected answer from Redis');
        return;
      }
      const [current, ttl] = value as [number, number];
      count.synced = current;
      count.inFlight = 0;
      count.endsAt = sentAt + ttl;
    });
    if (failure) throw failure;
  }
}

/**
 * A store for @fastify/rate-limit (its `store` option) counting with a BatchedCounter under the
 * keys RedisStore uses (`<nameSpace><method><url>-<key>` per route, `<nameSpace>-<key>` for
 * createRateLimit limiters), so the limits keep their keys. `continueExceeding` and
 * `exponentialBackoff` are not supported (the gateway uses neither).
 */
export function batchedRateLimitStore(counter: BatchedCounter, nameSpace: string) {
  class BatchedRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    /** @fastify/rate-limit calls it with its options (ignored); `child` with the route's prefix. */
    constructor(_options?: unknown, prefix: string = nameSpace) {
      this.prefix = prefix;
    }

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number, max: number): void {
      counter.hit(this.prefix + key, timeWindow, max).then(
        (result) => callback(null, result),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }

    read(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void): void {
      callback(null, counter.read(this.prefix + key));
    }

    /** @fastify/rate-limit passes the route's merged limit options (typed there as the route's options). */
    child(options: object): BatchedRateLimitStore {
      const routeOptions = options as { routeInfo?: { method?: string; url?: string }; continueExceeding?: boolean; exponentialBackoff?: boolean };
      if (routeOptions.continueExceeding || routeOptions.exponentialBackoff)
        throw new Error('the batched rate-limit store supports neither continueExceeding nor exponentialBackoff');
      // Exactly RedisStore's child key (createRateLimit's routeInfo is {}: "undefinedundefined-").
      const route = routeOptions.routeInfo ?? {};
      return new BatchedRateLimitStore(undefined, `${this.prefix}${route.method}${route.url}-`);
    }
  }
  return BatchedRateLimitStore;
}
