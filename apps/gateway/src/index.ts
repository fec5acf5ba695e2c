/**
 * Public entry of the gateway (package.json `main`): the app the process entry runs
 * (libs/service-kit `run-service`), and what tests build it from.
 */
import { defineService } from '@clearing-desk/service-kit';
import { buildApp } from './app';
import { gatewayConfigSchema } from './config';

export { buildApp } from './app';
export { gatewayConfigSchema, type GatewayConfig } from './config';

export const service = defineService({ name: 'gateway', configSchema: gatewayConfigSchema, buildApp });
