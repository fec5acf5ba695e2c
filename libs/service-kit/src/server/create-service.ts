import { randomUUID } from 'node:crypto';
import { isSafeUrl, UNSAFE_URL_MESSAGE, withSafeText } from '@clearing-desk/contracts';
import Fastify, { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { secretEquals } from '../security/secret-equals';
import { createMetricsRegistry, registerRequestMetrics } from '../metrics/metrics';
import { fastifyTracingPlugin } from '../telemetry/tracing';
import { errorHandler, notFoundHandler } from './error-handler';
import { personalDataSafeLogger, redactUrl } from './redact';

/** Header carrying the request id from the gateway to every service (architecture.md). */
export const REQUEST_ID_HEADER = 'x-request-id';
/** Header carrying the gateway's shared secret. */
export const INTERNAL_TOKEN_HEADER = 'x-internal-token';

/**
 * Request ids accepted from callers (a load balancer, the gateway): short and plain, so that a
 * client cannot write arbitrary text into every log line; anything else is
 * replaced by a fresh UUID.
 */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/** One successful request in this many is logged when no sample is configured (LOG_REQUEST_SAMPLE). */
export const DEFAULT_REQUEST_LOG_SAMPLE = 100;

/** A readiness check resolves when its dependency answers, and throws (ideally a ReadinessError) when not. */
export type ReadinessCheck = () => Promise<void>;

/**
 * Thrown by a readiness check to say which dependency failed: `details` is merged into the 503
 * answer of /readyz, e.g. `{ services: { applications: 'unreachable' } }` or `{ clamd: 'unreachable' }`,
 * so an operator (or Kubernetes' probe log) sees what is down without reading the logs.
 */
export class ReadinessError extends Error {
  constructor(
    message: string,
    readonly details: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ReadinessError';
  }
}

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
  /** A second accepted token (INTERNAL_TOKEN_SECONDARY) while the secret is rotated: both work. */
  secondaryInternalToken?: string;
  logger?: FastifyServerOptions['logger'];
  bodyLimit?: number;
  /**
   * Fastify's trustProxy: which proxies' X-Forwarded-For is believed for `request.ip` (addresses
   * or CIDR ranges). Never `true` on a public entry: any client could then pick its own address.
   */
  trustProxy?: boolean | string[];
  /**
   * Request log lines: one compact line per request logged (method, url,
   * status, ms; the request id from the logger), every 4xx and 5xx kept, and one in
   * `requestLogSample` of the others (1: every request, 0: none). Default DEFAULT_REQUEST_LOG_SAMPLE.
   */
  requestLogSample?: number;
  /** Replaces the JSON 404 (the gateway serves the web app's index.html for page routes). */
  notFoundHandler?: (request: FastifyRequest, reply: FastifyReply) => unknown;
};

/**
 * Creates a Fastify instance assembled the same way for every service: pino logger named after
 * the service, request id taken from `x-request-id` when it matches REQUEST_ID_PATTERN (else a
 * new UUID) and echoed back, zod schemas
 * from libs/contracts as validators (each wrapped with the contracts' `withSafeText`: a NUL or a
 * lone surrogate in any param, query or body string answers 400 naming the field) and
 * serializers, an onRequest guard answering 400 to a URL that does not decode to safe text,
 * one error handler answering `{ message }`,
 * `/healthz` (process alive: the liveness probe) and `/readyz` (every readiness check passes,
 * else 503 `{ message: 'Service Unavailable', ...details }` with the details of a ReadinessError).
 */
export function createService(options: ServiceOptions) {
  const app = Fastify({
    logger: personalDataSafeLogger(options.logger, { level: options.logLevel, name: options.name }),
    // Fastify's own header handling would accept any text; genReqId validates it instead.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers[REQUEST_ID_HEADER];
      return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
    },
    bodyLimit: options.bodyLimit,
    // Fastify's two lines per request (with headers, host, address) cost a tenth of the gateway's
    // CPU at info level: one compact line, sampled, from the onResponse hook below instead.
    // (Through logController: the top-level disableRequestLogging is deprecated, FSTDEP023.)
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: options.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // A first start creates the embedded PGlite database, migrates and seeds it: on a busy 2-core
    // machine that took longer than Fastify's 10 s plugin limit, and the stack gave up.
    pluginTimeout: 120_000,
  }).withTypeProvider<ZodTypeProvider>();

  // Tracing on (startTracing ran in this process): @fastify/otel's server span per request, first
  // of all plugins so that every route and hook registered after it is wrapped.
  const tracing = fastifyTracingPlugin();
  if (tracing) void app.register(tracing);

  // Every route's params, querystring and body pass the contracts' safe-text rule.
  app.setValidatorCompiler(({ schema, ...rest }) =>
    validatorCompiler({ ...rest, schema: schema instanceof z.ZodType ? withSafeText(schema) : (schema as z.ZodType) }),
  );
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(options.notFoundHandler ?? notFoundHandler);
  app.decorate('readinessChecks', [] as ReadinessCheck[]);
  // Request count and latency by route template and status, and the process metrics, in the
  // app's own registry (`app.metricsRegistry`), served on the metrics port by startService.
  registerRequestMetrics(app, createMetricsRegistry(options.name));

  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done(null, payload);
  });

  const sampleEvery = options.requestLogSample ?? DEFAULT_REQUEST_LOG_SAMPLE;
  let answered = 0;
  app.addHook('onResponse', (request, reply, done) => {
    const statusCode = reply.statusCode;
    // A counter, not a random draw: exactly one in N, and a test can tell which.
    const sampled = sampleEvery > 0 && answered++ % sampleEvery === 0;
    if (statusCode >= 400 || sampled) {
      request.log.info({ method: request.method, url: redactUrl(request.url), statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
    }
    done();
  });

  // Raw path and query strings, also those no schema reads (the web app's pages, an unknown
  // route), must decode to safe text before anything uses them.
  app.addHook('onRequest', (request, reply, done) => {
    if (isSafeUrl(request.url)) return done();
    void reply.status(400).send({ message: UNSAFE_URL_MESSAGE });
  });

  if (options.internalToken) {
    const token = options.internalToken;
    const secondary = options.secondaryInternalToken;
    app.addHook('onRequest', async (request, reply) => {
      if (request.url === '/healthz' || request.url === '/readyz') return;
      const sent = request.headers[INTERNAL_TOKEN_HEADER];
      if (!secretEquals(token, sent) && !(secondary !== undefined && secretEquals(secondary, sent))) {
        return reply.status(401).send({ message: 'Unauthorized: services answer the gateway only' });
      }
    });
  }

  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    // Every check runs (in parallel), so the answer names every failing dependency at once.
    const results = await Promise.allSettled(app.readinessChecks.map((check) => check()));
    const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as unknown);
    if (failures.length === 0) return { status: 'ready' };
    app.log.warn({ err: failures[0] }, 'not ready');
    const details: Record<string, unknown> = {};
    for (const failure of failures) {
      if (!(failure instanceof ReadinessError)) continue;
      for (const [key, value] of Object.entries(failure.details)) {
        const known = details[key];
        details[key] = known && typeof known === 'object' && value && typeof value === 'object' ? { ...known, ...value } : value;
      }
    }
    return reply.status(503).send({ message: 'Service Unavailable', ...details });
  });
  return app;
}

export type Service = ReturnType<typeof createService>;
