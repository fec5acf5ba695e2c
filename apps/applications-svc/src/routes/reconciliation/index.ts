import { APPLICATIONS_SVC, canViewReconciliation, londonCalendarDate, reconcile, RECONCILIATION_TEXTS, routeOf } from '@clearing-desk/contracts';
import { HttpError, staffUserFromRequest } from '@clearing-desk/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countReconciliation } from '../../reconciliation/reconciliation-counts';

/**
 * GET /reconciliation?date=: the reconciliation report of a day (default today in the team's
 * time zone), for a forwarded user with view-report over all courses. `now` fixes the clock (tests).
 */
export const reconciliationRoutes: FastifyPluginAsyncZod<{ now?: () => Date }> = async (fastify, { now = () => new Date() }) => {
  fastify.route({
    ...routeOf(APPLICATIONS_SVC.reconciliation),
    handler: async (request) => {
      if (!canViewReconciliation(staffUserFromRequest(request))) throw new HttpError(403, RECONCILIATION_TEXTS.FORBIDDEN);
      const at = now();
      return reconcile(await countReconciliation(fastify.db, request.query.date ?? londonCalendarDate(at), at));
    },
  });
};
