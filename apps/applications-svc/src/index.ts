/**
 * Public entry of applications-svc (package.json `main`): the service the process entry runs
 * (libs/service-kit `run-service`), and what tests and benchmarks build it from.
 */
import { defineService } from '@clearing-desk/service-kit';
import { buildApp } from './app';
import { applicationsConfigSchema } from './config';

export { buildApp } from './app';
export { applicationsConfigSchema, type ApplicationsConfig } from './config';
export { createFiguresRepository } from './repositories/figures-repository';
export { createDeskRepository } from './repositories/desk-repository';

export const service = defineService({ name: 'applications-svc', configSchema: applicationsConfigSchema, buildApp });
