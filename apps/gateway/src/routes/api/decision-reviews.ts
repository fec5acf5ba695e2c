import { API_ENDPOINTS, APPLICATIONS_SVC, canReviewDecisions, LOGIN_MESSAGES } from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forwardedRoute } from '../../service-calls/forwarded-route';

/** 403 unless the user may set statuses somewhere (applications-svc checks the course of each review too). */
const requireReviewer = async (request: FastifyRequest) => {
  if (!canReviewDecisions(request.staffUser)) throw new HttpError(403, LOGIN_MESSAGES.FORBIDDEN);
};

/**
 * A person's review of an automatic decision (UK GDPR Article 22 safeguards): the applicant asks
 * from the status page (public, by its hash, XSRF-checked and rate-limited); the back office reads
 * the queue and records each outcome, which applications-svc emails through its outbox.
 */
export const decisionReviewApiRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.route(
    forwardedRoute(fastify, API_ENDPOINTS.decisionReviewRequest, APPLICATIONS_SVC.reviewRequest, {
      config: fastify.publicRateLimit('assess'),
      preHandler: fastify.csrfProtection,
    }),
  );
  fastify.route(forwardedRoute(fastify, API_ENDPOINTS.deskDecisionReviews, APPLICATIONS_SVC.reviewList, { preHandler: requireReviewer }));
  fastify.route(
    forwardedRoute(fastify, API_ENDPOINTS.deskDecisionReviewOutcome, APPLICATIONS_SVC.reviewOutcome, {
      preHandler: [fastify.csrfProtection, requireReviewer],
    }),
  );
};
