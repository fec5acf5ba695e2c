import { createService } from '@clearing-desk/service-kit';
import type { AssessmentConfig } from './config';
import { assessmentEnginePlugin } from './plugins/app/assessment-engine';
import { assessmentRoutes } from './routes/assessments';

/**
 * Builds assessment-svc (stateless UCAS Tariff assessment) without listening.
 * Plugin order as in every service: external (none: no database, no queue), app (the engine),
 * routes.
 */
export async function buildApp(config: AssessmentConfig) {
  const app = createService({
    name: 'assessment-svc',
    logLevel: config.LOG_LEVEL,
    requestLogSample: config.LOG_REQUEST_SAMPLE,
    internalToken: config.INTERNAL_TOKEN,
    bodyLimit: config.BODY_LIMIT_BYTES,
  });
  await app.register(assessmentEnginePlugin);
  await app.register(assessmentRoutes);
  return app;
}
