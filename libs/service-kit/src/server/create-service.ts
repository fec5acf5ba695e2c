import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { errorHandler, notFoundHandler } from './error-handler';

/** Header carrying the request id from the gateway to every service (architecture.md). */
export const REQUEST_ID_HEADER = 'x-request-id';
/** Header carrying the gateway's shared secret. */
export const INTERNAL_TOKEN_HEADER = 'x-internal-token';

export type ReadinessCheck = () => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Checks /readyz runs; plugins push theirs (database ping, queue connection). */
    readinessChecks: ReadinessCheck[];
  }
}

export type ServiceOptions = {
  name: string;
  logLevel: string;
  /** When set, every route but /healthz and /readyz needs this in `x-internal-token`. */
  internalToken?: string;
  logger?: FastifyServerOptions['logger'];
  bodyLimit?: number;
  trustProxy?: boolean;
  /** Replaces the JSON 404 (the gateway serves the web app's index.html for page routes). */
  notFoundHandler?: (request: FastifyRequest, reply: FastifyReply) => unknown;
};

/**
 * Creates a Fastify instance assembled the same way for every service: pino logger named after
 * the service, request id taken from `x-request-id` (or generated) and echoed back, zod schemas
 * from libs/contracts as validators and serializers, one error handler answering `{ message }`,
 * `/healthz` (process alive) and `/readyz` (every readiness check passes, else 503).
 */
export function createService(options: ServiceOptions) {
  const app = Fastify({
    logger: options.logger ?? { level: options.logLevel, name: options.name },
    requestIdHeader: REQUEST_ID_HEADER,
    genReqId: () => randomUUID(),
    bodyLimit: options.bodyLimit,
    trustProxy: options.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(options.notFoundHandler ?? notFoundHandler);
  app.decorate('readinessChecks', [] as ReadinessCheck[]);

  app.addHook('onSend', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });

  if (options.internalToken) {
    const token = options.internalToken;
    app.addHook('onRequest', async (request, reply) => {
      if (request.url === '/healthz' || request.url === '/readyz') return;
      if (request.headers[INTERNAL_TOKEN_HEADER] !== token) {
        return reply.status(401).send({ message: 'Unauthorized: services answer the gateway only' });
      }
    });
  }

  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    try {
      for (const check of app.readinessChecks) await check();
      return { status: 'ready' };
    } catch (err) {
      app.log.warn({ err }, 'not ready');
      return reply.status(503).send({ message: 'Service Unavailable' });
    }
  });
  return app;
}

export type Service = ReturnType<typeof createService>;
