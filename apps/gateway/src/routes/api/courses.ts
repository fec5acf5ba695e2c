import {
  courseDetailResponseSchema,
  courseIdParamsSchema,
  courseSearchQuerySchema,
  courseSearchResponseSchema,
  errorResponseSchema,
} from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const detailSchema = {
  params: courseIdParamsSchema,
  querystring: z.object({ _: z.string().optional() }),
  response: { 200: courseDetailResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
};

/** Course search and course pages (spec section 7), answered by courses-svc. */
export const courseApiRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/courses',
    { schema: { querystring: courseSearchQuerySchema, response: { 200: courseSearchResponseSchema, 400: errorResponseSchema } } },
    async (request) => {
      const { q, p, page_size, school } = request.query;
      return fastify.services.courses.call(request, { path: '/courses', query: { q, p, page_size, school }, response: courseSearchResponseSchema });
    },
  );

  fastify.get('/courses/:id', { schema: detailSchema }, async (request) =>
    fastify.services.courses.call(request, {
      path: `/courses/${encodeURIComponent(request.params.id)}`,
      response: courseDetailResponseSchema,
    }),
  );

  fastify.get('/admin/courses/:id', { schema: detailSchema }, async (request) => {
    if (!request.staffUser) throw new HttpError(401, 'Not logged in');
    return fastify.services.courses.call(request, {
      path: `/courses/${encodeURIComponent(request.params.id)}`,
      response: courseDetailResponseSchema,
    });
  });
};
