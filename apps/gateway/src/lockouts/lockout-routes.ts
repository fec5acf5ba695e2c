import { API_ENDPOINTS, canManageSignInLockouts, LOGIN_MESSAGES, routeOf, type StaffUser } from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { GatewayConfig } from '../config';
import { createLoginLimits } from './login-limits';

/**
 * The sign-in lockouts in force and lifting one (an Administrator over all courses:
 * `canManageSignInLockouts`; 403 otherwise):
 * - `GET /admin/auth/lockouts`: `{ rows }`;
 * - `POST /admin/auth/lockouts/lift`: lifts one, answers the rows left.
 * The limits live in Redis (login-limits.ts), shared with the sign-in route that counts them; a
 * Redis failure answers 503.
 */
export const lockoutRoutes: FastifyPluginAsyncZod<{ config: GatewayConfig }> = async (fastify, { config }) => {
  const limits = createLoginLimits(fastify.redis, config);
  /** Runs a limits call; a Redis failure becomes 503. */
  const guarded = async <T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      request.log.error({ err }, 'login rate limit store failed');
      throw new HttpError(503, LOGIN_MESSAGES.SESSIONS_UNAVAILABLE);
    }
  };
  /** 403 unless the user may see and lift lockouts. */
  const requireLockoutManager = async (request: FastifyRequest) => {
    if (!canManageSignInLockouts(request.staffUser)) throw new HttpError(403, LOGIN_MESSAGES.FORBIDDEN);
  };

  fastify.route({
    ...routeOf(API_ENDPOINTS.signInLockouts),
    preHandler: requireLockoutManager,
    handler: async (request) => ({ rows: await guarded(request, () => limits.list()) }),
  });

  fastify.route({
    ...routeOf(API_ENDPOINTS.liftSignInLockout),
    preHandler: [fastify.csrfProtection, requireLockoutManager],
    handler: async (request) => {
      const by = (request.staffUser as StaffUser).username;
      await guarded(request, () => limits.lift(request.body.data, by, request.log));
      return { rows: await guarded(request, () => limits.list()) };
    },
  });
};
