import {
  apiPath,
  clearingStatusResponseSchema,
  courseDetailResponseSchema,
  courseSearchResponseSchema,
  errorResponseSchema,
  pingResponseSchema,
  apiRouteLabel,
} from '@clearing-desk/contracts';
import type { Stack } from '@clearing-desk/stack';
import { StackClient, startTestStack } from '../../testing/stack-client';

let stack: Stack;
let client: StackClient;

beforeAll(async () => {
  stack = await startTestStack({ services: ['courses', 'applications'] });
  client = new StackClient(stack.gatewayUrl);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe(apiRouteLabel('courseSearch'), () => {
  it("answers rows for 'computer' that validate against the contract", async () => {
    const res = await client.get(`${apiPath('courseSearch')}?q=computer&_=${Date.now()}`);
    expect(res.status).toBe(200);
    const body = courseSearchResponseSchema.parse(res.body);
    expect(body.rows.length).toBeGreaterThan(0);
    expect(body.rows.every((r) => /computer/i.test(`${r.COURSE_TITLE} ${r.SCHOOL_NAME} ${r.DEPT_NAME} ${r.QUALIFICATION}`))).toBe(true);
  });

  it('answers 20 rows when page_size is missing and honours p and page_size', async () => {
    expect(courseSearchResponseSchema.parse((await client.get(apiPath('courseSearch'))).body).rows).toHaveLength(20);
    const page = courseSearchResponseSchema.parse((await client.get(`${apiPath('courseSearch')}?p=3&page_size=50`)).body);
    expect(page.rows).toHaveLength(50);
  });

  it('never answers 500 for bad paging values', async () => {
    for (const qs of ['p=x', 'p=0', 'page_size=-1', 'page_size=abc', 'p=1e9']) {
      const res = await client.get(`${apiPath('courseSearch')}?${qs}`);
      expect(res.status).toBe(200);
      courseSearchResponseSchema.parse(res.body);
    }
  });

  it('propagates the request id to the services and back', async () => {
    const res = await fetch(`${stack.gatewayUrl}${apiPath('courseSearch')}?q=law`, { headers: { 'x-request-id': 'trace-me-123' } });
    expect(res.headers.get('x-request-id')).toBe('trace-me-123');
  });

  it('issues the XSRF-TOKEN cookie on a GET', async () => {
    const fresh = new StackClient(stack.gatewayUrl);
    await fresh.get(apiPath('ping'));
    expect(fresh.xsrfToken).toEqual(expect.any(String));
  });
});

describe(apiRouteLabel('course'), () => {
  it('answers courseData, qualOptions and access for a known course', async () => {
    const res = await client.get(apiPath('course', { id: 'G400' }));
    expect(res.status).toBe(200);
    const body = courseDetailResponseSchema.parse(res.body);
    expect(body.courseData.COURSE_TITLE).toBe('Computer Science');
    expect(body.access).toBeNull();
  });

  it('answers 404 with a message for an unknown course', async () => {
    const res = await client.get(apiPath('course', { id: 'ZZZZ9' }));
    expect(res.status).toBe(404);
    expect(errorResponseSchema.parse(res.body)).toEqual({ message: 'Course ZZZZ9 not found' });
  });
});

describe(apiRouteLabel('deskCourse'), () => {
  it('answers 401 with a message when no staff user is logged in', async () => {
    const res = await client.get(apiPath('deskCourse', { id: 'G400' }));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Not logged in' });
  });
});

describe(`${apiRouteLabel('clearingStatus')} and ${apiRouteLabel('ping')}`, () => {
  it('answer the stored clearing state', async () => {
    // The public state, the stored setting and the recruitment cycle it is judged in.
    expect(clearingStatusResponseSchema.parse((await client.get(`${apiPath('clearingStatus')}?_=${Date.now()}`)).body)).toMatchObject({
      state: 1,
      closing_message: null,
      setting: { state: 1, closing_message: null },
      cycle: { NAME: '2025/26', IN_WINDOW: true },
    });
    expect(pingResponseSchema.parse((await client.get(`${apiPath('ping')}?_=${Date.now()}`)).body)).toEqual({ state: 1 });
  });
});

describe('unknown API paths', () => {
  it('answer 404 with a message, not the web app', async () => {
    const res = await client.get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(errorResponseSchema.parse(res.body).message).toBe('Route GET /api/nothing-here not found');
  });
});
