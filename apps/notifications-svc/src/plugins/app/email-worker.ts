import fp from 'fastify-plugin';
import type { NotificationsConfig } from '../../config';
import { createEmailWorker, type EmailWorkerDeps } from '../../sending/email-worker';
import { createMailer } from '../../sending/mailer';

/**
 * The sending worker inside notifications-svc when NOTIFICATIONS_WORKER_IN_PROCESS (the default);
 * closed before the database. `onAccepted` is for tests only.
 */
export const emailWorkerPlugin = fp<{ config: NotificationsConfig; onAccepted?: EmailWorkerDeps['onAccepted'] }>(
  async (fastify, { config, onAccepted }) => {
    if (!config.NOTIFICATIONS_WORKER_IN_PROCESS) return;
    const mailer = createMailer(config);
    const worker = createEmailWorker({
      config,
      repository: fastify.emailsRepository,
      mailer,
      log: fastify.log.child({ component: 'email-worker' }),
      onAccepted,
    });
    fastify.addHook('onClose', async () => {
      await worker.close();
      mailer.close();
    });
  },
  { name: 'email-worker', dependencies: ['emails-repository'] },
);
