import { routeOf, SERVICE_ENDPOINTS, successSchema, TIMESTAMP_PARAM, type Endpoint, type ServiceWithEndpoints } from '@clearing-desk/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import type { AnyServiceClient } from './service-clients';

/** Route options a forwarded route may add: its rate limit and public flag (`config`) and its checks. */
export type ForwardedRouteOptions = Pick<RouteOptions, 'config' | 'onRequest' | 'preValidation' | 'preHandler'>;

/** The service that declares `e` (SERVICE_ENDPOINTS); throws for an endpoint no service declares. */
function serviceOf(e: Endpoint): ServiceWithEndpoints {
  for (const [service, endpoints] of Object.entries(SERVICE_ENDPOINTS)) {
    if (Object.values(endpoints).includes(e as never)) return service as ServiceWithEndpoints;
  }
  throw new Error(`${e.method} ${e.path} is not declared by any service (SERVICE_ENDPOINTS)`);
}

/** The `:name` segments of a path template. */
const pathParams = (path: string): string[] => [...path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);

/** Whether a public body schema is the web's `{ data, token }` (apiBodySchema): the service gets `data`. */
const isApiBody = (schema: z.ZodType | undefined): boolean => schema instanceof z.ZodObject && 'data' in schema.shape && 'token' in schema.shape;

/**
 * A one-to-one route: a public endpoint that only forwards to one internal
 * endpoint, registered and forwarded generically from the two declarations. The route's method,
 * URL and schemas are the public declaration's (routeOf); the call is the internal one, filled
 * from the request as the declarations say: its path parameters by name from the route's, its
 * query from the route's parsed query (without the `_` timestamp), its body from the route's
 * (`data` of a `{ data, token }` body). The service's 2xx answer is validated with the internal
 * endpoint's 2xx schema and sent on as the service's JSON text (ServiceClient.forward), so the
 * route's and the endpoint's 2xx schema must be the same one; a service's 4xx passes on with its
 * status and message (the error handler's `{ message }`), an unreachable service is a 503.
 * @throws Error at registration when the two declarations do not fit (other 2xx schema, a path
 *   parameter or a body the route does not have), or no service declares `to`.
 */
export function forwardedRoute(fastify: Pick<FastifyInstance, 'services'>, route: Endpoint, to: Endpoint, options: ForwardedRouteOptions = {}): RouteOptions {
  const name = `${route.method} ${route.path} -> ${to.method} ${to.path}`;
  if (successSchema(route) !== successSchema(to)) throw new Error(`${name}: the route's 2xx schema is not the endpoint's`);
  const routeParams = pathParams(route.path);
  const missing = pathParams(to.path).filter((p) => !routeParams.includes(p));
  if (missing.length > 0) throw new Error(`${name}: the route has no parameter ${missing.join(', ')}`);
  if (to.body && !route.body) throw new Error(`${name}: the endpoint takes a body the route does not have`);
  const service = serviceOf(to);
  const withParams = to.params !== undefined;
  const withQuery = to.query !== undefined;
  const bodyOf = !to.body ? undefined : isApiBody(route.body) ? (body: unknown) => (body as { data: unknown }).data : (body: unknown) => body;
  return {
    ...options,
    ...(routeOf(route) as Pick<RouteOptions, 'method' | 'url' | 'schema'>),
    handler: (request: FastifyRequest, reply: FastifyReply) => {
      let query: Record<string, unknown> | undefined;
      if (withQuery) {
        query = {};
        for (const [key, value] of Object.entries(request.query as Record<string, unknown>)) if (key !== TIMESTAMP_PARAM) query[key] = value;
      }
      const input = { params: withParams ? (request.params as Record<string, string>) : undefined, query, body: bodyOf?.(request.body) };
      // `to` is `service`'s endpoint (serviceOf), which its client's types cannot see here.
      return (fastify.services[service] as AnyServiceClient).forward(request, reply, to, input as never);
    },
  };
}
