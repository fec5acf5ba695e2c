import { API_ENDPOINTS, API_ROUTES, apiPath, routeOf } from '@clearing-desk/contracts';
import { buildApp } from '../../app';
import { testGatewayConfig } from '../../testing/test-config';

// The gateway is built in-process with its real plugins and routes. Two ES modules Jest's
// CommonJS runtime cannot load are left out: the static web app (adds no /api route) and
// openid-client (OIDC is not configured here, so its routes are not registered anyway).
jest.mock('./web-app', () => ({ webAppPlugin: async () => undefined }));
jest.mock('openid-client', () => ({}));

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>; requestBody?: unknown };
type OpenApiDocument = { openapi: string; info: { title: string }; paths: Record<string, Record<string, Operation>> };

let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  app = await buildApp(testGatewayConfig());
  await app.ready();
}, 30_000);

afterAll(async () => {
  await app?.close();
});

/** Fastify's `/api/applications/:hash` as OpenAPI writes it: `/api/applications/{hash}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * Routes whose answer is not JSON described by a contract schema, each with its reason. A new
 * route without a response schema fails the test below until it gets one (or a reason here).
 */
const WITHOUT_RESPONSE_SCHEMA: Record<string, string> = {
  'GET /api/openapi.json': 'the document itself',
  'GET /api/admin/applications/:student/:course/documents/:fileId': 'the stored document itself, as an attachment (binary, not JSON)',
  'GET /api/admin/subject-access.zip': "a person's subject access export, a zip (binary, not JSON)",
};

describe('GET /api/openapi.json', () => {
  it('is public and an OpenAPI 3.1 document of the Clearing Desk API', async () => {
    const res = await app.inject({ method: 'GET', url: apiPath('openapi') });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as OpenApiDocument;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Clearing Desk API');
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/'))).toBe(true);
    expect(doc.paths['/api/courses']?.get?.responses?.['200']?.content?.['application/json']?.schema).toEqual(expect.objectContaining({ type: 'object' }));
  });

  it('describes every /api route registered in the gateway, with its method and a response schema', async () => {
    const doc = (await app.inject({ method: 'GET', url: apiPath('openapi') })).json() as OpenApiDocument;
    const routes = app.apiRouteList;
    expect(routes.length).toBeGreaterThan(10);
    const missing = routes.filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    const withoutSchema = routes
      .filter((r) => !WITHOUT_RESPONSE_SCHEMA[`${r.method} ${r.url}`])
      .filter((r) => {
        const responses = doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]?.responses ?? {};
        // A 204 is described without content; a route with no schema gets only swagger's bare 'Default Response' 200.
        return !Object.entries(responses).some(([status, answer]) => status === '204' || (status.startsWith('2') && answer.content));
      })
      .map((r) => `${r.method} ${r.url}`);
    expect(withoutSchema).toEqual([]);
  });
});

describe('API_ROUTES and API_ENDPOINTS (an endpoint declared once)', () => {
  it('is every /api route the gateway registers, with the same method and path', () => {
    const registered = app.apiRouteList.map((r) => `${r.method} ${r.url}`).sort();
    // The OIDC callback is registered only when OIDC is configured, which this gateway is not.
    const declared = Object.entries(API_ROUTES)
      .filter(([name]) => name !== 'authOidcCallback')
      .map(([, r]) => `${r.method} ${r.path}`)
      .sort();
    expect(registered).toEqual(declared);
  });

  it("registers each route with its declaration's schemas (params, query, body, answers)", () => {
    const byRoute = new Map(app.apiRouteList.map((r) => [`${r.method} ${r.url}`, r.schema]));
    const differing = Object.entries(API_ENDPOINTS)
      .filter(([name]) => name !== 'authOidcCallback')
      .filter(([, e]) => {
        const registered = byRoute.get(`${e.method} ${e.path}`) as Record<string, unknown> | undefined;
        const declared = routeOf(e).schema as Record<string, unknown>;
        // The same schema objects, not copies: so a change to a declaration changes the route.
        return ['params', 'querystring', 'body', 'response'].some((part) => registered?.[part] !== declared[part]);
      })
      .map(([name]) => name);
    expect(differing).toEqual([]);
  });
});

describe('under a BASE_PATH other than /', () => {
  let based: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    based = await buildApp(testGatewayConfig({ BASE_PATH: '/clearing/' }));
    await based.ready();
  }, 30_000);

  afterAll(async () => {
    await based?.close();
  });

  it('serves each declared route, its full public path, below the base', async () => {
    const registered = based.apiRouteList.map((r) => `${r.method} ${r.url}`).sort();
    const declared = Object.entries(API_ROUTES)
      .filter(([name]) => name !== 'authOidcCallback')
      .map(([, r]) => `${r.method} /clearing${r.path}`)
      .sort();
    expect(registered).toEqual(declared);
    expect((await based.inject({ method: 'GET', url: `/clearing${apiPath('openapi')}` })).statusCode).toBe(200);
    expect((await based.inject({ method: 'GET', url: `/clearing${apiPath('authUser')}` })).statusCode).toBe(401);
  });
});
