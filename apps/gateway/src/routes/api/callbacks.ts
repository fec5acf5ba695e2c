import { API_ENDPOINTS, APPLICATIONS_SVC, canManageClearing, LOGIN_MESSAGES } from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forwardedRoute } from '../../service-calls/forwarded-route';

/** 403 unless the user sets Clearing up (Administrator; applications-svc checks it too). */
const requireAdministrator = async (request: FastifyRequest) => {
  if (!canManageClearing(request.staffUser)) throw new HttpError(403, LOGIN_MESSAGES.FORBIDDEN);
};

/**
 * Callbacks the applicant books (docs/domain/work-queue.md "Callbacks"): public by the status
 * page's hash (writes XSRF-checked, all rate-limited), and the advisers on shift per hour an
 * Administrator sets on the Settings page. applications-svc holds the rule and the lock.
 */
export const callbackApiRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.route(forwardedRoute(fastify, API_ENDPOINTS.callbackSlots, APPLICATIONS_SVC.callbackSlots, { config: fastify.publicRateLimit('assess') }));
  fastify.route(
    forwardedRoute(fastify, API_ENDPOINTS.callbackBook, APPLICATIONS_SVC.callbackBook, {
      config: fastify.publicRateLimit('assess'),
      preHandler: fastify.csrfProtection,
    }),
  );
  fastify.route(
    forwardedRoute(fastify, API_ENDPOINTS.callbackCancel, APPLICATIONS_SVC.callbackCancel, {
      config: fastify.publicRateLimit('assess'),
      preHandler: fastify.csrfProtection,
    }),
  );
  fastify.route(forwardedRoute(fastify, API_ENDPOINTS.deskCallbackCapacity, APPLICATIONS_SVC.callbackCapacity, { preHandler: requireAdministrator }));
  fastify.route(
    forwardedRoute(fastify, API_ENDPOINTS.deskCallbackCapacityUpdate, APPLICATIONS_SVC.callbackCapacityUpdate, {
      preHandler: [fastify.csrfProtection, requireAdministrator],
    }),
  );
};
