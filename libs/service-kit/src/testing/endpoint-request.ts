import { fillPath, type Endpoint } from '@clearing-desk/contracts';

/** What a test sends to an endpoint: path values, query and JSON body, any of them malformed on purpose. */
export type EndpointRequestInput = {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
};

/**
 * Fastify `inject` options (method, url, payload) for one of contracts' endpoints, so a service
 * test addresses the declaration, not a copy of its path; `params` values are URL-encoded. Merge
 * headers in: `app.inject({ ...endpointRequest(E, { params }), headers })`.
 */
export function endpointRequest(e: Endpoint, { params, query, body }: EndpointRequestInput = {}) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(key, String(value));
  const url = `${fillPath(e.path, params)}${search.size ? `?${search}` : ''}`;
  return { method: e.method, url, ...(body === undefined ? {} : { payload: body as object }) };
}
