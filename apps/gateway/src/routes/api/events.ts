import {
  API_ENDPOINTS,
  APPLICATIONS_SVC,
  canManageClearing,
  EVENT_API_KEY_TEXTS,
  routeOf,
  TIMESTAMP_PARAM,
  tooManyRequestsMessage,
  type EventApiKeyVerified,
  WEBHOOK_TEXTS,
} from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { GatewayConfig } from '../../config';
import { forwardedRoute } from '../../service-calls/forwarded-route';

declare module 'fastify' {
  interface FastifyRequest {
    /** The events feed's API key the call carried, once verified (routes/api/events.ts). */
    eventApiKey: EventApiKeyVerified | null;
  }
}

/** 403 unless an Administrator over all courses: API keys open the whole feed, a setting of the product. */
const requireAdministrator = async (request: FastifyRequest) => {
  if (!canManageClearing(request.staffUser)) throw new HttpError(403, EVENT_API_KEY_TEXTS.FORBIDDEN);
};

/** The same rule for webhook endpoints, with its own words. */
const requireWebhookAdministrator = async (request: FastifyRequest) => {
  if (!canManageClearing(request.staffUser)) throw new HttpError(403, WEBHOOK_TEXTS.FORBIDDEN);
};

/**
 * The record system's routes (docs/domain/events.md):
 * - GET /api/v1/events: a page of application events after a cursor, for a client that sends an
 *   API key as `Authorization: Bearer <key>` (401 without one or with an unknown or revoked one,
 *   `WWW-Authenticate: Bearer`), of the event types the key may read; limited per key
 *   (EVENTS_RATE_LIMIT_MAX per EVENTS_RATE_LIMIT_WINDOW_MS, counted on Redis like the public
 *   limits, keyed by the key's id so a record system behind any address keeps its own budget),
 *   429 with Retry-After past it. The key is verified by applications-svc at every call, so a
 *   revocation holds at once on every gateway instance.
 * - the Settings page's keys: list, issue (the secret answered once), revoke (Administrators);
 * - its webhook endpoints: list, register (the signing secret answered once), resume, attempts.
 */
export const eventApiRoutes: FastifyPluginAsyncZod<{ config: GatewayConfig }> = async (fastify, { config }) => {
  fastify.decorateRequest('eventApiKey', null);

  const unauthorised = (reply: FastifyReply, message: string) => {
    void reply.header('www-authenticate', 'Bearer realm="events"');
    return new HttpError(401, message);
  };
  const authenticate = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = /^Bearer +(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw unauthorised(reply, EVENT_API_KEY_TEXTS.MISSING);
    try {
      request.eventApiKey = await fastify.services.applications.send(request, APPLICATIONS_SVC.eventKeyVerify, { body: { token } });
    } catch (err) {
      if (err instanceof HttpError && (err.statusCode === 401 || err.statusCode === 400)) throw unauthorised(reply, EVENT_API_KEY_TEXTS.INVALID);
      throw err;
    }
  };

  fastify.route({
    ...routeOf(API_ENDPOINTS.events),
    onRequest: authenticate,
    config: {
      rateLimit: {
        max: config.EVENTS_RATE_LIMIT_MAX,
        timeWindow: config.EVENTS_RATE_LIMIT_WINDOW_MS,
        // After authenticate (onRequest): the key is known, and a call without one is never counted.
        hook: 'preValidation',
        keyGenerator: (request: FastifyRequest) => `events:key:${request.eventApiKey?.id ?? ''}`,
        errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
          new HttpError(429, tooManyRequestsMessage(Math.max(1, Math.ceil(context.ttl / 1000)))),
      },
    },
    handler: async (request, reply) => {
      const key = request.eventApiKey;
      if (!key) throw unauthorised(reply, EVENT_API_KEY_TEXTS.MISSING);
      void reply.header('cache-control', 'no-store');
      return fastify.services.applications.send(request, APPLICATIONS_SVC.eventsFeed, {
        query: { ...(request.query.after ? { after: request.query.after } : {}), limit: request.query.limit, types: key.eventTypes.join(',') },
      });
    },
  });

  fastify.route({
    ...routeOf(API_ENDPOINTS.adminEventKeys),
    preHandler: requireAdministrator,
    handler: async (request) => {
      const { [TIMESTAMP_PARAM]: _stamp } = request.query;
      return fastify.services.applications.send(request, APPLICATIONS_SVC.eventKeys);
    },
  });
  fastify.route({
    ...routeOf(API_ENDPOINTS.adminEventKeyCreate),
    preHandler: [fastify.csrfProtection, requireAdministrator],
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return fastify.services.applications.send(request, APPLICATIONS_SVC.eventKeyCreate, { body: request.body.data });
    },
  });
  fastify.route(
    forwardedRoute(fastify, API_ENDPOINTS.adminEventKeyRevoke, APPLICATIONS_SVC.eventKeyRevoke, {
      preHandler: [fastify.csrfProtection, requireAdministrator],
    }),
  );

  // Webhook endpoints (signed deliveries by applications-svc): Administrators over all courses.
  fastify.route(forwardedRoute(fastify, API_ENDPOINTS.adminWebhooks, APPLICATIONS_SVC.webhooks, { preHandler: requireWebhookAdministrator }));
  fastify.route(
    forwardedRoute(fastify, API_ENDPOINTS.adminWebhookCreate, APPLICATIONS_SVC.webhookCreate, {
      preHandler: [fastify.csrfProtection, requireWebhookAdministrator],
    }),
  );
  fastify.route(
    forwardedRoute(fastify, API_ENDPOINTS.adminWebhookResume, APPLICATIONS_SVC.webhookResume, {
      preHandler: [fastify.csrfProtection, requireWebhookAdministrator],
    }),
  );
  fastify.route(forwardedRoute(fastify, API_ENDPOINTS.adminWebhookAttempts, APPLICATIONS_SVC.webhookAttempts, { preHandler: requireWebhookAdministrator }));
};
