import { clearingStatusResponseSchema } from '@clearing-desk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Clearing open/closed setting, read by the gateway's /api/admin/status and /api/ping. */
export const statusRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get('/status', { schema: { response: { 200: clearingStatusResponseSchema } } }, async () =>
    fastify.clearingStatusRepository.get(),
  );
};
