import {
  apiPath,
  SCENARIO_EXCLUDED_DEPARTMENTS,
  scenarioCompletionSchema,
  scenarioNotFoundResponseSchema,
  scenarioProgressSchema,
  scenarioResponseSchema,
  apiRouteLabel,
} from '@clearing-desk/contracts';
import { DEMO_DIRECTORY, startDirectory, type Directory, type Stack } from '@clearing-desk/stack';
import { StackClient, staffClients, startTestStack } from '../../testing/stack-client';

let directory: Directory;
let stack: Stack;

/** Spec section 8's no-scenario message, word for word. */
const SPEC_NO_SCENARIO_FOUND = 'No scenario found.';
/** The 400s of a filter that names nothing offered, word for word. */
const UNKNOWN_DEPT = "'dept' is not a department with scenarios.";
const UNKNOWN_COURSE = "'course' is not a course with scenarios in this department.";
const NOT_LOGGED_IN = 'Not logged in';
const FORBIDDEN = 'You do not have permission to do this.';

beforeAll(async () => {
  directory = await startDirectory({ port: 'free' });
  stack = await startTestStack({ services: ['scenarios'], directoryUrl: directory.url });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await directory?.stop();
});

/** A signed-in client per demo user (made once). */
const as = staffClients(() => stack.gatewayUrl, DEMO_DIRECTORY.password);

const scenarioPath = (gender: string, dept: string, course: string) => `${apiPath('scenario', { gender, dept, course })}?_=${Date.now()}`;

describe(apiRouteLabel('scenario'), () => {
  it('answers a trainee one demo scenario with DEPT_LIST (never HSRM, PSYC or FBUA) and COURSE_LIST, not cached', async () => {
    const res = await (await as('bolimited')).get(scenarioPath('all', 'all', 'all'));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { applicationData } = scenarioResponseSchema.parse(res.body);
    expect(applicationData).toMatchObject({ SCENARIO_ID: 'SC001', UCAS_CODE: 'G400', DEPT: 'CMPS', GENDER: 'F' });
    const departments = applicationData.DEPT_LIST.DEPARTMENTS.map((d) => d.DEPT_ID);
    expect(departments.length).toBeGreaterThanOrEqual(20);
    for (const excluded of SCENARIO_EXCLUDED_DEPARTMENTS) expect(departments).not.toContain(excluded);
    expect(applicationData.COURSE_LIST.COURSES).toContainEqual({ UCAS_CODE: 'G400', QUALIFICATION: 'BSc (Hons)', TITLE: 'Computer Science' });
  });

  it('filters by gender, department and course', async () => {
    const client = await as('bolimited');
    const male = scenarioResponseSchema.parse((await client.get(scenarioPath('M', 'CMPS', 'all'))).body).applicationData;
    expect([male.GENDER, male.DEPT]).toEqual(['M', 'CMPS']);
    const music = scenarioResponseSchema.parse((await client.get(scenarioPath('all', 'MUSI', 'W300'))).body).applicationData;
    expect([music.UCAS_CODE, music.COURSE_LIST.COURSES.map((c) => c.UCAS_CODE).sort()]).toEqual(['W300', ['W300', 'W350']]);
  });

  it.each([
    ['an unknown gender', scenarioPath('X', 'all', 'all'), undefined],
    ['an excluded department', scenarioPath('all', 'PSYC', 'all'), UNKNOWN_DEPT],
    ['a department without scenarios', scenarioPath('all', 'FBUA', 'all'), UNKNOWN_DEPT],
    ['a course outside the department', scenarioPath('all', 'MUSI', 'G400'), UNKNOWN_COURSE],
    ['hostile text', scenarioPath('all', '<script>', 'all'), undefined],
    ['a NUL byte', scenarioPath('all', 'MU\u0000SI', 'all'), undefined],
  ])('refuses %s with 400 and a message', async (_what, path, message) => {
    const res = await (await as('bolimited')).get(path);
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toEqual(message ?? expect.any(String));
  });

  it('is for signed-in staff with a role only', async () => {
    const anonymous = await new StackClient(stack.gatewayUrl).get(scenarioPath('all', 'all', 'all'));
    expect([anonymous.status, anonymous.body]).toEqual([401, { message: NOT_LOGGED_IN }]);
    const noRole = await (await as('nogroups')).get(scenarioPath('all', 'all', 'all'));
    expect([noRole.status, noRole.body]).toEqual([403, { message: FORBIDDEN }]);
  });
});

