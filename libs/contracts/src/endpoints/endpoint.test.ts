import { z } from 'zod';
import { endpoint, routeOf, successSchema } from './endpoint';
import { fillPath } from './path';
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
});

describe('SERVICE_ENDPOINTS', () => {
  it('declares each method and path of a service once', () => {
    for (const [service, endpoints] of Object.entries(SERVICE_ENDPOINTS)) {
      const routes = Object.values(endpoints).map((e) => `${e.method} ${e.path}`);
      expect({ service, routes: new Set(routes).size }).toEqual({ service, routes: routes.length });
    }
  });
});
