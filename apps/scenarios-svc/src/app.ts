import { createService } from '@clearing-desk/service-kit';
import type { ScenariosConfig } from './config';
import { scenariosRepositoryPlugin } from './plugins/app/scenarios-repository';
import { databasePlugin } from './plugins/external/database';
import { scenarioRoutes } from './routes/scenarios';

/**
 * Builds scenarios-svc (training scenarios) without listening. Plugin order, the same in every
 * service: external (database), app (repositories), routes.
 */
export async function buildApp(config: ScenariosConfig) {
  const app = createService({
    name: 'scenarios-svc',
    logLevel: config.LOG_LEVEL,
    requestLogSample: config.LOG_REQUEST_SAMPLE,
    internalToken: config.INTERNAL_TOKEN,
  });
  await app.register(databasePlugin, { config });
  await app.register(scenariosRepositoryPlugin);
  await app.register(scenarioRoutes);
  return app;
}
