import { createService } from '@clearing-desk/service-kit';
import type { ScenariosConfig } from './config';

/** Builds scenarios-svc (training scenarios) without listening. */
export async function buildApp(config: ScenariosConfig) {
  const app = createService({ name: 'scenarios-svc', logLevel: config.LOG_LEVEL, internalToken: config.INTERNAL_TOKEN });
  return app;
}
