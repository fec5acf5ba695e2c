import { courseControlJobSchema, OUTBOX_QUEUES } from '@clearing-desk/contracts';
import { redisConnection, withTimeout } from '@clearing-desk/service-kit';
import { Worker } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { ApplicationsConfig } from '../config';
import type { ApplicationsDatabase } from '../plugins/external/database';
import { applyCourseControl } from './ledger';

/**
 * The places ledger's BullMQ worker on the course-control queue (courses-svc's outbox relay adds
 * each course-control change of CLEARING_PLACES / OFFER_ALLOWANCE; prefix NOTIFICATIONS_QUEUE_PREFIX,
 * the same as courses-svc's EVENTS_QUEUE_PREFIX). One job at a time; each is applied once by its
 * event id (applyCourseControl). While this service is down the jobs wait in the queue and are
 * taken when it is back; a failed apply is retried by the queue (contracts' COURSE_CONTROL_JOB_OPTIONS).
 * `onApplied` runs after a change was committed (the relay is kicked for its course-places event).
 */
export function createCourseControlConsumer(deps: { db: ApplicationsDatabase; config: ApplicationsConfig; log: FastifyBaseLogger; onApplied: () => void }) {
  const lifecycle = { closed: false };
  const connection = redisConnection(deps.config.REDIS_URL, 'blocking', lifecycle);
  const worker = new Worker(
    OUTBOX_QUEUES['course-control'],
    async (job) => {
      const { outboxId, payload } = courseControlJobSchema.parse(job.data);
      const outcome = await applyCourseControl(deps.db, outboxId, payload);
      if (outcome === 'applied') deps.onApplied();
      return outcome;
    },
    { connection, prefix: deps.config.NOTIFICATIONS_QUEUE_PREFIX, concurrency: 1, autorun: false },
  );
  worker.on('error', (err) => deps.log.warn({ err }, 'course-control worker error'));
  worker.on('failed', (job, err) => deps.log.warn({ err, jobId: job?.id }, 'course-control event not applied; it is retried'));
  return {
    start: () => void worker.run().catch((err: unknown) => deps.log.error({ err }, 'course-control consumer stopped')),
    async close() {
      lifecycle.closed = true;
      await withTimeout(worker.close(), 5000, 'closing the course-control consumer').catch(() => undefined);
      connection.disconnect();
    },
  };
}

/** Runs the consumer in applications-svc (after the database and the outbox relay); stops it before the database closes. */
export const courseControlConsumerPlugin = fp<{ config: ApplicationsConfig }>(
  async (fastify, { config }) => {
    const consumer = createCourseControlConsumer({
      db: fastify.db,
      config,
      log: fastify.log.child({ component: 'course-control-consumer' }),
      onApplied: () => fastify.outboxRelay.kick(),
    });
    fastify.addHook('onReady', async () => consumer.start());
    fastify.addHook('onClose', () => consumer.close());
  },
  { name: 'course-control-consumer', dependencies: ['applications-database', 'outbox-relay'] },
);
