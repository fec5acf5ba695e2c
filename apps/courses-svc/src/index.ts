/**
 * Public entry of courses-svc (package.json `main`): the service the process entry runs
 * (libs/service-kit `run-service`), and what tests and tools build it from. The demo catalogue
 * is a separate public entry, `@clearing-desk/courses-svc/seed`.
 */
import { defineService } from '@clearing-desk/service-kit';
import { buildApp } from './app';
import { coursesConfigSchema } from './config';

export { buildApp } from './app';
export { coursesConfigSchema, type CoursesConfig } from './config';

export const service = defineService({ name: 'courses-svc', configSchema: coursesConfigSchema, buildApp });
