import fp from 'fastify-plugin';
import type { NotificationsConfig } from '../../config';
import { createEmailQueue, type EmailQueue } from '../../sending/email-queue';

declare module 'fastify' {
  interface FastifyInstance {
    emailQueue: EmailQueue;
  }
}

/** The decision-emails queue on Redis (resends are added here); readiness pings Redis. */
export const emailQueuePlugin = fp<{ config: NotificationsConfig }>(
  async (fastify, { config }) => {
    const emailQueue = createEmailQueue(config);
    fastify.decorate('emailQueue', emailQueue);
    fastify.readinessChecks.push(emailQueue.ping);
    // Runs after the in-process worker has closed (onClose hooks run in reverse order).
    fastify.addHook('onClose', () => emailQueue.close({ obliterate: config.NOTIFICATIONS_QUEUE_EPHEMERAL }));
  },
  { name: 'email-queue' },
);
