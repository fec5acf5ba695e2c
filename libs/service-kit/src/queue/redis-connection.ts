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

/** How long a shutdown waits for a BullMQ worker to finish its running job and close; past it the job's lock runs out and a live instance takes it. */
export const WORKER_CLOSE_MS = 5000;
/** How long a shutdown waits for a BullMQ queue (a producer) to close. */
export const QUEUE_CLOSE_MS = 3000;

/**
 * Closes BullMQ workers, then queues, on shutdown, each bounded (WORKER_CLOSE_MS, QUEUE_CLOSE_MS):
 * a job that does not finish or a Redis that is down never holds the service's shutdown; a close
 * that times out or fails is passed over, and the caller disconnects its connections next. `name`
 * says whose they are in the timeout's message ('the UCAS worker').
 */
export async function closeQueuesOnShutdown(
  name: string,
  parts: { workers?: readonly { close(): Promise<void> }[]; queues?: readonly { close(): Promise<void> }[] },
): Promise<void> {
  const bounded = (part: { close(): Promise<void> }, ms: number, what: string) =>
    withTimeout(part.close(), ms, `closing the ${name} ${what}`).catch(() => undefined);
  await Promise.all((parts.workers ?? []).map((w) => bounded(w, WORKER_CLOSE_MS, 'worker')));
  await Promise.all((parts.queues ?? []).map((q) => bounded(q, QUEUE_CLOSE_MS, 'queue')));
}
