import { courseControlJobSchema, OUTBOX_QUEUES } from '@clearing-desk/contracts';
import { createEventConsumer } from '@clearing-desk/service-kit';
import fp from 'fastify-plugin';
import type { ApplicationsConfig } from '../config';
import { applyCourseControl } from './ledger';

/**
 * The places ledger's consumer of the course-control queue (service-kit's createEventConsumer):
 * courses-svc's outbox relay adds each course-control change of CLEARING_PLACES / OFFER_ALLOWANCE
 * (prefix NOTIFICATIONS_QUEUE_PREFIX, the same as courses-svc's EVENTS_QUEUE_PREFIX). Each is
 * applied once by its event id (applyCourseControl); a change applied kicks the outbox relay for its
 * course-places event. While this service is down the jobs wait in the queue and are taken when it
 * is back; a failed apply is retried by the queue (contracts' COURSE_CONTROL_JOB_OPTIONS). Runs
 * after the database and the outbox relay; stops before the database closes.
 */
export const courseControlConsumerPlugin = fp<{ config: ApplicationsConfig }>(
  async (fastify, { config }) => {
    const consumer = createEventConsumer({
      queue: OUTBOX_QUEUES['course-control'],
      redisUrl: config.REDIS_URL,
      prefix: config.NOTIFICATIONS_QUEUE_PREFIX,
      name: 'course-control consumer',
      log: fastify.log.child({ component: 'course-control-consumer' }),
      handle: async (data) => {
        const { outboxId, payload } = courseControlJobSchema.parse(data);
        const outcome = await applyCourseControl(fastify.db, outboxId, payload, fastify.wallboardAlertSettings);
        if (outcome === 'applied') fastify.outboxRelay.kick();
        return outcome;
      },
    });
    fastify.addHook('onReady', async () => consumer.start());
    fastify.addHook('onClose', () => consumer.close());
  },
  { name: 'course-control-consumer', dependencies: ['applications-database', 'outbox-relay'] },
);
