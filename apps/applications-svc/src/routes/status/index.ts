import {
  canManageClearing,
  clearingStatusAuditResponseSchema,
  clearingStatusResponseSchema,
  clearingStatusUpdateSchema,
  errorResponseSchema,
  LOGIN_MESSAGES,
} from '@clearing-desk/contracts';
import { HttpError, staffUserFromRequest } from '@clearing-desk/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The user the gateway forwarded, when they may open and close Clearing; else 403 (checked here too, not only at the gateway). */
const clearingManager = (request: FastifyRequest) => {
  const user = staffUserFromRequest(request);
  if (!user || !canManageClearing(user)) throw new HttpError(403, LOGIN_MESSAGES.FORBIDDEN);
  return user;
};

/** Clearing open/closed setting, read by the gateway's /api/admin/status and /api/ping, changed by Administrators. */
export const statusRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get('/status', { schema: { response: { 200: clearingStatusResponseSchema } } }, async () => fastify.clearingStatusRepository.get());

  fastify.put(
    '/status',
    { schema: { body: clearingStatusUpdateSchema, response: { 200: clearingStatusResponseSchema, 400: errorResponseSchema, 403: errorResponseSchema } } },
    async (request) => {
      const user = clearingManager(request);
      await fastify.clearingStatusRepository.set(request.body, user.username);
      request.log.info({ username: user.username, state: request.body.state }, 'clearing setting changed');
      return fastify.clearingStatusRepository.get();
    },
  );

  fastify.get('/status/audit', { schema: { response: { 200: clearingStatusAuditResponseSchema, 403: errorResponseSchema } } }, async (request) => {
    clearingManager(request);
    return { rows: await fastify.clearingStatusRepository.audit() };
  });
};
