import { APPLICATIONS_SVC, routeOf, canManageClearing, LOGIN_MESSAGES } from '@clearing-desk/contracts';
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
  fastify.route({ ...routeOf(APPLICATIONS_SVC.status), handler: async () => fastify.clearingStatusRepository.get() });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.statusUpdate),
    handler: async (request) => {
      const user = clearingManager(request);
      await fastify.clearingStatusRepository.set(request.body, user.username);
      request.log.info({ username: user.username, state: request.body.state }, 'clearing setting changed');
      return fastify.clearingStatusRepository.get();
    },
  });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.statusAudit),
    handler: async (request) => {
      clearingManager(request);
      return { rows: await fastify.clearingStatusRepository.audit() };
    },
  });
};
