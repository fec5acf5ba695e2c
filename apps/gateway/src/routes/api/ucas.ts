import { API_ENDPOINTS, APPLICATIONS_SVC, canManageClearing, COURSES_SVC, routeOf, UCAS_CSV_MAX_CHARS, UCAS_TEXTS } from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailCourseFacts } from '../../applications/submit/decide';
import { forwardedRoute } from '../../service-calls/forwarded-route';

/** 403 unless the user sets Clearing up (Administrator over all courses; applications-svc checks it too). */
const requireAdministrator = async (request: FastifyRequest) => {
  if (!canManageClearing(request.staffUser)) throw new HttpError(403, UCAS_TEXTS.FORBIDDEN);
};

/** A UCAS export as JSON: the CSV's characters (up to UCAS_CSV_MAX_CHARS, UTF-8 up to 4 bytes each is more than enough at 2x) and the envelope. */
const IMPORT_BODY_LIMIT = 2 * UCAS_CSV_MAX_CHARS + 64 * 1024;

/**
 * UCAS reconciliation (docs/domain/ucas-reconciliation.md): the import of UCAS's export, the
 * admin screen's lists, marking a row not matched dealt with, and the confirmation of a lapsed
 * offer, whose withdrawal email names the
 * course (its facts read from courses-svc here, as every decision's are).
 */
export const ucasApiRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.route({
    ...forwardedRoute(fastify, API_ENDPOINTS.deskUcasImport, APPLICATIONS_SVC.ucasImport, { preHandler: [fastify.csrfProtection, requireAdministrator] }),
    bodyLimit: IMPORT_BODY_LIMIT,
  });
  fastify.route(forwardedRoute(fastify, API_ENDPOINTS.deskUcasOverview, APPLICATIONS_SVC.ucasOverview, { preHandler: requireAdministrator }));
  fastify.route(
    forwardedRoute(fastify, API_ENDPOINTS.deskUcasUnmatchedDealtWith, APPLICATIONS_SVC.ucasUnmatchedDealtWith, {
      preHandler: [fastify.csrfProtection, requireAdministrator],
    }),
  );
  fastify.route({
    ...routeOf(API_ENDPOINTS.deskUcasConfirmLapse),
    preHandler: [fastify.csrfProtection, requireAdministrator],
    handler: async (request) => {
      const { UCAS_CODE } = request.body.data;
      const detail = await fastify.services.courses.send(request, COURSES_SVC.detail, { params: { id: UCAS_CODE } });
      return fastify.services.applications.send(request, APPLICATIONS_SVC.ucasConfirmLapse, {
        params: request.params,
        body: { UCAS_CODE, courseFacts: emailCourseFacts(detail) },
      });
    },
  });
};
