/**
 * Public entry of files-svc (package.json `main`): the service the process entry runs
 * (libs/service-kit `run-service`), and what tests and benchmarks build it from. The standalone
 * scan worker is its own process entry, `src/worker.ts`.
 */
import { defineService } from '@clearing-desk/service-kit';
import { buildApp } from './app';
import { filesConfigSchema } from './config';

export { buildApp, type BuildOptions } from './app';
export { filesConfigSchema, type FilesConfig } from './config';

export const service = defineService({ name: 'files-svc', configSchema: filesConfigSchema, buildApp });
