import { API_ENDPOINTS, FORM_OPEN_HEADER, LOGIN_MESSAGES, routeOf, toAssessForm } from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assessmentGatewayPlugin } from '../../plugins/app/assessment-gateway';
import { sendJsonText } from '../../plugins/app/service-clients';

export { ASSESS_CACHE_TTL_MS } from '../../plugins/app/assessment-gateway';

/**
 * POST /api/apply/{course}/assess (spec section 7): assesses the form values (without documents)
 * for a course with the shared assessment gateway (plugins/app/assessment-gateway.ts): the course
 * with its qualOptions and the user's access from courses-svc (404 passes through; for the public,
 * a course that takes no application answers 409 COURSE_SUSPENDED / COURSE_CLOSED, contracts'
 * courseClosedCode), the qualification items checked
 * against the course (400 naming the field), then assessment-svc, with the school's courses as
 * alternatives when the light is red. Course reads are reused for ASSESS_CACHE_TTL_MS.
 * A call from an open staff form (FORM_OPEN_HEADER) without a staff session answers 401 'Not
 * logged in' rather than the public's buttons: a staff form never silently turns into the public
 * one when its session ends (domain.md 'Staff sessions on results day'); it asks to sign in.
 */
export const assessApiRoutes: FastifyPluginAsyncZod = async (fastify) => {
  await fastify.register(assessmentGatewayPlugin);

  fastify.route({
    ...routeOf(API_ENDPOINTS.assess),
    config: fastify.publicRateLimit('assess'),
    preValidation: fastify.applicantRateLimit('assess'),
    preHandler: fastify.csrfProtection,
    handler: async (request, reply) => {
      if (!request.staffUser && request.headers[FORM_OPEN_HEADER] === '1') throw new HttpError(401, LOGIN_MESSAGES.NOT_LOGGED_IN);
      const detail = await fastify.assessmentGateway.course(request, request.params.course);
      // The public is told at once when the course takes no application. Staff are not: they also
      // re-assess applications that exist on courses closed since (a withdrawal on a full course
      // returns its place, domain.md "Places"); a staff create is refused when it is submitted.
      if (!request.staffUser) fastify.assessmentGateway.assertOpen(detail.courseData);
      const { resultJson } = await fastify.assessmentGateway.assess(request, detail, toAssessForm(request.body.data));
      // assessment-svc's answer, validated against the same assessmentSchema, goes on as its text:
      // no second validation and serialisation of it here.
      return sendJsonText(reply, `{"result":${resultJson}}`);
    },
  });
};
