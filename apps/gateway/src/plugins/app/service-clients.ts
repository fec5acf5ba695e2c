import {
  errorResponseSchema,
  fillPath,
  successSchema,
  USER_HEADER,
  type Endpoint,
  type EndpointInput,
  type ServiceWithEndpoints,
  SERVICE_ENDPOINTS,
  type SuccessOf,
} from '@clearing-desk/contracts';
import { encodeStaffUser, HttpError, INTERNAL_TOKEN_HEADER, REQUEST_ID_HEADER } from '@clearing-desk/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Dispatcher } from 'undici';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { GatewayConfig } from '../../config';
import { serialiseReusing, type ReuseOf } from '../../http/reused-json';
import { createInstanceBalancer } from './instance-balancer';

/** An internal service: one of those whose endpoints contracts declare (SERVICE_ENDPOINTS). */
export type ServiceName = ServiceWithEndpoints;

/**
 * The endpoints service `S` declares (SERVICE_ENDPOINTS[S]): the only ones its client calls, so
 * an endpoint sent to the wrong service does not compile.
 */
export type EndpointOf<S extends ServiceName> = Extract<(typeof SERVICE_ENDPOINTS)[S][keyof (typeof SERVICE_ENDPOINTS)[S]], Endpoint>;

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

/** True when `err` is a connection error worth one retry of an idempotent call. */
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
 * An HTTP client for one internal service at one or more URLs (`<NAME>_URL=a,b`;
 * createInstanceBalancer: one undici keep-alive Pool per instance, taken in turn, an instance that
 * refused a connection skipped for INSTANCE_SKIP_MS). Forwards the request id, the internal token
 * and the staff user; validates 2xx bodies with the contract schema; turns a non-2xx into an
 * HttpError carrying the service's status and message; an unreachable service becomes 503 and a
 * slow one 504, never a 500. A call is sent once more, to another instance when there is one,
 * after a connection error when that is safe: a GET (idempotent) after any (isConnectionError: a
 * restart, a stale kept-alive socket), any call whose connection was refused (nothing was sent);
 * a write whose connection broke later is never sent again (the service may have stored it).
 * Every call names one of the service's endpoint declarations (contracts' SERVICE_ENDPOINTS):
 * `send`, `sendReusing`, `forward`, `stream`; there is no call by a path written by hand.
 */
