import { API_ENDPOINTS, COURSES_SVC, courseEtag, routeOf } from '@clearing-desk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forwardedRoute } from '../../service-calls/forwarded-route';

/** Course search and course pages (spec section 7), answered by courses-svc. */
export const courseApiRoutes: FastifyPluginAsyncZod = async (fastify) => {
  // One-to-one: courses-svc's answer, validated, goes on as its text.
  fastify.route(forwardedRoute(fastify, API_ENDPOINTS.courseSearch, COURSES_SVC.search));
  fastify.route(forwardedRoute(fastify, API_ENDPOINTS.course, COURSES_SVC.detail));

  // The staff user travels in the user header, so courses-svc answers the user's `access`; places
  // left are the ledger's (the staff course page, the application form's course and course control
  // show them), not courses-svc's projection. The ETag lets course control send If-Match with its changes.
  fastify.route({
    ...routeOf(API_ENDPOINTS.deskCourse),
    handler: async (request, reply) => {
      const detail = await fastify.places.withLedgerPlaces(
        request,
        await fastify.services.courses.send(request, COURSES_SVC.detail, { params: request.params }),
      );
      void reply.header('etag', courseEtag(detail.courseData)).header('cache-control', 'no-store');
      return detail;
    },
  });

  /**
   * Course control: the changed editable courseData fields in `{ data, token }`, sent in one call
   * to courses-svc, their one owner (it checks If-Match, edit-course and the rules, and a change of
   * CLEARING_PLACES / OFFER_ALLOWANCE reaches applications-svc's places ledger as an outbox event
   * in its transaction). Answers the course as GET does, with its new ETag and the places left the
   * saved settings give (places.afterControl). 403 unless the user's access on the course has
   * edit-course; 412 when If-Match names an older version of the course.
   */
  fastify.route({
    ...routeOf(API_ENDPOINTS.deskCourseUpdate),
    preHandler: fastify.csrfProtection,
    handler: async (request, reply) => {
      const ifMatch = typeof request.headers['if-match'] === 'string' ? request.headers['if-match'] : undefined;
      const saved = await fastify.services.courses.send(request, COURSES_SVC.update, { params: request.params, body: { data: request.body.data, ifMatch } });
      const answer = await fastify.places.afterControl(request, saved);
      void reply.header('etag', courseEtag(answer.courseData)).header('cache-control', 'no-store');
      return answer;
    },
  });

  /**
   * Course control's explicit Close and Reopen (the course control screen and the wallboard, each
   * after a confirmation naming the course): courses-svc keeps the external vacancies at Close and
   * restores them at Reopen (409 when the course is already in that state). Answers the course as
   * GET does, with its new ETag.
   */
  for (const [route, call] of [
    [API_ENDPOINTS.deskCourseClose, COURSES_SVC.close],
    [API_ENDPOINTS.deskCourseReopen, COURSES_SVC.reopen],
  ] as const) {
    fastify.route({
      ...routeOf(route),
      preHandler: fastify.csrfProtection,
      handler: async (request, reply) => {
        const detail = await fastify.places.withLedgerPlaces(request, await fastify.services.courses.send(request, call, { params: request.params }));
        void reply.header('etag', courseEtag(detail.courseData)).header('cache-control', 'no-store');
        return detail;
      },
    });
  }

  /** A course's change history, newest first (users who may edit the course). */
  fastify.route(forwardedRoute(fastify, API_ENDPOINTS.deskCourseHistory, COURSES_SVC.history));
};
