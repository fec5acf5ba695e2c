import { Gauge, type Registry } from '@prometheus-io/client';

/** BullMQ's states a queue's depth is reported in. */
export const QUEUE_DEPTH_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/** What the gauge asks of a BullMQ Queue. */
export type CountableQueue = { getJobCounts: (...states: (typeof QUEUE_DEPTH_STATES)[number][]) => Promise<Record<string, number>> };

/**
 * `clearing_queue_jobs{queue, state}`: each queue's jobs by state, read from Redis at each scrape
 * (the results-day alerts watch the email queue's depth and the course-places queue's failed
 * jobs: docs/runbooks). While Redis does not answer the series are left out of the scrape
 * rather than reporting stale depths (and `clearing_redis_up` says why).
 */
export function registerQueueDepth(registry: Registry, queues: Record<string, CountableQueue>): Gauge<'queue' | 'state'> {
  return new Gauge({
    name: 'clearing_queue_jobs',
    help: 'Jobs in a BullMQ queue by state (waiting, active, delayed, failed)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      await Promise.all(
        Object.entries(queues).map(async ([queue, q]) => {
          try {
            const counts = await q.getJobCounts(...QUEUE_DEPTH_STATES);
            for (const state of QUEUE_DEPTH_STATES) this.set({ queue, state }, counts[state] ?? 0);
          } catch {
            // Left out: an absent series, not a stale one.
          }
        }),
      );
    },
  });
}

/** `clearing_redis_up`: 1 while the connection is ready, else 0 (the RedisDown alert). */
export function registerRedisUp(registry: Registry, redis: { status: string }): Gauge {
  return new Gauge({
    name: 'clearing_redis_up',
    help: 'Whether this process has a ready Redis connection (1) or not (0)',
    registers: [registry],
    collect() {
      this.set(redis.status === 'ready' ? 1 : 0);
    },
  });
}
