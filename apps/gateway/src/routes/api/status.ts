import { clearingStatusResponseSchema, pingResponseSchema } from '@clearing-desk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const timestampQuery = z.object({ _: z.string().optional() });

/** Clearing open/closed (spec sections 4 and 7), answered by applications-svc. */
export const statusApiRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/admin/status',
    { schema: { querystring: timestampQuery, response: { 200: clearingStatusResponseSchema } } },
    async (request) => fastify.services.applications.call(request, { path: '/status', response: clearingStatusResponseSchema }),
  );

  fastify.get(
    '/ping',
    { schema: { querystring: timestampQuery, response: { 200: pingResponseSchema } } },
    async (request) => {
      const { state } = await fastify.services.applications.call(request, { path: '/status', response: clearingStatusResponseSchema });
      return { state };
    },
  );
};
