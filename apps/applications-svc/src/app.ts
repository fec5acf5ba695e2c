import { createService } from '@clearing-desk/service-kit';
import type { ApplicationsConfig } from './config';
import { applicationsRepositoryPlugin } from './plugins/app/applications-repository';
import { clearingStatusRepositoryPlugin } from './plugins/app/clearing-status-repository';
import { decisionMetricsPlugin } from './plugins/app/decision-metrics';
import { auditRepositoryPlugin } from './plugins/app/audit-repository';
import { decisionReviewsRepositoryPlugin } from './plugins/app/decision-reviews-repository';
import { intakeCyclePlugin } from './plugins/app/intake-cycle';
import { outboxRelayPlugin } from './plugins/app/outbox-relay';
import { databasePlugin } from './plugins/external/database';
import { applicationRoutes } from './routes/applications';
import { figuresRoutes } from './routes/figures';
import { placesRoutes } from './routes/places';
import { auditRoutes } from './routes/audit';
import { deskRoutes } from './routes/desk';
import { decisionReviewRoutes } from './routes/decision-reviews';
import { statusRoutes } from './routes/status';

/** What tests may set: `now`, the clock of the status page's cycle end (default: the real time). */
export type BuildOptions = { now?: () => Date };

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
  });
  await app.register(databasePlugin, { config });
  await app.register(intakeCyclePlugin, { config });
  // PLACES_GUARD 'off' only in tools/bench/places (config.ts): the repositories then leave the ledger alone.
  app.decorate('placesGuard', config.PLACES_GUARD === 'on');
  await app.register(outboxRelayPlugin, { config });
  await app.register(clearingStatusRepositoryPlugin);
  await app.register(applicationsRepositoryPlugin);
  await app.register(decisionMetricsPlugin);
  await app.register(auditRepositoryPlugin);
  await app.register(decisionReviewsRepositoryPlugin, { responseDays: config.DECISION_REVIEW_RESPONSE_DAYS });
  await app.register(statusRoutes);
  await app.register(applicationRoutes, { now: options.now });
  await app.register(figuresRoutes);
  await app.register(deskRoutes);
  await app.register(auditRoutes);
  await app.register(placesRoutes);
  await app.register(decisionReviewRoutes, { now: options.now });
  app.addHook('onReady', async () => {
    await app.clearingStatusRepository.ensure({
      state: config.CLEARING_INITIAL_STATE,
      closing_message: config.CLEARING_INITIAL_CLOSING_MESSAGE ?? null,
    });
  });
  return app;
}
