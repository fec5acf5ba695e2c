import { APPLICATIONS_SVC, AUDIT_TEXTS, canManageClearing, routeOf } from '@clearing-desk/contracts';
import { HttpError, staffUserFromRequest } from '@clearing-desk/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * The audit trail: the gateway's sign-in and role events, and the whole trail for export
 * (Administrators over all courses). An application's own audit is a desk route (routes/desk).
 */
export const auditRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.route({
    ...routeOf(APPLICATIONS_SVC.auditEvent),
    handler: async (request) => {
      await fastify.auditRepository.recordEvent(request.body);
      return { ok: true as const };
    },
  });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.auditExport),
    handler: async (request) => {
      if (!canManageClearing(staffUserFromRequest(request))) throw new HttpError(403, AUDIT_TEXTS.FORBIDDEN);
      return { rows: await fastify.auditRepository.export(request.query) };
    },
  });
};