describe(apiRouteLabel('scenarioCompleted'), () => {
  it('records completion for the user, who then gets the next scenario and finally 404 No scenario found.', async () => {
    const client = await as('editor');
    const first = scenarioResponseSchema.parse((await client.get(scenarioPath('all', 'MUSI', 'all'))).body).applicationData;
    const done = await client.send('PUT', apiPath('scenarioCompleted'), { applicationHash: first.HASH, STATUS: 'I' });
    expect(done.status).toBe(200);
    expect(scenarioCompletionSchema.parse(done.body)).toMatchObject({ SCENARIO_ID: first.SCENARIO_ID, STATUS: 'I', EXPECTED_OUTCOME: true });

    const second = scenarioResponseSchema.parse((await client.get(scenarioPath('all', 'MUSI', 'all'))).body).applicationData;
    expect(second.SCENARIO_ID).not.toBe(first.SCENARIO_ID);
    const wrong = await client.send('PUT', apiPath('scenarioCompleted'), { applicationHash: second.HASH, STATUS: 'O' });
    expect(scenarioCompletionSchema.parse(wrong.body)).toMatchObject({ STATUS: 'O', EXPECTED_OUTCOME: false });

    const none = await client.get(scenarioPath('all', 'MUSI', 'all'));
    expect(none.status).toBe(404);
    const body = scenarioNotFoundResponseSchema.parse(none.body);
    expect(body.message).toBe(SPEC_NO_SCENARIO_FOUND);
    expect(body.DEPT_LIST.DEPARTMENTS.map((d) => d.DEPT_ID)).toContain('MUSI');

    // Another user still has them.
    expect((await (await as('bolimited')).get(scenarioPath('all', 'MUSI', 'all'))).status).toBe(200);
  });

  it('refuses a missing or wrong XSRF token with 403 and stores nothing', async () => {
    const client = await as('backoffice');
    const hash = scenarioResponseSchema.parse((await client.get(scenarioPath('all', 'all', 'all'))).body).applicationData.HASH;
    expect((await client.send('PUT', apiPath('scenarioCompleted'), { applicationHash: hash }, 'wrong')).status).toBe(403);
    expect(scenarioResponseSchema.parse((await client.get(scenarioPath('all', 'all', 'all'))).body).applicationData.HASH).toBe(hash);
  });

  it.each([
    ['an unknown hash', { applicationHash: 'f'.repeat(32) }, 404, SPEC_NO_SCENARIO_FOUND],
    ['a hash that is not one', { applicationHash: "x' OR '1'='1" }, 400, undefined],
    ['an unknown key', { applicationHash: 'f'.repeat(32), admin: true }, 400, undefined],
    ['an unknown status', { applicationHash: 'f'.repeat(32), STATUS: 'OK' }, 400, undefined],
    ['a NUL byte', { applicationHash: `${'f'.repeat(31)}\u0000` }, 400, undefined],
  ])('answers %s with a 4xx and a message', async (_what, data, status, message) => {
    const res = await (await as('bolimited')).send('PUT', apiPath('scenarioCompleted'), data);
    expect(res.status).toBe(status);
    expect((res.body as { message: string }).message).toEqual(message ?? expect.any(String));
  });
});

describe(apiRouteLabel('scenarioProgress'), () => {
  it('shows view-report users each trainee with completed and expected-outcome counts', async () => {
    const res = await (await as('admin')).get(`${apiPath('scenarioProgress')}?_=${Date.now()}`);
    expect(res.status).toBe(200);
    const progress = scenarioProgressSchema.parse(res.body);
    expect(progress.totalScenarios).toBeGreaterThanOrEqual(40);
    expect(progress.trainees.find((t) => t.userId === 'editor')).toMatchObject({ name: 'Eddie Editor', completed: 2, expectedOutcomes: 1 });
  });

  it('refuses users without view-report (403) and callers without a session (401)', async () => {
    const frontOffice = await (await as('frontoffice')).get(apiPath('scenarioProgress'));
    expect([frontOffice.status, frontOffice.body]).toEqual([403, { message: FORBIDDEN }]);
    const anonymous = await new StackClient(stack.gatewayUrl).get(apiPath('scenarioProgress'));
    expect(anonymous.status).toBe(401);
  });
});
