import {
  accessForCourse,
  courseDetailResponseSchema,
  courseIdParamsSchema,
  courseSearchQuerySchema,
  courseSearchResponseSchema,
  errorResponseSchema,
} from '@clearing-desk/contracts';
import { HttpError, staffUserFromRequest } from '@clearing-desk/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * Course catalogue routes (spec section 7), called by the gateway's /api/courses and
 * /api/admin/courses/{id}.
 */
export const courseRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/courses',
    {
      schema: {
        querystring: courseSearchQuerySchema,
        response: { 200: courseSearchResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => fastify.coursesRepository.search(request.query),
  );

  fastify.get(
    '/courses/:id',
    {
      schema: {
        params: courseIdParamsSchema,
        response: { 200: courseDetailResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const found = await fastify.coursesRepository.find(request.params.id);
      if (!found) throw new HttpError(404, `Course ${request.params.id} not found`);
      const user = staffUserFromRequest(request);
      return { ...found, access: accessForCourse(user?.roles, found.courseData) };
    },
  );
};
