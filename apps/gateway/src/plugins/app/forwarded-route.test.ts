import { API_ENDPOINTS, APPLICATIONS_SVC, COURSES_SVC, fillPath, routeOf, SCENARIOS_SVC, type ScenarioCompletion } from '@clearing-desk/contracts';
import { createCourseDetail } from '@clearing-desk/contracts/testing';
import { createService } from '@clearing-desk/service-kit';
import type { AddressInfo } from 'node:net';
import { testGatewayConfig } from '../../testing/test-config';
import { forwardedRoute } from './forwarded-route';
import { createServiceClient, type ServiceClient, type ServiceName } from './service-clients';

/**
 * A gateway with three one-to-one routes, each forwarded from its declarations, in front of a fake
 * courses-svc and scenarios-svc (real HTTP, routes registered from their declarations) that
 * record what they were sent and answer what the test sets.
 */
const seen: { url?: string; body?: unknown }[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };

const fakeService = createService({ name: 'fake', logLevel: 'silent' });
for (const e of [COURSES_SVC.search, COURSES_SVC.detail, SCENARIOS_SVC.complete]) {
  // The fake answers exactly what the test set (its answers are checked by the gateway, not here).
  fakeService.route({
    ...routeOf(e),
    schema: { ...routeOf(e).schema, response: undefined },
    handler: async (request, reply) => {
      seen.push({ url: request.url, body: request.body });
      return reply.code(answer.status).type('application/json').send(JSON.stringify(answer.body));
    },
  });
}

const gateway = createService({ name: 'gateway-test', logLevel: 'silent' });

beforeAll(async () => {
  await fakeService.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(fakeService.server.address() as AddressInfo).port}`;
  const config = testGatewayConfig();
  const client = (name: ServiceName) => createServiceClient(name, url, config);
  gateway.decorate('services', { courses: client('courses'), scenarios: client('scenarios') } as Record<ServiceName, ServiceClient>);
  await gateway.register(async (api) => {
    api.route(forwardedRoute(gateway, API_ENDPOINTS.courseSearch, COURSES_SVC.search));
    api.route(forwardedRoute(gateway, API_ENDPOINTS.course, COURSES_SVC.detail));
    api.route(forwardedRoute(gateway, API_ENDPOINTS.scenarioCompleted, SCENARIOS_SVC.complete));
  });
  await gateway.ready();
});

afterAll(async () => {
  await gateway.close();
  await Promise.all(Object.values(gateway.services).map((s) => s.balancer.close()));
  await fakeService.close();
});

beforeEach(() => {
  seen.length = 0;
});

const completion: ScenarioCompletion = {
  SCENARIO_ID: 'SC001',
  HASH: 'a'.repeat(32),
  NAME1: 'Ada',
  NAME2: 'Lovelace',
  UCAS_CODE: 'G400',
  COURSE_TITLE: 'Computer Science',
  STATUS: 'O',
  EXPECTED_STATUSES: ['O'],
  EXPECTED_OUTCOME: true,
  completedAt: '2026-08-13T09:00:00.000Z',
};

describe('forwardedRoute (one-to-one routes from their declarations)', () => {
  it("calls the endpoint with the route's path parameters and answers the service's own JSON text", async () => {
    const detail = createCourseDetail({ UCAS_CODE: 'G 400' });
    // The service's text, spacing and all: the gateway neither re-serialises nor re-orders it.
    answer = { status: 200, body: detail };
    const res = await gateway.inject({ method: 'GET', url: `${fillPath(API_ENDPOINTS.course.path, { id: 'G 400' })}?_=123` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(JSON.stringify(detail));
    expect(seen).toEqual([{ url: fillPath(COURSES_SVC.detail.path, { id: 'G 400' }), body: undefined }]);
  });

  it("sends the route's parsed query without the `_` timestamp, and the `data` of a { data, token } body", async () => {
    answer = { status: 200, body: { rows: [], total: 0 } };
    const search = await gateway.inject({ method: 'GET', url: `${API_ENDPOINTS.courseSearch.path}?q=%20law%20&_=1&school=sci` });
    expect(search.statusCode).toBe(200);
    // Parsed by the route's schema: q trimmed, paging defaults filled in, school upper-cased.
    expect(seen.map((s) => s.url)).toEqual([`${COURSES_SVC.search.path}?q=law&p=1&page_size=20&school=SCI`]);

    seen.length = 0;
    answer = { status: 200, body: completion };
    const data = { applicationHash: 'a'.repeat(32), STATUS: 'O' };
    const done = await gateway.inject({ method: 'PUT', url: API_ENDPOINTS.scenarioCompleted.path, payload: { data, token: 'xsrf' } });
    expect(done.json()).toEqual(completion);
    expect(seen).toEqual([{ url: SCENARIOS_SVC.complete.path, body: data }]);
  });

  it("refuses a request the route's schema refuses, without calling the service", async () => {
    const res = await gateway.inject({ method: 'PUT', url: API_ENDPOINTS.scenarioCompleted.path, payload: { data: { applicationHash: 'x' } } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "data.applicationHash: 'applicationHash' is not a scenario." });
    expect(seen).toEqual([]);
  });

  it("passes a service's 4xx on with its status and message", async () => {
    answer = { status: 404, body: { message: 'Course ZZ9 not found' } };
    const res = await gateway.inject({ method: 'GET', url: fillPath(API_ENDPOINTS.course.path, { id: 'ZZ9' }) });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 404, body: { message: 'Course ZZ9 not found' } });
  });

  it("answers 502 when the service's 2xx breaks the declared answer (validation kept)", async () => {
    answer = { status: 200, body: { rows: 'none' } };
    const res = await gateway.inject({ method: 'GET', url: API_ENDPOINTS.courseSearch.path });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 502, body: { message: 'courses service gave an invalid answer' } });
  });

  it('refuses at registration two declarations that do not fit', () => {
    expect(() => forwardedRoute(gateway, API_ENDPOINTS.courseSearch, COURSES_SVC.detail)).toThrow(
      "GET /api/courses -> GET /courses/:id: the route's 2xx schema is not the endpoint's",
    );
    expect(() => forwardedRoute(gateway, { ...API_ENDPOINTS.course, path: '/api/courses' }, COURSES_SVC.detail)).toThrow(
      'GET /api/courses -> GET /courses/:id: the route has no parameter id',
    );
    expect(() => forwardedRoute(gateway, API_ENDPOINTS.clearingStatusAudit, { ...APPLICATIONS_SVC.statusAudit })).toThrow(
      'GET /status/audit is not declared by any service (SERVICE_ENDPOINTS)',
    );
  });
});
