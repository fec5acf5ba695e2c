import { errorResponseSchema, fillPath, successSchema, USER_HEADER, type Endpoint, type EndpointInput, type SuccessOf } from '@clearing-desk/contracts';
import { encodeStaffUser, HttpError, INTERNAL_TOKEN_HEADER, REQUEST_ID_HEADER } from '@clearing-desk/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import type { GatewayConfig } from '../../config';
import { createInstanceBalancer } from './instance-balancer';

export type ServiceName = 'courses' | 'applications' | 'assessment' | 'files' | 'scenarios' | 'notifications';

export type ServiceCall<S extends z.ZodType> = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, unknown>;
  body?: unknown;
  /**
   * The body already serialised as JSON, instead of `body`: a caller that sends the same large
   * parts again and again (the course and its qualOptions of every assessment) keeps them serialised.
   */
  json?: string;
  /** Contract schema the service's 2xx answer must satisfy. */
  response: S;
};

/** Answer of a service: its status and either the validated body or its `{ message }`. */
export class ServiceError extends HttpError {
  constructor(
    statusCode: number,
    message: string,
    /** The service's parsed JSON answer, for structured refusals (e.g. files-svc's fileClaimErrorSchema). */
    readonly body?: unknown,
  ) {
    super(statusCode, message);
  }
}

/**
 * Error codes of a connection that failed before any answer: refused (the service is restarting),
 * reset, or a kept-alive socket the service closed (undici's UND_ERR_SOCKET). A timeout is not one
 * of them (the service may still be working on it) and neither is any HTTP answer.
 */
const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

/** True when `err` is a connection error worth one retry of an idempotent call (issue 14 item 4). */
export function isConnectionError(err: unknown): boolean {
  return errorCodes(err).some((code) => CONNECTION_ERROR_CODES.has(code));
}

/**
 * The `code`s of an error and its causes. Not `instanceof Error`: Node's own socket errors may
 * come from another realm (Jest's module sandbox), and they are the ones that matter here.
 */
function errorCodes(err: unknown): string[] {
  const codes: string[] = [];
  for (let e: unknown = err, depth = 0; typeof e === 'object' && e !== null && depth < 10; e = (e as { cause?: unknown }).cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
  }
  return codes;
}

/**
 * Sends JSON text that is already validated as the reply: a string with a JSON type is sent as it
 * is (Fastify runs no serializer, so no second validation and serialisation of it).
 */
export function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(text);
}

/** True when the connection was refused: nothing reached the service, so any call may go elsewhere. */
export function isConnectionRefused(err: unknown): boolean {
  return errorCodes(err).includes('ECONNREFUSED');
}

/**
 * An HTTP client for one internal service at one or more URLs (issue 26 item 2: `<NAME>_URL=a,b`;
 * createInstanceBalancer: one undici keep-alive Pool per instance, taken in turn, an instance that
 * refused a connection skipped for INSTANCE_SKIP_MS). Forwards the request id, the internal token
 * and the staff user; validates 2xx bodies with the contract schema; turns a non-2xx into an
 * HttpError carrying the service's status and message; an unreachable service becomes 503 and a
 * slow one 504, never a 500. A call is sent once more, to another instance when there is one,
 * after a connection error when that is safe: a GET (idempotent) after any (isConnectionError: a
 * restart, a stale kept-alive socket), any call whose connection was refused (nothing was sent);
 * a write whose connection broke later is never sent again (the service may have stored it).
 */
