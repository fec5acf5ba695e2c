import { z } from 'zod';
import { API_ENDPOINTS } from './api-endpoints';
import { API_ROUTES, apiPath, apiRouteLabel, type ApiRouteName } from './api-routes';
import { endpoint, routeOf, successSchema, type Endpoint } from './endpoint';
import { fillPath } from '../common/path';
import { SERVICE_ENDPOINTS } from './service-endpoints';

describe('fillPath', () => {
  it('puts each value in its segment, URL-encoded', () => {
    expect(fillPath('/desk/applications/:student/:course/log', { student: 'a b/c', course: 'G400' })).toBe('/desk/applications/a%20b%2Fc/G400/log');
    expect(fillPath('/places/:id', { id: 7 })).toBe('/places/7');
    expect(fillPath('/progress')).toBe('/progress');
  });
});

describe('routeOf', () => {
  const params = z.object({ id: z.string() });
  const body = z.object({ n: z.number() });
  const ok = z.object({ done: z.boolean() });

  it('gives Fastify the method, the path and only the schemas the endpoint declares', () => {
    const e = endpoint({ method: 'PUT', path: '/things/:id', params, body, responses: { 200: ok } });
    expect(routeOf(e)).toEqual({ method: 'PUT', url: '/things/:id', schema: { params, body, response: { 200: ok } } });
  });

  it('takes the 200, else the 201, else the 204 answer as the successful one', () => {
    expect(successSchema(endpoint({ method: 'GET', path: '/a', responses: { 400: body, 200: ok } }))).toBe(ok);
    expect(successSchema(endpoint({ method: 'POST', path: '/a', responses: { 201: ok } }))).toBe(ok);
    expect(() => successSchema(endpoint({ method: 'POST', path: '/a', responses: { 400: ok } }))).toThrow('POST /a declares no 2xx answer');
  });

  it('gives no response schema to an endpoint that declares no answers (a file, a redirect)', () => {
    expect(routeOf(endpoint({ method: 'GET', path: '/files/:id', params, responses: {} }))).toEqual({ method: 'GET', url: '/files/:id', schema: { params } });
  });
});

describe('SERVICE_ENDPOINTS', () => {
  it('declares each method and path of a service once', () => {
    for (const [service, endpoints] of Object.entries(SERVICE_ENDPOINTS)) {
      const routes = Object.values(endpoints).map((e) => `${e.method} ${e.path}`);
      expect({ service, routes: new Set(routes).size }).toEqual({ service, routes: routes.length });
    }
  });
});

/** Every declared endpoint, named `service.name` (internal) or `api.name` (public). */
const everyEndpoint = (): [string, Endpoint][] => [
  ...Object.entries(SERVICE_ENDPOINTS).flatMap(([service, endpoints]) =>
    Object.entries(endpoints).map(([name, e]): [string, Endpoint] => [`${service}.${name}`, e]),
  ),
  ...Object.entries(API_ENDPOINTS).map(([name, e]): [string, Endpoint] => [`api.${name}`, e]),
];

describe('API_ENDPOINTS (the public API)', () => {
  it('adds schemas to each API_ROUTES entry, keeping its method and path', () => {
    expect(Object.keys(API_ENDPOINTS)).toEqual(Object.keys(API_ROUTES));
    for (const [name, route] of Object.entries(API_ROUTES)) {
      const e = API_ENDPOINTS[name as ApiRouteName];
      expect({ name, method: e.method, path: e.path }).toEqual({ name, ...route });
    }
  });

  it('declares each method and path once', () => {
    const routes = Object.values(API_ROUTES).map((e) => `${e.method} ${e.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });
});

describe('every endpoint declaration', () => {
  it("has a params schema with exactly its path's :name segments, or none when the path has none", () => {
    const mismatched = everyEndpoint()
      .map(([name, e]) => ({
        name,
        inPath: [...e.path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort(),
        inSchema: e.params instanceof z.ZodObject ? Object.keys(e.params.shape).sort() : [],
      }))
      .filter(({ inPath, inSchema }) => inPath.join() !== inSchema.join());
    expect(mismatched).toEqual([]);
  });

  it('gives no GET a body, and every answer of 400 or above the shape of an error (a message)', () => {
    expect(
      everyEndpoint()
        .filter(([, e]) => e.method === 'GET' && e.body)
        .map(([name]) => name),
    ).toEqual([]);
    const notErrors = everyEndpoint().flatMap(([name, e]) =>
      Object.entries(e.responses)
        .filter(([status, schema]) => Number(status) >= 400 && !(schema instanceof z.ZodObject && 'message' in schema.shape))
        .map(([status]) => `${name} ${status}`),
    );
    expect(notErrors).toEqual([]);
  });
});

describe('apiPath', () => {
  it("is '/api' and the route's template filled, URL-encoded", () => {
    expect(apiPath('course', { id: 'G 400' })).toBe('/api/courses/G%20400');
    expect(apiPath('deskEmailResend', { student: 'new', course: 'G400', emailId: 7 })).toBe('/api/admin/applications/new/G400/emails/7/resend');
    expect(apiPath('courseSearch')).toBe('/api/courses');
  });

  it('takes the parameters its template names, no others (types)', () => {
    // @ts-expect-error a route with parameters needs them
    expect(apiPath('course')).toBe('/api/courses/');
    // @ts-expect-error and only its own
    expect(apiPath('course', { hash: 'x' })).toBe('/api/courses/');
  });
});

describe('apiRouteLabel', () => {
  it('is the method and the full path template', () => {
    expect(apiRouteLabel('deskEmailResend')).toBe('POST /api/admin/applications/:student/:course/emails/:emailId/resend');
  });
});
