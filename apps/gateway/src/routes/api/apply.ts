import { API_ENDPOINTS, routeOf } from '@clearing-desk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { submitPublic } from '../../applications/submit';
import { assessmentGatewayPlugin } from '../../plugins/app/assessment-gateway';

/**
 * POST /api/apply/{course} (spec section 7): a public submission, decided at once (domain.md
 * "Public submissions") and stored by applications-svc.
 * 0. While Clearing is closed the public is refused: 403 with the closing message (spec section 4).
 * 1. The course, read fresh from courses-svc (404 passes through): 409 COURSE_SUSPENDED or
 *    COURSE_CLOSED (spec section 8); a course the public cannot apply to (external, or not
 *    intermediary: spec section 4) answers COURSE_CLOSED too.
 * 2. The body: `{ data, token }` with the form and SUBMISSION_ID (400 naming a malformed field),
 *    then the rules of spec section 5 (documents of the course's DOCUMENT_TYPES included) and
 *    second-year entry (400, the messages joined by ' ').
 * 3. The assessment, exactly as POST /api/apply/{course}/assess makes it (shared gateway code).
 * 4. decidePublicOutcome (O/AO|AR, X/AX, S): the public does not choose its status. A STATUS other
 *    than the public button's S is refused (400, nothing read or stored);
 *    REJECTION_REASONS are ignored.
 * 5. Unless the person already applied (then the store answers the stored record of a retried
 *    SUBMISSION_ID, or the duplicate), the documents' file tokens are bound to the application in files-svc (owner SUBMISSION_ID;
 *    idempotent, so a retry binds again): a token that is unknown, not clean or another
 *    application's answers 409 naming the document, and nothing is stored.
 * 6. applications-svc stores it (without documents) in one transaction and answers the record;
 *    the same SUBMISSION_ID again answers the stored record, a second application by the same
 *    person 409 with the duplicate text of spec section 8.
 * Before all of it the public call passes the form guard (plugins/app/form-guard.ts): within its
 * address's budget at once, past it with its form-start token and a solved proof of work (428 asks).
 * The steps are the named submit steps (src/applications/submit/) the staff routes run too.
 */
export const applyApiRoutes: FastifyPluginAsyncZod = async (fastify) => {
  await fastify.register(assessmentGatewayPlugin);

  fastify.route({
    ...routeOf(API_ENDPOINTS.apply),
    config: fastify.publicRateLimit('apply'),
    preValidation: [fastify.applicantRateLimit('apply'), fastify.formGuard],
    preHandler: fastify.csrfProtection,
    handler: async (request) => submitPublic(fastify, request, request.params.course, request.body.data),
  });

  /** GET /api/form-start: the signed token of a public form opened now (contracts' form-guard.ts). */
  fastify.route({
    ...routeOf(API_ENDPOINTS.formStart),
    handler: async () => ({ token: fastify.issueFormStart() }),
  });
};
