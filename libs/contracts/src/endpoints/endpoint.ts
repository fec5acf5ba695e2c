import type { z } from 'zod';
import type { ParamsOf, PathParams } from '../common/path';

/**
 * Endpoints as data: each HTTP endpoint is one object, declared once in
 * contracts, with its method, path template and zod schemas. From that one object a service
 * registers its route (routeOf: Fastify's schema, so validation and serialisation come from it),
 * the gateway calls it (a typed client whose answer is validated by the same response schema) and
 * tools iterate the declarations (each service's list of method + path).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One endpoint: method, path template (`:name` segments), the shapes of its parts and its answers by status. */
export type Endpoint = {
  readonly method: HttpMethod;
  readonly path: string;
  /** Path parameters as parsed (strings on the wire; the schema may coerce). */
  readonly params?: z.ZodType;
  /** Query string. */
  readonly query?: z.ZodType;
  /** JSON body. */
  readonly body?: z.ZodType;
  /** Answer bodies by HTTP status; the 2xx one is what callers get back. */
  readonly responses: Readonly<Record<number, z.ZodType>>;
};

/** Declares an endpoint; returns it unchanged, with its literal method and path types kept. */
export function endpoint<const E extends Endpoint>(declaration: E): E {
  return declaration;
}

type Part<E, K extends string> = E extends { readonly [k in K]: infer S extends z.ZodType } ? S : undefined;

/** The schema of the successful answer: the 200, else the 201, else the 204 one. */
export type SuccessSchema<E extends Endpoint> = E['responses'] extends { readonly 200: infer S extends z.ZodType }
  ? S
  : E['responses'] extends { readonly 201: infer S extends z.ZodType }
    ? S
    : E['responses'] extends { readonly 204: infer S extends z.ZodType }
      ? S
      : never;

/** What a caller gets back from a successful call: the parsed 2xx body. */
export type SuccessOf<E extends Endpoint> = z.output<SuccessSchema<E>>;

/**
 * What a caller passes: `params` when the path has `:name` segments, `query` when the endpoint
 * declares one (optional when every field is), `body` when it declares one.
 */
export type EndpointInput<E extends Endpoint> = ([ParamsOf<E['path']>] extends [never] ? unknown : { params: PathParams<E['path']> }) &
  (Part<E, 'query'> extends z.ZodType
    ? object extends z.input<Part<E, 'query'>>
      ? { query?: z.input<Part<E, 'query'>> }
      : { query: z.input<Part<E, 'query'>> }
    : unknown) &
  (Part<E, 'body'> extends z.ZodType ? { body: z.input<Part<E, 'body'>> } : unknown);

/** The 2xx schema of an endpoint (see SuccessSchema); throws when it declares none. */
export function successSchema<E extends Endpoint>(e: E): SuccessSchema<E> {
  const responses = e.responses as Record<number, z.ZodType>;
  const schema = responses[200] ?? responses[201] ?? responses[204];
  if (!schema) throw new Error(`${e.method} ${e.path} declares no 2xx answer`);
  return schema as SuccessSchema<E>;
}

/**
 * Fastify route options of an endpoint (method, url, schema with params, querystring, body and
 * response; without a `response` when it declares no answers), for `fastify.route({ ...routeOf(E), handler })` with fastify-type-provider-zod, so
 * the handler's request and reply are typed from the declaration.
 */
export function routeOf<E extends Endpoint>(
  e: E,
): {
  method: E['method'];
  url: E['path'];
  schema: { params: Part<E, 'params'>; querystring: Part<E, 'query'>; body: Part<E, 'body'>; response: E['responses'] };
} {
  const schema: Record<string, unknown> = {};
  // An endpoint that answers no JSON (a file, a redirect) declares no answers.
  if (Object.keys(e.responses).length > 0) schema['response'] = e.responses;
  if (e.params) schema['params'] = e.params;
  if (e.query) schema['querystring'] = e.query;
  if (e.body) schema['body'] = e.body;
  return { method: e.method, url: e.path, schema } as ReturnType<typeof routeOf<E>>;
}
