import { APPLICATIONS_OUTBOX_ROUTES } from './outbox/routes';
import { createService, outboxRelayPlugin } from '@clearing-desk/service-kit';
import { outbox } from './db/schema';
import { wallboardAnnouncer } from './outbox/wallboard-announce';
import { wallboardAlertsPlugin } from './wallboard/wallboard-alerts';
import { courseControlConsumerPlugin } from './places/course-control-consumer';
import type { ApplicationsConfig } from './config';
import { applicationsRepositoryPlugin } from './repositories/applications-repository';
import { clearingStatusRepositoryPlugin } from './repositories/clearing-status-repository';
import { decisionMetricsPlugin } from './metrics/decision-metrics';
import { intakeCyclePlugin } from './intake/intake-cycle';
import { presencePlugin } from './presence/presence-store';
import { workQueuePlugin } from './queue/work-queue';
import { queueMetricsPlugin } from './metrics/queue-metrics';
import { auditRepositoryPlugin } from './repositories/audit-repository';
import { decisionReviewsRepositoryPlugin } from './repositories/decision-reviews-repository';
import { databasePlugin } from './plugins/external/database';
import { applicationRoutes } from './routes/applications';
import { figuresRoutes } from './routes/figures';
import { placesRoutes } from './routes/places';
import { auditRoutes } from './routes/audit';
import { deskRoutes } from './routes/desk';
import { decisionReviewRoutes } from './routes/decision-reviews';
import { statusRoutes } from './routes/status';
import { callbackRoutes } from './routes/callbacks';
import { wallboardRoutes } from './routes/wallboard';
import { callbacksRepositoryPlugin } from './callbacks/callbacks-repository';
import { eventRoutes } from './routes/events';
import { webhookRoutes } from './routes/events/webhooks';
import { webhooksPlugin } from './webhooks/webhooks-plugin';
import { eventApiKeysRepositoryPlugin } from './repositories/event-api-keys-repository';
import { ucasPlugin } from './ucas/ucas-plugin';
import { ucasRoutes } from './routes/ucas';
import { cycleRepositoryPlugin } from './repositories/cycle-repository';
import { nightlyReconciliationPlugin } from './reconciliation/nightly-reconciliation';
import { reconciliationRoutes } from './routes/reconciliation';
import { clockFromSetting, seedCycle, todayOf } from '@clearing-desk/contracts';

/**
 * What tests may set: `now`, the clock of the status page's cycle end and desk presence (default:
 * the real time) and of the work queue and booked callbacks (default: `clock`),
 * and `clock`, the clock of the Clearing window (default: CLEARING_CLOCK, else the real time).
 */
export type BuildOptions = { now?: () => Date; clock?: () => Date };

/**
 * Builds applications-svc without listening. Plugin order, the same in every service:
 * external (database), app (repositories), routes.
 */
export async function buildApp(config: ApplicationsConfig, options: BuildOptions = {}) {
  const app = createService({
    name: 'applications-svc',
    logLevel: config.LOG_LEVEL,
    requestLogSample: config.LOG_REQUEST_SAMPLE,
    internalToken: config.INTERNAL_TOKEN,
    secondaryInternalToken: config.INTERNAL_TOKEN_SECONDARY,
  });
  await app.register(databasePlugin, { config });
  await app.register(intakeCyclePlugin, { config });
  // Decision emails for notifications-svc; the places ledger's events and the cycle's course starts for courses-svc.
  await app.register(outboxRelayPlugin, {
    table: outbox,
    redisUrl: config.REDIS_URL,
    prefix: config.NOTIFICATIONS_QUEUE_PREFIX,
    routes: APPLICATIONS_OUTBOX_ROUTES,
    intervalMs: config.OUTBOX_RELAY_INTERVAL_MS,
    batch: config.OUTBOX_RELAY_BATCH,
    // Each decision relayed also reaches the stack's wallboards (Redis pub/sub, after the commit).
    announce: wallboardAnnouncer(config.NOTIFICATIONS_QUEUE_PREFIX),
  });
  // Course control's settings from courses-svc, into the places ledger.
  await app.register(courseControlConsumerPlugin, { config });
  await app.register(queueMetricsPlugin, { config });
  const clock = options.clock ?? clockFromSetting(config.CLEARING_CLOCK);
  // The desk's booked callbacks and work queue run on the Clearing clock, so a demo or test stack
  // on results day (CLEARING_CLOCK) offers and hands out that day's calls; tests may set `now`.
  const deskNow = options.now ?? clock;
  await app.register(presencePlugin, { config, now: options.now });
  await app.register(workQueuePlugin, { config, now: deskNow });
  await app.register(clearingStatusRepositoryPlugin);
  // Every store of an offer raises the wallboard's alerts with these settings.
  await app.register(wallboardAlertsPlugin, { config });
  const today = () => todayOf(clock);
  // Offers lapse by the cycle's clock (CLEARING_CLOCK: a test stack sets one, so its deadlines can
  // be passed), the same now as the queue's, so both agree on what is lapsing.
  await app.register(ucasPlugin, { config, now: deskNow });
  await app.register(cycleRepositoryPlugin, { today });
  await app.register(applicationsRepositoryPlugin);
  await app.register(decisionMetricsPlugin);
  await app.register(auditRepositoryPlugin);
  await app.register(decisionReviewsRepositoryPlugin, { responseDays: config.DECISION_REVIEW_RESPONSE_DAYS });
  await app.register(eventApiKeysRepositoryPlugin);
  await app.register(callbacksRepositoryPlugin, { config });
  await app.register(webhooksPlugin, { config });
  await app.register(nightlyReconciliationPlugin, { config, now: options.now });
  await app.register(statusRoutes, { today });
  await app.register(applicationRoutes, { now: options.now, today });
  await app.register(figuresRoutes);
  await app.register(deskRoutes);
  await app.register(auditRoutes, { now: options.now });
  await app.register(placesRoutes);
  await app.register(decisionReviewRoutes, { now: options.now });
  await app.register(eventRoutes);
  await app.register(webhookRoutes);
  await app.register(callbackRoutes, { now: deskNow });
  await app.register(ucasRoutes);
  await app.register(wallboardRoutes, { now: deskNow });
  await app.register(reconciliationRoutes, { now: options.now });
  app.addHook('onReady', async () => {
    await app.clearingStatusRepository.ensure({
      state: config.CLEARING_INITIAL_STATE,
      closing_message: config.CLEARING_INITIAL_CLOSING_MESSAGE ?? null,
    });
    // The first recruitment cycle comes from configuration; later starts keep the stored one.
    await app.cycleRepository.ensure(seedCycle(config));
  });
  return app;
}
