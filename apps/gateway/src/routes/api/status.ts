import { API_ENDPOINTS, APPLICATIONS_SVC, canManageClearing, LOGIN_MESSAGES, routeOf, type ClearingStatusResponse } from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forwardedRoute } from '../../service-calls/forwarded-route';

/** 403 unless the user may open and close Clearing (an Administrator over all courses). */
const requireClearingManager = async (request: FastifyRequest) => {
  if (!canManageClearing(request.staffUser)) throw new HttpError(403, LOGIN_MESSAGES.FORBIDDEN);
};

/**
 * Clearing open/closed (spec sections 4 and 7) and the recruitment cycle, kept by applications-svc. Anyone reads it (the
 * web app calls GET /api/admin/status at load); an Administrator changes it (PUT, audited with
 * user and time) and reads the audit log.
 */
export const statusApiRoutes: FastifyPluginAsyncZod = async (fastify) => {
  /**
   * Clearing open/closed as applications-svc last said it. Every page load asks for it, so while
   * applications-svc is unreachable (503/504: killed, restarting, deploying) the public reads the
   * last known answer instead of a 5xx (the results-day load test found the
   * status and ping routes failing for as long as applications-svc was down). Any other answer
   * passes through; with nothing known yet the 503 does too. Only this gateway process's memory:
   * a change made while the service is down cannot exist, since applications-svc makes it.
   */
  let lastKnown: ClearingStatusResponse | undefined;
  const readStatus = async (request: FastifyRequest): Promise<ClearingStatusResponse> => {
    try {
      lastKnown = await fastify.services.applications.send(request, APPLICATIONS_SVC.status);
      return lastKnown;
    } catch (err) {
      if (!(err instanceof HttpError) || (err.statusCode !== 503 && err.statusCode !== 504) || !lastKnown) throw err;
      request.log.warn({ service: 'applications' }, 'applications-svc unreachable: answering the last known Clearing status');
      return lastKnown;
    }
  };

  fastify.route({ ...routeOf(API_ENDPOINTS.clearingStatus), config: { public: true }, handler: async (request) => readStatus(request) });

  fastify.route({
    ...routeOf(API_ENDPOINTS.clearingStatusUpdate),
    preHandler: [fastify.csrfProtection, requireClearingManager],
    handler: async (request) => (lastKnown = await fastify.services.applications.send(request, APPLICATIONS_SVC.statusUpdate, { body: request.body.data })),
  });

  fastify.route(forwardedRoute(fastify, API_ENDPOINTS.clearingStatusAudit, APPLICATIONS_SVC.statusAudit, { preHandler: requireClearingManager }));

  // The recruitment cycle (domain.md "Recruitment cycles"): an Administrator reads it and rolls it
  // to the next (applications-svc does the roll and the course moves' outbox row in one transaction).
  fastify.route(forwardedRoute(fastify, API_ENDPOINTS.recruitmentCycle, APPLICATIONS_SVC.cycle, { preHandler: requireClearingManager }));
  fastify.route(
    forwardedRoute(fastify, API_ENDPOINTS.recruitmentCycleRoll, APPLICATIONS_SVC.cycleRoll, { preHandler: [fastify.csrfProtection, requireClearingManager] }),
  );

  fastify.route({
    ...routeOf(API_ENDPOINTS.ping),
    config: { passive: true },
    handler: async (request) => {
      const { state } = await readStatus(request);
      return { state };
    },
  });
};
