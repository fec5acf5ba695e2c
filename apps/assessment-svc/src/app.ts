import { createService } from '@clearing-desk/service-kit';
import type { AssessmentConfig } from './config';

/** Builds assessment-svc (stateless UCAS Tariff assessment (issue 3)) without listening. */
export async function buildApp(config: AssessmentConfig) {
  const app = createService({ name: 'assessment-svc', logLevel: config.LOG_LEVEL, internalToken: config.INTERNAL_TOKEN });
  return app;
}
