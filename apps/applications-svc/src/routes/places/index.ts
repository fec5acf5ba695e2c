import {
  accessForCourse,
  canEditCourse,
  COURSE_UPDATE_MESSAGES,
  courseIdParamsSchema,
  errorResponseSchema,
  placesLedgerSchema,
  placesUpdateRequestSchema,
} from '@clearing-desk/contracts';
import { HttpError, staffUserFromRequest } from '@clearing-desk/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeSettings, findLedgers } from '../../plugins/app/places-ledger';

/**
 * The places ledger's routes (issue 23), called by the gateway: course control's change of
 * CLEARING_PLACES / OFFER_ALLOWANCE (the user's role on the course must edit courses: checked here
 * too), and the ledgers of a list of courses (the figures screen).
 */
export const placesRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.put(
    '/places/:id',
    {
      schema: {
        params: courseIdParamsSchema,
        body: placesUpdateRequestSchema,
        response: { 200: placesLedgerSchema, 400: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => {
      const user = staffUserFromRequest(request);
      const { SCHOOL, DEPT } = request.body;
      if (!user || !canEditCourse(accessForCourse(user.roles, { SCHOOL, DEPT }))) throw new HttpError(403, COURSE_UPDATE_MESSAGES.FORBIDDEN);
      const code = request.params.id.toUpperCase();
      const ledger = await fastify.db.transaction((tx) => changeSettings(tx, code, request.body, user.username));
      fastify.outboxRelay.kick();
      return ledger;
    },
  );

  fastify.post(
    '/places/ledgers',
    {
      schema: {
        body: z.object({ courses: z.array(z.string().min(1).max(32)).max(5000) }),
        response: { 200: z.object({ rows: z.array(placesLedgerSchema) }), 400: errorResponseSchema },
      },
    },
    async (request) => ({ rows: await findLedgers(fastify.db, request.body.courses) }),
  );
};
