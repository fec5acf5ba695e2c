import { API_ENDPOINTS, APPLICATIONS_SVC, canViewReconciliation, RECONCILIATION_TEXTS } from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forwardedRoute } from '../../service-calls/forwarded-route';

/** 403 unless the user holds view-report over all courses (the report counts every course). */
const requireReconciliationViewer = async (request: FastifyRequest) => {
  if (!canViewReconciliation(request.staffUser)) throw new HttpError(403, RECONCILIATION_TEXTS.FORBIDDEN);
};

/**
 * GET /api/admin/reconciliation?date=: the daily reconciliation of a day (applications-svc counts
 * the figures, the events feed and each webhook endpoint's deliveries; docs/domain/events.md
 * "Daily reconciliation"). Checked here and again by the service.
 */
export const reconciliationApiRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.route(
    forwardedRoute(fastify, API_ENDPOINTS.reconciliation, APPLICATIONS_SVC.reconciliation, {
      preHandler: requireReconciliationViewer,
      onRequest: async (_request, reply) => {
        void reply.header('cache-control', 'no-store');
      },
    }),
  );
};
