import { randomBytes } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { BatchedCounter, batchedRateLimitStore } from './batched-rate-limit-store';

/**
 * Rate-limit counts kept per process and synchronised with the real Redis in
 * batches. The sync interval is long (an hour) so that every sync in these tests is one they ask
 * for or one the hit threshold starts, never a timer they would race against.
 */
const HOUR = 60 * 60 * 1000;
const WINDOW_MS = 60_000;
let redis: Redis;
let prefix: string;
const counters: BatchedCounter[] = [];

const counter = (syncHits = 20) => {
  const c = new BatchedCounter({ redis, syncIntervalMs: HOUR, syncHits });
  counters.push(c);
  return c;
};

beforeAll(() => {
  redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
});

beforeEach(() => {
  prefix = `clearing-test-${randomBytes(4).toString('hex')}:rate:`;
});

afterEach(async () => {
  await Promise.all(counters.splice(0).map((c) => c.close()));
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
});

afterAll(async () => {
  await redis.quit();
});

describe('BatchedCounter', () => {
  it('waits for Redis on a key first hit only, then counts locally and sends the hits in one INCRBY', async () => {
    const c = counter();
    const pipeline = jest.spyOn(redis, 'pipeline');
    const key = `${prefix}a`;
    expect(await c.hit(key, WINDOW_MS, 1000)).toEqual({ current: 1, ttl: expect.any(Number) });
    expect(pipeline).toHaveBeenCalledTimes(1);
    for (let i = 2; i <= 15; i += 1) expect((await c.hit(key, WINDOW_MS, 1000)).current).toBe(i);
    // Fifteen hits, still one round trip; Redis holds the first hit only until the next sync.
    expect(pipeline).toHaveBeenCalledTimes(1);
    expect(await redis.get(key)).toBe('1');
    await c.sync();
    expect(pipeline).toHaveBeenCalledTimes(2);
    expect(await redis.get(key)).toBe('15');
    // The key expires with the window, as @fastify/rate-limit's RedisStore sets it.
    const ttl = await redis.pttl(key);
    expect(ttl).toBeGreaterThan(WINDOW_MS - 5_000);
    expect(ttl).toBeLessThanOrEqual(WINDOW_MS);
    pipeline.mockRestore();
  });

  it('syncs by itself once a key has syncHits pending hits, or a tenth of a small limit', async () => {
    const c = counter(5);
    const key = `${prefix}b`;
    for (let i = 0; i < 6; i += 1) await c.hit(key, WINDOW_MS, 1000);
    // 1 (first hit) + 5 pending: the threshold starts a sync; wait for its state, not for a time.
    while ((await redis.get(key)) !== '6') await new Promise((r) => setImmediate(r));
    const small = `${prefix}small`;
    await c.hit(small, WINDOW_MS, 5); // a limit of 5: every hit is sent
    await c.hit(small, WINDOW_MS, 5);
    while ((await redis.get(small)) !== '2') await new Promise((r) => setImmediate(r));
  });

  it('holds one limit across two instances: each sees the other once synced, within the documented error', async () => {
    const a = counter();
    const b = counter();
    const key = `${prefix}c`;
    for (let i = 0; i < 10; i += 1) await a.hit(key, WINDOW_MS, 1000);
    // B's first hit reads Redis: A's first hit is there, its other nine are not yet (the error allowed).
    expect((await b.hit(key, WINDOW_MS, 1000)).current).toBe(2);
    await a.sync();
    expect(a.read(key).current).toBe(11); // A's ten and B's first
    expect((await b.hit(key, WINDOW_MS, 1000)).current).toBe(3);
    await b.sync();
    expect(b.read(key).current).toBe(12); // all of them
    // A has not seen B's second hit yet: at most what B had not sent.
    expect((await a.hit(key, WINDOW_MS, 1000)).current).toBe(12);
    await a.sync();
    expect(a.read(key).current).toBe(13);
    expect(await redis.get(key)).toBe('13');
  });

  it('fails a key first hit when Redis cannot be reached (the caller decides: public limits let it through)', async () => {
    const down = new Redis('redis://127.0.0.1:1', { enableOfflineQueue: false, lazyConnect: true, maxRetriesPerRequest: 0 });
    const c = new BatchedCounter({ redis: down, syncIntervalMs: HOUR, syncHits: 20 });
    await expect(c.hit(`${prefix}d`, WINDOW_MS, 10)).rejects.toThrow();
    await c.close();
    down.disconnect();
  });
});

describe('batchedRateLimitStore with @fastify/rate-limit', () => {
  it('refuses the hit past max with 429 and keeps the RedisStore keys (<nameSpace><method><url>-<key>)', async () => {
    const c = counter();
    const app = Fastify();
    await app.register(rateLimit, { global: false, store: batchedRateLimitStore(c, prefix) });
    app.get('/limited', { config: { rateLimit: { max: 3, timeWindow: WINDOW_MS, keyGenerator: () => 'subject' } } }, async () => ({ ok: true }));
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await app.inject({ method: 'GET', url: '/limited' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    await c.sync();
    expect(await redis.get(`${prefix}GET/limited-subject`)).toBe('5');
    await app.close();
  });
});
