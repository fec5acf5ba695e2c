import { OUTBOX_QUEUES } from '@clearing-desk/contracts';
import { redisConnection, registerQueueDepth, registerRedisUp, type ConnectionLifecycle } from '@clearing-desk/service-kit';
import { Queue } from 'bullmq';
import fp from 'fastify-plugin';
import type { ApplicationsConfig } from '../config';

/**
 * The depth of the queues the outbox relay feeds (decision emails for notifications-svc, course
 * places for courses-svc's projection), as `clearing_queue_jobs{queue, state}`, and
 * `clearing_redis_up`: the results-day alerts on the email queue and on failed course-places
 * jobs (a places ledger change courses-svc could not apply) read them (docs/runbooks).
 */
export const queueMetricsPlugin = fp<{ config: ApplicationsConfig }>(
  async (fastify, { config }) => {
    const lifecycle: ConnectionLifecycle = { closed: false };
    const connection = redisConnection(config.REDIS_URL, 'producer', lifecycle);
    const queues = Object.fromEntries(
      Object.values(OUTBOX_QUEUES).map((name) => {
        const queue = new Queue(name, { connection, prefix: config.NOTIFICATIONS_QUEUE_PREFIX });
        queue.on('error', () => undefined);
        return [name, queue];
      }),
    );
    registerQueueDepth(fastify.metricsRegistry, queues);
    registerRedisUp(fastify.metricsRegistry, connection);
    fastify.addHook('onClose', async () => {
      lifecycle.closed = true;
      await Promise.all(Object.values(queues).map((q) => q.close()));
      connection.disconnect();
    });
  },
  { name: 'queue-metrics' },
);