export function createServiceClient(name: ServiceName, baseUrls: string | readonly string[], config: GatewayConfig) {
  const balancer = createInstanceBalancer(typeof baseUrls === 'string' ? [baseUrls] : baseUrls, {
    connections: 64,
    headersTimeout: config.SERVICE_TIMEOUT_MS,
    bodyTimeout: config.SERVICE_TIMEOUT_MS,
  });
  /**
   * Sends through the next instance (undici's request options and answer); on a connection error
   * sends once more as described above, telling `onRetry` first.
   */
  const dispatch = async (options: Dispatcher.RequestOptions, onRetry?: (err: unknown) => void): Promise<Dispatcher.ResponseData> => {
    const first = balancer.pick();
    try {
      return await first.pool.request(options);
    } catch (err) {
      if (!isConnectionError(err)) throw err;
      const refused = isConnectionRefused(err);
      if (refused) balancer.failed(first);
      const replayable = options.body === undefined || options.body === null || typeof options.body === 'string';
      if (!(options.method === 'GET' || (refused && replayable))) throw err;
      onRetry?.(err);
      const second = balancer.pick(first);
      try {
        return await second.pool.request(options);
      } catch (again) {
        if (isConnectionRefused(again)) balancer.failed(second);
        throw again;
      }
    }
  };
  /** The service's instances as one undici-like dispatcher (`request`, `close`), for streamed calls (files). */
  const pool = { request: (options: Dispatcher.RequestOptions) => dispatch(options), close: balancer.close };
  /** Headers of every internal call: request id, internal token and the staff user, if any. */
  const internalHeaders = (request: FastifyRequest): Record<string, string> => {
    const headers: Record<string, string> = {
      [REQUEST_ID_HEADER]: request.id,
      [INTERNAL_TOKEN_HEADER]: config.INTERNAL_TOKEN,
      accept: 'application/json',
    };
    if (request.staffUser) headers[USER_HEADER] = encodeStaffUser(request.staffUser);
    return headers;
  };
  const client = {
    pool,
    balancer,
    internalHeaders,
    /**
     * Calls one of this service's endpoints as contracts declare it (method, path template filled
     * from `params`, `query`, `body`); answers its 2xx body validated by its declared schema.
     * Errors as `call`.
     */
    send<E extends Endpoint>(
      request: FastifyRequest,
      e: E,
      ...[input]: object extends EndpointInput<E> ? [EndpointInput<E>?] : [EndpointInput<E>]
    ): Promise<SuccessOf<E>> {
      const { params, query, body } = (input ?? {}) as { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown };
      return client.call(request, {
        method: e.method,
        path: fillPath(e.path as string, params),
        query,
        body,
        response: successSchema(e),
      }) as Promise<SuccessOf<E>>;
    },
    /**
     * As `send`, with the body already serialised: `json` must be the JSON text of a value the
     * endpoint's body schema accepts (the service validates it as any body). For callers that send
     * the same large parts again and again (assessments: the course and its qualOptions, issue 26).
     */
    sendJson<E extends Endpoint>(
      request: FastifyRequest,
      e: E,
      json: string,
      params?: Record<string, string | number>,
    ): Promise<{ data: SuccessOf<E>; text: string }> {
      return client.exchange(request, { method: e.method, path: fillPath(e.path as string, params), json, response: successSchema(e) }) as Promise<{
        data: SuccessOf<E>;
        text: string;
      }>;
    },
    /**
     * Forwards a one-to-one call (issue 26 item 1): calls the endpoint as `send` does, validates its
     * 2xx answer with the declared schema, and sends the service's own JSON text on as the reply, so
     * the gateway neither validates nor serialises it a second time. Only for a route whose 200
     * schema is the endpoint's: the service serialised its answer through that schema (routeOf),
     * so the text holds no field the schema leaves out. Errors as `call` (the error handler answers).
     */
    async forward<E extends Endpoint>(
      request: FastifyRequest,
      reply: FastifyReply,
      e: E,
      ...[input]: object extends EndpointInput<E> ? [EndpointInput<E>?] : [EndpointInput<E>]
    ): Promise<FastifyReply> {
      const { params, query, body } = (input ?? {}) as { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown };
      const { text } = await client.exchange(request, { method: e.method, path: fillPath(e.path as string, params), query, body, response: successSchema(e) });
      return sendJsonText(reply, text);
    },
    async call<S extends z.ZodType>(request: FastifyRequest, call: ServiceCall<S>): Promise<z.infer<S>> {
      return (await client.exchange(request, call)).data;
    },
    /** As `call`, with the service's JSON text of the answer beside the validated value. */
    async exchange<S extends z.ZodType>(request: FastifyRequest, call: ServiceCall<S>): Promise<{ data: z.infer<S>; text: string }> {
      const search = new URLSearchParams();
      for (const [k, v] of Object.entries(call.query ?? {})) if (v !== undefined) search.set(k, String(v));
      const qs = search.size ? `?${search}` : '';
      const headers = internalHeaders(request);
      const body = call.json ?? (call.body === undefined ? undefined : JSON.stringify(call.body));
      if (body !== undefined) headers['content-type'] = 'application/json';
      const method = call.method ?? 'GET';
      let res;
      try {
        res = await dispatch({ method, path: `${call.path}${qs}`, headers, body }, (err) =>
          request.log.warn({ err, service: name }, 'service connection failed; sending the call once more'),
        );
      } catch (err) {
        request.log.error({ err, service: name }, 'service call failed');
        const timedOut = err instanceof Error && /Timeout/i.test(err.name + (err as { code?: string }).code);
        throw new HttpError(timedOut ? 504 : 503, `${name} service is unavailable`);
      }
      const text = await res.body.text();
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      if (res.statusCode >= 200 && res.statusCode < 300) {
        const parsed = call.response.safeParse(json);
        if (!parsed.success) {
          request.log.error({ service: name, issues: parsed.error.issues }, 'service answer broke its contract');
          throw new HttpError(502, `${name} service gave an invalid answer`);
        }
        return { data: parsed.data, text };
      }
      const message = errorResponseSchema.safeParse(json);
      const status = res.statusCode >= 500 ? 502 : res.statusCode;
      throw new ServiceError(status, message.success ? message.data.message : `${name} service answered ${res.statusCode}`, json);
    },
  };
  return client;
}
export type ServiceClient = ReturnType<typeof createServiceClient>;

declare module 'fastify' {
  interface FastifyInstance {
    services: Record<ServiceName, ServiceClient>;
  }
}

/** Decorates `fastify.services` with one client per internal service and closes them on shutdown. */
export const serviceClientsPlugin = fp<{ config: GatewayConfig }>(
  async (fastify, { config }) => {
    const services: Record<ServiceName, ServiceClient> = {
      courses: createServiceClient('courses', config.COURSES_URL, config),
      applications: createServiceClient('applications', config.APPLICATIONS_URL, config),
      assessment: createServiceClient('assessment', config.ASSESSMENT_URL, config),
      files: createServiceClient('files', config.FILES_URL, config),
      scenarios: createServiceClient('scenarios', config.SCENARIOS_URL, config),
      notifications: createServiceClient('notifications', config.NOTIFICATIONS_URL, config),
    };
    fastify.decorate('services', services);
    fastify.addHook('onClose', async () => {
      await Promise.all(Object.values(services).map((s) => s.balancer.close()));
    });
  },
  { name: 'service-clients', dependencies: ['staff-session'] },
);
