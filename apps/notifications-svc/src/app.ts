import { createService } from '@clearing-desk/service-kit';
import type { NotificationsConfig } from './config';
import { emailWorkerPlugin } from './plugins/app/email-worker';
import { emailsRepositoryPlugin } from './repositories/emails-repository';
import { databasePlugin } from './plugins/external/database';
import { emailQueuePlugin } from './plugins/external/email-queue';
import { emailRoutes } from './routes/emails';
import { emailErasureRoutes } from './routes/emails/erasure';
import type { EmailWorkerDeps } from './sending/email-worker';

export type BuildOptions = { onAccepted?: EmailWorkerDeps['onAccepted'] };

/**
 * Builds notifications-svc (decision emails) without listening. Plugin order, the same
 * in every service: external (database, Redis queue), app (repository, sending worker), routes.
 */
export async function buildApp(config: NotificationsConfig, options: BuildOptions = {}) {
  const app = createService({
    name: 'notifications-svc',
    logLevel: config.LOG_LEVEL,
    requestLogSample: config.LOG_REQUEST_SAMPLE,
    internalToken: config.INTERNAL_TOKEN,
    secondaryInternalToken: config.INTERNAL_TOKEN_SECONDARY,
  });
  await app.register(databasePlugin, { config });
  await app.register(emailQueuePlugin, { config });
  await app.register(emailsRepositoryPlugin);
  await app.register(emailWorkerPlugin, { config, onAccepted: options.onAccepted });
  await app.register(emailRoutes, { config });
  await app.register(emailErasureRoutes);
  return app;
}
