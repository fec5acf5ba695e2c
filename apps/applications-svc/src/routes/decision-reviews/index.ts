import { APPLICATIONS_SVC, DECISION_REVIEW_TEXTS, LOGIN_MESSAGES, routeOf, STATUS_PAGE_MESSAGES } from '@clearing-desk/contracts';
import { HttpError, staffUserFromRequest } from '@clearing-desk/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * A person's review of an automatic decision: the applicant's request (by the status page's hash,
 * with the same 404/410 as the page), the back office's queue and the outcome (emailed). `now` is
 * the clock (tests set their own).
 */
export const decisionReviewRoutes: FastifyPluginAsyncZod<{ now?: () => Date }> = async (fastify, { now = () => new Date() }) => {
  fastify.route({
    ...routeOf(APPLICATIONS_SVC.reviewRequest),
    handler: async (request) => {
      const found = await fastify.applicationsRepository.findByHash(request.params.hash);
      if (!found) throw new HttpError(404, STATUS_PAGE_MESSAGES.NOT_FOUND);
      const ended = now().getTime() > new Date(found.stored.decision.LINK_VALID_UNTIL).getTime();
      if (ended || !found.currentIntake) throw new HttpError(410, STATUS_PAGE_MESSAGES.expired(found.intake));
      const result = await fastify.decisionReviewsRepository.request(request.params.hash, request.body.REASON, now());
      if (result.kind === 'not-found') throw new HttpError(404, STATUS_PAGE_MESSAGES.NOT_FOUND);
      if (result.kind === 'not-automatic') throw new HttpError(409, DECISION_REVIEW_TEXTS.NOT_AUTOMATIC);
      return result.answer;
    },
  });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.reviewList),
    handler: async (request) => {
      const user = staffUserFromRequest(request);
      if (!user) throw new HttpError(403, LOGIN_MESSAGES.FORBIDDEN);
      return { rows: await fastify.decisionReviewsRepository.list(user.roles) };
    },
  });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.reviewOutcome),
    handler: async (request) => {
      const user = staffUserFromRequest(request);
      if (!user) throw new HttpError(403, LOGIN_MESSAGES.FORBIDDEN);
      const result = await fastify.decisionReviewsRepository.decide(request.params.id, request.body, user, now());
      if (result.kind === 'not-found') throw new HttpError(404, DECISION_REVIEW_TEXTS.NOT_FOUND);
      if (result.kind === 'forbidden') throw new HttpError(403, LOGIN_MESSAGES.FORBIDDEN);
      if (result.kind === 'decided') throw new HttpError(409, DECISION_REVIEW_TEXTS.ALREADY_DECIDED);
      fastify.outboxRelay.kick();
      return result.item;
    },
  });
};
