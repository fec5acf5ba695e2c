import { APPLICATIONS_SVC, FIGURES_TEXTS, routeOf } from '@clearing-desk/contracts';
import { HttpError, staffUserFromRequest } from '@clearing-desk/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { wallboardDesk } from '../../wallboard/wallboard-desk';

/**
 * GET /wallboard: the wallboard's desk panels (queue, callbacks, presence, decisions today) in the
 * forwarded user's scopes, called by the gateway's GET /api/admin/wallboard, which checks
 * view-report; a call without a user is refused 403. `now` is the tests' clock.
 */
export const wallboardRoutes: FastifyPluginAsyncZod<{ now?: () => Date }> = async (fastify, { now }) => {
  fastify.route({
    ...routeOf(APPLICATIONS_SVC.wallboardDesk),
    handler: async (request) => {
      const user = staffUserFromRequest(request);
      if (!user) throw new HttpError(403, FIGURES_TEXTS.FORBIDDEN);
      return wallboardDesk(fastify, user, request.query.at_risk_minutes, (now ?? (() => new Date()))());
    },
  });
};
