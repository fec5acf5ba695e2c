import { OUTBOX_KINDS, outboxRoutes } from '@clearing-desk/contracts';
import { createService, outboxRelayPlugin } from '@clearing-desk/service-kit';
import { outbox } from './db/schema';
import type { CoursesConfig } from './config';
import { coursesRepositoryPlugin } from './repositories/courses-repository';
import { placesProjectionPlugin } from './places/places-projection';
import { courseStartsPlugin } from './cycle/course-starts';
import { databasePlugin } from './plugins/external/database';
import { courseRoutes } from './routes/courses';

/**
 * Builds courses-svc without listening (tests call `inject` on it; service-kit's runService
listens).
 * Plugin order, the same in every service: external (database), app (repositories), routes.
 */
export async function buildApp(config: CoursesConfig) {
  const app = createService({
    name: 'courses-svc',
    logLevel: config.LOG_LEVEL,
    requestLogSample: config.LOG_REQUEST_SAMPLE,
    internalToken: config.INTERNAL_TOKEN,
    secondaryInternalToken: config.INTERNAL_TOKEN_SECONDARY,
  });
  await app.register(databasePlugin, { config });
  // Course control's events to applications-svc's places ledger, on the queues' shared prefix.
  await app.register(outboxRelayPlugin, {
    table: outbox,
    redisUrl: config.REDIS_URL,
    prefix: config.EVENTS_QUEUE_PREFIX,
    routes: outboxRoutes(OUTBOX_KINDS.COURSE_CONTROL),
    intervalMs: config.OUTBOX_RELAY_INTERVAL_MS,
    batch: config.OUTBOX_RELAY_BATCH,
  });
  await app.register(coursesRepositoryPlugin);
  await app.register(placesProjectionPlugin, { config });
  await app.register(courseStartsPlugin, { config });
  await app.register(courseRoutes);
  return app;
}
