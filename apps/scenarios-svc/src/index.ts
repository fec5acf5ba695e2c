/**
 * Public entry of scenarios-svc (package.json `main`): the service the process entry runs
 * (libs/service-kit `run-service`), and what tests build it from. The demo scenarios are a
 * separate public entry, `@clearing-desk/scenarios-svc/seed`.
 */
import { defineService } from '@clearing-desk/service-kit';
import { buildApp } from './app';
import { scenariosConfigSchema } from './config';

export { buildApp } from './app';
export { scenariosConfigSchema, type ScenariosConfig } from './config';

export const service = defineService({ name: 'scenarios-svc', configSchema: scenariosConfigSchema, buildApp });