export function createServiceClient<S extends ServiceName, Own extends Endpoint = EndpointOf<S>>(
  name: S,
  baseUrls: string | readonly string[],
  config: GatewayConfig,
) {
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
      const replayable = options.body === undefined || options.body === null || typeof options.body === 'string' || Buffer.isBuffer(options.body);
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
  /** The path and query string of a call to `e`: its template filled from `params`, then `query` (undefined values left out). */
  const target = (e: Endpoint, params?: Record<string, string | number>, query?: Record<string, unknown>): string => {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) search.set(k, String(v));
    return `${fillPath(e.path as string, params)}${search.size ? `?${search}` : ''}`;
  };
  /**
   * The one place a call is made and its answer read (private: every caller goes through an
   * endpoint declaration). Answers the 2xx body validated by the endpoint's 2xx schema with the
   * service's JSON text beside it; a non-2xx is a ServiceError with the service's status (5xx other
   * than 503: 502) and message; no answer at all 503, or 504 after SERVICE_TIMEOUT_MS.
   */
  const exchange = async <E extends Endpoint>(request: FastifyRequest, e: E, path: string, body?: string): Promise<{ data: SuccessOf<E>; text: string }> => {
    const headers = internalHeaders(request);
    if (body !== undefined) headers['content-type'] = 'application/json';
    let res;
    try {
      res = await dispatch({ method: e.method, path, headers, body }, (err) =>
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
      const parsed = successSchema(e).safeParse(json);
      if (!parsed.success) {
        request.log.error({ service: name, issues: parsed.error.issues }, 'service answer broke its contract');
        throw new HttpError(502, `${name} service gave an invalid answer`);
      }
      return { data: parsed.data as SuccessOf<E>, text };
    }
    const message = errorResponseSchema.safeParse(json);
    // A service's 503 (its database restarting, scanning unavailable) keeps its words for the caller.
    const status = res.statusCode >= 500 && res.statusCode !== 503 ? 502 : res.statusCode;
    throw new ServiceError(status, message.success ? message.data.message : `${name} service answered ${res.statusCode}`, json);
  };
  /** The `params`, `query` and `body` of an endpoint call's input. */
  type Input = { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown };
  const client = {
    /** The service's instances (readiness pings each; closed on shutdown). */
    balancer,
    /**
     * Calls one of this service's endpoints as contracts declare it (method, path template filled
     * from `params`, `query`, `body`); answers its 2xx body validated by its declared schema.
     * A non-2xx is a ServiceError with the service's status (5xx: 502) and message; an
     * unreachable service 503, a slow one 504.
     */
    async send<E extends Own>(
      request: FastifyRequest,
      e: E,
      ...[input]: object extends EndpointInput<E> ? [EndpointInput<E>?] : [EndpointInput<E>]
    ): Promise<SuccessOf<E>> {
      const { params, query, body } = (input ?? {}) as Input;
      return (await exchange(request, e, target(e, params, query), body === undefined ? undefined : JSON.stringify(body))).data;
    },
    /**
     * As `send` for an endpoint with a body, answering the validated body with the service's JSON
     * text beside it; the body is typed by the endpoint as for `send`, and serialised by
     * serialiseReusing: the JSON text of the fields marked in `reuse` (objects from a cache, never
     * changed in place) is made once per object. For assessments, which send the same course and
     * qualOptions again and again: tools/bench/gateway/assess-body.ts measured 68-81 µs for
     * JSON.stringify of a green form's body against 12-13 µs reused (Node 24, load 10-11), when
     * the gateway spends 229-280 µs of CPU per assessment in all (tools/bench/gateway/README.md).
     */
    async sendReusing<E extends Own & { body: z.ZodType }>(
      request: FastifyRequest,
      e: E,
      input: EndpointInput<E>,
      reuse: ReuseOf<z.input<E['body']>>,
    ): Promise<{ data: SuccessOf<E>; text: string }> {
      const { params, query, body } = input as unknown as Input & { body: object };
      return exchange(request, e, target(e, params, query), serialiseReusing(body, reuse));
    },
    /**
     * Forwards a one-to-one call: calls the endpoint as `send` does, validates its
     * 2xx answer with the declared schema, and sends the service's own JSON text on as the reply, so
     * the gateway neither validates nor serialises it a second time. Only for a route whose 200
     * schema is the endpoint's: the service serialised its answer through that schema (routeOf),
     * so the text holds no field the schema leaves out. Errors as `send` (the error handler answers).
     */
    async forward<E extends Own>(
      request: FastifyRequest,
      reply: FastifyReply,
      e: E,
      ...[input]: object extends EndpointInput<E> ? [EndpointInput<E>?] : [EndpointInput<E>]
    ): Promise<FastifyReply> {
      const { params, query, body } = (input ?? {}) as Input;
      const { text } = await exchange(request, e, target(e, params, query), body === undefined ? undefined : JSON.stringify(body));
      return sendJsonText(reply, text);
    },
    /**
     * Calls one of this service's endpoints with a body or an answer that is a stream (an upload
     * in, a stored file out): the declared method and path, filled from `params` and `query`, with
     * the internal headers and `headers` on top. Answers undici's raw response, whatever its
     * status, for the caller to read or pipe; connection errors are thrown as undici's (a streamed
     * body is never sent twice; a GET without a body is, as by `send`).
     */
    stream(
      request: FastifyRequest,
      e: Own,
      {
        params,
        query,
        headers,
        body,
      }: { params?: Record<string, string | number>; query?: Record<string, unknown>; headers?: Record<string, string>; body?: Readable },
    ): Promise<Dispatcher.ResponseData> {
      return dispatch({ method: e.method, path: target(e, params, query), headers: { ...internalHeaders(request), ...headers }, body });
    },
  };
  return client;
}
/** The client of service `S`, which calls only the endpoints `S` declares. */
export type ServiceClient<S extends ServiceName = ServiceName> = ReturnType<typeof createServiceClient<S>>;
/**
 * A client whose calls take any endpoint: for generic code that has checked the endpoint is its
 * service's (forwardedRoute) and for tests of the client against a fake service's endpoints.
 */
export type AnyServiceClient = ReturnType<typeof createServiceClient<ServiceName, Endpoint>>;
/** Each service's client by name. */
export type ServiceClients = { readonly [S in ServiceName]: ServiceClient<S> };

declare module 'fastify' {
  interface FastifyInstance {
    services: ServiceClients;
  }
}

/** Decorates `fastify.services` with one client per internal service and closes them on shutdown. */
export const serviceClientsPlugin = fp<{ config: GatewayConfig }>(
  async (fastify, { config }) => {
    const services: ServiceClients = {
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
