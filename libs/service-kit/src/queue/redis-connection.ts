import { Redis } from 'ioredis';

/** Set `closed` once the owner shuts down: its connections (and BullMQ's copies) stop reconnecting. */
export type ConnectionLifecycle = { closed: boolean };

/**
 * A Redis connection for BullMQ. Blocking clients (workers, queue events) must retry forever
 * (`maxRetriesPerRequest: null`); a producer fails fast (`producer`) so its caller learns at once
 * that Redis is down instead of hanging. Reconnects back off up to 2 s until `lifecycle.closed`;
 * BullMQ's duplicates inherit the same strategy, so none keeps a process alive after close.
 * (One helper for every queue: files-svc scans, the decision-email outbox and worker.)
 */
export function redisConnection(url: string, role: 'producer' | 'blocking', lifecycle: ConnectionLifecycle): Redis {
  const retryStrategy = (times: number) => (lifecycle.closed ? null : Math.min(times * 200, 2000));
  const redis = new Redis(
    url,
    role === 'producer' ? { maxRetriesPerRequest: 1, enableOfflineQueue: false, retryStrategy } : { maxRetriesPerRequest: null, retryStrategy },
  );
  redis.on('error', () => undefined); // reported through failed commands and readiness
  return redis;
}

/** `promise`, or a rejection naming `what` after `ms`. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
