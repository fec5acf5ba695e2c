import { API_ENDPOINTS, APPLICATIONS_SVC, AUDIT_TEXTS, auditCsv, canManageClearing, routeOf, TIMESTAMP_PARAM } from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * GET /api/admin/audit.csv: the audit trail as a CSV download (Administrators over all courses):
 * staff reads by screen, changes from the History, sign-ins, sign-outs and role changes, oldest
 * first; `student` and `course` narrow it to one application, `from`/`to` to a time range.
 */
export const auditApiRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.route({
    ...routeOf(API_ENDPOINTS.deskAuditCsv),
    preHandler: async (request) => {
      if (!canManageClearing(request.staffUser)) throw new HttpError(403, AUDIT_TEXTS.FORBIDDEN);
    },
    handler: async (request, reply) => {
      const { [TIMESTAMP_PARAM]: _stamp, ...query } = request.query as Record<string, string | undefined>;
      const { rows } = await fastify.services.applications.send(request, APPLICATIONS_SVC.auditExport, { query });
      void reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="clearing-audit.csv"')
        .header('cache-control', 'no-store');
      return auditCsv(rows);
    },
  });
};
