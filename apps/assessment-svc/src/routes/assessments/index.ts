import { assessmentSchema, assessRequestSchema, errorResponseSchema } from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AssessmentInputError } from '../../assessment';

/**
 * POST /assessments (internal, from the gateway): the course, its qualOptions, the form, the
 * user's role and candidate alternatives in; the assessment out. Bad input is a 400 naming the
 * field, never a 500.
 */
export const assessmentRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.post(
    '/assessments',
    {
      schema: {
        body: assessRequestSchema,
        response: { 200: assessmentSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      try {
        return fastify.assessment.assess(request.body);
      } catch (err) {
        if (err instanceof AssessmentInputError) throw new HttpError(400, err.message);
        throw err;
      }
    },
  );
};
