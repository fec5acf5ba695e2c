import { APPLICATIONS_SVC, canManageClearing, EVENT_API_KEY_TEXTS, routeOf } from '@clearing-desk/contracts';
import { HttpError, staffUserFromRequest } from '@clearing-desk/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readEventFeed } from '../../outbox/application-events-feed';

/** The Administrator (over all courses) the gateway forwards, or 403: keys are a setting of the whole product. */
function administrator(request: FastifyRequest): string {
  const user = staffUserFromRequest(request);
  if (!user || !canManageClearing(user)) throw new HttpError(403, EVENT_API_KEY_TEXTS.FORBIDDEN);
  return user.username;
}

/**
 * Application events for the record system: the feed (the gateway has verified the API key and
 * passes the types it may read) and the keys themselves (docs/domain/events.md).
 */
export const eventRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.route({
    ...routeOf(APPLICATIONS_SVC.eventsFeed),
    handler: async (request) => readEventFeed(fastify.db, request.query),
  });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.eventKeys),
    handler: async (request) => {
      administrator(request);
      return { keys: await fastify.eventApiKeysRepository.list() };
    },
  });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.eventKeyCreate),
    handler: async (request) => fastify.eventApiKeysRepository.issue(request.body, administrator(request)),
  });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.eventKeyRevoke),
    handler: async (request) => {
      const result = await fastify.eventApiKeysRepository.revoke(request.params.id, administrator(request));
      if (result === 'not-found') throw new HttpError(404, EVENT_API_KEY_TEXTS.NOT_FOUND);
      if (result === 'revoked') throw new HttpError(409, EVENT_API_KEY_TEXTS.ALREADY_REVOKED);
      return result;
    },
  });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.eventKeyVerify),
    handler: async (request) => {
      const key = await fastify.eventApiKeysRepository.verify(request.body.token);
      if (!key) throw new HttpError(401, EVENT_API_KEY_TEXTS.INVALID);
      return key;
    },
  });
};
