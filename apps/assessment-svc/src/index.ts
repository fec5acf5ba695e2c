/**
 * Public entry of assessment-svc (package.json `main`): the service the process entry runs
 * (libs/service-kit `run-service`), and what tests and benchmarks build it from. The engine
 * alone is a separate public entry, `@clearing-desk/assessment-svc/engine`.
 */
import { defineService } from '@clearing-desk/service-kit';
import { buildApp } from './app';
import { assessmentConfigSchema } from './config';

export { buildApp } from './app';
export { assessmentConfigSchema, type AssessmentConfig } from './config';

export const service = defineService({ name: 'assessment-svc', configSchema: assessmentConfigSchema, buildApp });
