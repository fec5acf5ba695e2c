/**
 * Public entry of notifications-svc (package.json `main`): the service the process entry runs
 * (libs/service-kit `run-service`: npm start's stack, the image), and what tests build it from.
 */
import { defineService } from '@clearing-desk/service-kit';
import { buildApp } from './app';
import { notificationsConfigSchema } from './config';

export { buildApp } from './app';
export { notificationsConfigSchema, type NotificationsConfig } from './config';

export const service = defineService({ name: 'notifications-svc', configSchema: notificationsConfigSchema, buildApp });
