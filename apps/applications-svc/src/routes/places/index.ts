import { APPLICATIONS_SVC, routeOf, accessForCourse, canEditCourse, COURSE_UPDATE_MESSAGES } from '@clearing-desk/contracts';
import { HttpError, staffUserFromRequest } from '@clearing-desk/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backfillLedgers, changeSettings, findLedgers } from '../../places/ledger';

/**
 * The places ledger's routes, called by the gateway: course control's change of CLEARING_PLACES /
 * OFFER_ALLOWANCE (the user's role on the course must edit courses: checked here too), the ledgers
 * of a list of courses (the figures screen) and the one-off backfill of the courses' ledgers.
 */
export const placesRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.route({
    ...routeOf(APPLICATIONS_SVC.placesUpdate),
    handler: async (request) => {
      const user = staffUserFromRequest(request);
      const { SCHOOL, DEPT } = request.body;
      if (!user || !canEditCourse(accessForCourse(user.roles, { SCHOOL, DEPT }))) throw new HttpError(403, COURSE_UPDATE_MESSAGES.FORBIDDEN);
      const code = request.params.id.toUpperCase();
      const ledger = await fastify.db.transaction((tx) => changeSettings(tx, code, request.body, user.username));
      fastify.outboxRelay.kick();
      return ledger;
    },
  });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.placesLedgers),
    handler: async (request) => ({ rows: await findLedgers(fastify.db, request.body.courses) }),
  });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.placesBackfill),
    handler: async (request) => {
      const created = await backfillLedgers(fastify.db, request.body);
      if (created.length > 0) fastify.outboxRelay.kick();
      return { created };
    },
  });
};
