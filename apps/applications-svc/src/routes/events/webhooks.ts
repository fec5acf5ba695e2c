import { APPLICATIONS_SVC, canManageClearing, routeOf, WEBHOOK_TEXTS } from '@clearing-desk/contracts';
import { HttpError, staffUserFromRequest } from '@clearing-desk/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The Administrator (over all courses) the gateway forwards, or 403. */
function administrator(request: FastifyRequest): string {
  const user = staffUserFromRequest(request);
  if (!user || !canManageClearing(user)) throw new HttpError(403, WEBHOOK_TEXTS.FORBIDDEN);
  return user.username;
}

/** The webhook endpoints of application events: list, register, resume, attempts (docs/domain/events.md "Webhooks"). */
export const webhookRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { repository } = fastify.webhooks;
  fastify.route({
    ...routeOf(APPLICATIONS_SVC.webhooks),
    handler: async (request) => {
      administrator(request);
      return { endpoints: await repository.list() };
    },
  });
  fastify.route({
    ...routeOf(APPLICATIONS_SVC.webhookCreate),
    handler: async (request) => repository.create(request.body, administrator(request)),
  });
  fastify.route({
    ...routeOf(APPLICATIONS_SVC.webhookResume),
    handler: async (request) => {
      administrator(request);
      const result = await repository.resume(request.params.id);
      if (result === 'not-found') throw new HttpError(404, WEBHOOK_TEXTS.NOT_FOUND);
      if (result === 'not-paused') throw new HttpError(409, WEBHOOK_TEXTS.NOT_PAUSED);
      // The backlog's head gets its job now rather than at the next pass.
      await fastify.webhooks.schedule(result.id).catch((err: unknown) => request.log.warn({ err }, 'webhook backlog not scheduled; the next pass does it'));
      return result;
    },
  });
  fastify.route({
    ...routeOf(APPLICATIONS_SVC.webhookAttempts),
    handler: async (request) => {
      administrator(request);
      const attempts = await repository.attempts(request.params.id);
      if (!attempts) throw new HttpError(404, WEBHOOK_TEXTS.NOT_FOUND);
      return { attempts };
    },
  });
};
