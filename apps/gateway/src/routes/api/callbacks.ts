import { API_ENDPOINTS, APPLICATIONS_SVC, canManageClearing, COURSES_SVC, LOGIN_MESSAGES, routeOf } from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forwardedRoute } from '../../service-calls/forwarded-route';

/** 403 unless the user sets Clearing up (Administrator; applications-svc checks it too). */
const requireAdministrator = async (request: FastifyRequest) => {
  if (!canManageClearing(request.staffUser)) throw new HttpError(403, LOGIN_MESSAGES.FORBIDDEN);
};

/**
 * Callbacks the applicant books (docs/domain/work-queue.md "Callbacks"): public by the status
 * page's hash, and from the course page by someone who has not applied with their private link
 * (writes XSRF-checked, all rate-limited), and the advisers on shift per hour an
 * Administrator sets on the Settings page. applications-svc holds the rule and the lock.
 */
export const callbackApiRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.route(forwardedRoute(fastify, API_ENDPOINTS.callbackSlots, APPLICATIONS_SVC.callbackSlots, { config: fastify.publicRateLimit('assess') }));
  fastify.route(
    forwardedRoute(fastify, API_ENDPOINTS.callbackBook, APPLICATIONS_SVC.callbackBook, {
      config: fastify.publicRateLimit('assess'),
      preHandler: fastify.csrfProtection,
    }),
  );
  fastify.route(
    forwardedRoute(fastify, API_ENDPOINTS.callbackCancel, APPLICATIONS_SVC.callbackCancel, {
      config: fastify.publicRateLimit('assess'),
      preHandler: fastify.csrfProtection,
    }),
  );
  // Calls booked from the course page by someone who has not applied, and their private link (the same slots and lock).
  fastify.route(forwardedRoute(fastify, API_ENDPOINTS.callbackFreeSlots, APPLICATIONS_SVC.callbackFree, { config: fastify.publicRateLimit('assess') }));
  fastify.route({
    ...routeOf(API_ENDPOINTS.callbackRequestBook),
    config: fastify.publicRateLimit('assess'),
    preHandler: fastify.csrfProtection,
    handler: async (request, reply) => {
      const body = request.body.data;
      // The course's school and department (courses-svc; 404 when there is no such course) put the call in those advisers' queue.
      const { courseData } = await fastify.services.courses.send(request, COURSES_SVC.detail, { params: { id: body.UCAS_CODE } });
      const booked = await fastify.services.applications.send(request, APPLICATIONS_SVC.callbackRequestBook, {
        body: { ...body, UCAS_CODE: courseData.UCAS_CODE, SCHOOL: courseData.SCHOOL, DEPT: courseData.DEPT },
      });
      return reply.code(201).send(booked);
    },
  });
  fastify.route(forwardedRoute(fastify, API_ENDPOINTS.callbackRequest, APPLICATIONS_SVC.callbackRequestPage, { config: fastify.publicRateLimit('assess') }));
  fastify.route(
    forwardedRoute(fastify, API_ENDPOINTS.callbackRequestMove, APPLICATIONS_SVC.callbackRequestMove, {
      config: fastify.publicRateLimit('assess'),
      preHandler: fastify.csrfProtection,
    }),
  );
  fastify.route(
    forwardedRoute(fastify, API_ENDPOINTS.callbackRequestCancel, APPLICATIONS_SVC.callbackRequestCancel, {
      config: fastify.publicRateLimit('assess'),
      preHandler: fastify.csrfProtection,
    }),
  );
  fastify.route(forwardedRoute(fastify, API_ENDPOINTS.deskCallbackCapacity, APPLICATIONS_SVC.callbackCapacity, { preHandler: requireAdministrator }));
  fastify.route(
    forwardedRoute(fastify, API_ENDPOINTS.deskCallbackCapacityUpdate, APPLICATIONS_SVC.callbackCapacityUpdate, {
      preHandler: [fastify.csrfProtection, requireAdministrator],
    }),
  );
};
