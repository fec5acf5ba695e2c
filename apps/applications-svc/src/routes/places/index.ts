import { APPLICATIONS_SVC, routeOf } from '@clearing-desk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backfillLedgers, findLedgers } from '../../places/ledger';

/**
 * The places ledger's routes, called by the gateway: the ledgers of a list of courses (the
 * figures screen, places left) and the one-off backfill of the courses' ledgers. Course control's
 * settings come as courses-svc's events (places/course-control-consumer.ts), never by a call.
 */
export const placesRoutes: FastifyPluginAsyncZod = async (fastify) => {
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
