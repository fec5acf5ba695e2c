import { ASSESSMENT_SVC, routeOf } from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AssessmentInputError } from '../../assessment';

/**
 * ASSESSMENT_SVC.assess (internal, from the gateway): the course, its qualOptions, the form, the
 * user's role and candidate alternatives in; the assessment out. Bad input is a 400 naming the
 * field, never a 500.
 */
export const assessmentRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.route({
    ...routeOf(ASSESSMENT_SVC.assess),
    handler: async (request) => {
      try {
        return fastify.assessment.assess(request.body);
      } catch (err) {
        if (err instanceof AssessmentInputError) throw new HttpError(400, err.message);
        throw err;
      }
    },
  });
};
