import { HttpError } from '@clearing-desk/service-kit';
import { LOGIN_MESSAGES, wallboardChannel } from '@clearing-desk/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { oidcConfigured } from '../../config';
import { lockoutRoutes } from '../../lockouts/lockout-routes';
import { oidcCallbackRoutes } from '../oidc';
import { applicationApiRoutes } from './applications';
import { assessApiRoutes } from './assess';
import { authApiRoutes, type AuthRoutesOptions } from './auth';
import { courseApiRoutes } from './courses';
import { eventApiRoutes } from './events';
import { fileApiRoutes } from './files';
import { figuresApiRoutes } from './figures';
import { reconciliationApiRoutes } from './reconciliation';
import { scenarioApiRoutes } from './scenarios';
import { statusApiRoutes } from './status';
import { wallboardApiRoutes } from './wallboard';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An /admin route anyone may call (the login, the Clearing status read at load). */
    public?: boolean;
  }
}

/**
 * Every /api route of spec section 7, mounted below BASE_PATH (each declared path starts with
 * '/api'). Every `/api/admin/*` route
 * needs a staff session (401 'Not logged in') unless it says `config: { public: true }`.
 */
export const apiRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (fastify, { config, directory, roleMapping }) => {
  const adminPrefix = `${fastify.prefix}/api/admin/`;
  fastify.addHook('onRequest', async (request) => {
    if (request.routeOptions.url?.startsWith(adminPrefix) && !request.routeOptions.config.public && !request.staffUser) {
      throw new HttpError(401, LOGIN_MESSAGES.NOT_LOGGED_IN);
    }
  });
  await fastify.register(authApiRoutes, { config, directory, roleMapping });
  await fastify.register(lockoutRoutes, { config });
  if (oidcConfigured(config)) await fastify.register(oidcCallbackRoutes, { config, roleMapping });
  await fastify.register(courseApiRoutes);
  await fastify.register(statusApiRoutes);
  await fastify.register(assessApiRoutes);
  await fastify.register(applicationApiRoutes, { config });
  await fastify.register(fileApiRoutes);
  await fastify.register(figuresApiRoutes);
  await fastify.register(wallboardApiRoutes, {
    channel: wallboardChannel(config.NOTIFICATIONS_QUEUE_PREFIX),
    atRiskMinutes: config.WALLBOARD_CALLBACK_AT_RISK_MINUTES,
    thresholds: {
      queue_length: config.WALLBOARD_RED_QUEUE_LENGTH,
      oldest_wait_minutes: config.WALLBOARD_RED_OLDEST_WAIT_MINUTES,
      callbacks_at_risk: config.WALLBOARD_RED_CALLBACKS_AT_RISK,
      callbacks_missed: config.WALLBOARD_RED_CALLBACKS_MISSED,
    },
  });
  await fastify.register(reconciliationApiRoutes);
  await fastify.register(scenarioApiRoutes);
  await fastify.register(eventApiRoutes, { config });
};
