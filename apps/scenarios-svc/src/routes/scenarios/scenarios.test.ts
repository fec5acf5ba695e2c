import {
  fillPath,
  SCENARIO_FILTER_ALL,
  SCENARIOS_SVC,
  scenarioCompletionSchema,
  scenarioProgressSchema,
  scenarioSearchResultSchema,
  type Scenario,
  type StaffUser,
} from '@clearing-desk/contracts';
import { createScenario } from '@clearing-desk/contracts/testing';
import { encodeStaffUser } from '@clearing-desk/service-kit';
import { createTestDatabase, internalHeaders, TEST_INTERNAL_TOKEN, type TestDatabase } from '@clearing-desk/service-kit/testing';
import { buildApp } from '../../app';
import { scenariosConfigSchema } from '../../config';
import { demoScenarios } from '../../db/seed/demo-scenarios';
import { seedDemoScenarios } from '../../db/seed/seed-demo-scenarios';
import type { StoredScenarioInput } from '../../db/stored-scenario';

const trainee: StaffUser = { username: 'bolimited', name: 'Lin Limited', roles: [{ role: 'Back Office Limited', scope: 'all' }] };
const other: StaffUser = { username: 'frontoffice', name: 'Fran Frontoffice', roles: [{ role: 'Front Office', scope: 'all' }] };
const supervisor: StaffUser = { username: 'editor', name: 'Eddie Editor', roles: [{ role: 'Editor', scope: 'dept:CMPS' }] };
const noRole: StaffUser = { username: 'nogroups', name: 'Nora Nogroup', roles: [] };
const as = (user: StaffUser) => internalHeaders({ 'x-clearing-user': encodeStaffUser(user) });
/** Texts of a refused filter or caller, word for word as the trainee reads them. */
const UNKNOWN_DEPT = "'dept' is not a department with scenarios.";
const UNKNOWN_COURSE = "'course' is not a course with scenarios in this department.";
const NOT_LOGGED_IN = 'Not logged in';
const FORBIDDEN = 'You do not have permission to do this.';

const ALL = { gender: SCENARIO_FILTER_ALL, dept: SCENARIO_FILTER_ALL, course: SCENARIO_FILTER_ALL };
const named = (s: Scenario, DEPT_NAME: string): StoredScenarioInput => ({ ...s, DEPT_NAME });
/** Six scenarios: CMPS (F, M), MATH (M), SOCI (F, IB + GCSE) and one each in the excluded HSRM and PSYC. */
const FIXTURES: StoredScenarioInput[] = [
  named(createScenario(1), 'Computer Science'),
  named(createScenario(2, { GENDER: 'M', NAME1: 'Arjun', NAME2: 'Mehta', UCAS_CODE: 'G600', COURSE_TITLE: 'Software Engineering' }), 'Computer Science'),
  named(
    createScenario(3, { GENDER: 'M', DEPT: 'MATH', UCAS_CODE: 'G100', COURSE_TITLE: 'Mathematics', SCENARIOQUESTIONS: [{ STATUS: 'A', QUESTION: 'Grades?' }] }),
    'Mathematics',
  ),
  named(
    createScenario(4, {
      DEPT: 'SOCI',
      UCAS_CODE: 'L300',
      COURSE_TITLE: 'Sociology',
      SCENARIOQUESTIONS: [
        { STATUS: 'G', QUESTION: 'IB total?' },
        { STATUS: 'R', QUESTION: 'GCSE Mathematics?' },
      ],
      QUALIFICATIONS: [
        {
          QUALIFICATION: 'IBO',
          IB_TOTAL: '30',
          IB_TOTAL_YEAR: '2025',
          EE_GRADE: 'B',
          EE_YEAR: '2025',
          TOK_GRADE: 'C',
          TOK_YEAR: '2025',
          HL_SUBJECT_1: 'History',
          HL_GRADE_1: '6',
          HL_YEAR_1: '2025',
          HL_SUBJECT_2: 'Economics',
          HL_GRADE_2: '5',
          HL_YEAR_2: '2025',
          HL_SUBJECT_3: 'English A',
          HL_GRADE_3: '5',
          HL_YEAR_3: '2025',
          SL_SUBJECT_1: 'Mathematics',
          SL_GRADE_1: '4',
          SL_YEAR_1: '2025',
        },
        { QUALIFICATION: 'ACCESS_HE', SUBJECT: 'Social Science', DISTINCTION_CREDITS: '30', MERIT_CREDITS: '15', PASS_CREDITS: '0', YEAR: '2024' },
      ],
    }),
    'Sociology',
  ),
  named(createScenario(5, { DEPT: 'HSRM', UCAS_CODE: 'L511', COURSE_TITLE: 'Healthcare Management' }), 'Health Services Research and Management'),
  named(createScenario(6, { DEPT: 'PSYC', UCAS_CODE: 'C800', COURSE_TITLE: 'Psychology' }), 'Psychology'),
];

let database: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  database = await createTestDatabase('scenarios_routes');
  app = await buildApp(scenariosConfigSchema.parse({ DATABASE_URL: database.url, INTERNAL_TOKEN: TEST_INTERNAL_TOKEN, LOG_LEVEL: 'silent' }));
  await app.ready();
  await app.scenariosRepository.importScenarios(FIXTURES);
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

/** `filters` is 'gender/dept/course' as sent, so a test can send segments no caller would build. */
const next = async (filters: string, user: StaffUser = trainee) => {
  const res = await app.inject({ method: 'GET', url: SCENARIOS_SVC.next.path.replace(':gender/:dept/:course', filters), headers: as(user) });
  return { status: res.statusCode, body: res.json() };
};
const complete = (payload: unknown, user: StaffUser = trainee) =>
  app.inject({
    method: SCENARIOS_SVC.complete.method,
    url: SCENARIOS_SVC.complete.path,
    headers: { ...as(user), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

describe(`GET ${SCENARIOS_SVC.next.path}`, () => {
  it('answers the first matching scenario with DEPT_LIST without HSRM, PSYC or FBUA, and every COURSE_LIST course', async () => {
    const { status, body } = await next('all/all/all');
    expect(status).toBe(200);
    const result = scenarioSearchResultSchema.parse(body);
    expect(result.scenario).toEqual(createScenario(1));
    expect(result.DEPT_LIST.DEPARTMENTS).toEqual([
      { DEPT_ID: 'CMPS', DEPT_NAME: 'Computer Science' },
      { DEPT_ID: 'MATH', DEPT_NAME: 'Mathematics' },
      { DEPT_ID: 'SOCI', DEPT_NAME: 'Sociology' },
    ]);
    expect(result.COURSE_LIST.COURSES.map((c) => c.UCAS_CODE)).toEqual(['G400', 'G100', 'L300', 'G600']);
  });

  it("filters by gender, department and course; COURSE_LIST is the department's", async () => {
    expect((await next('M/all/all')).body.scenario.SCENARIO_ID).toBe('T002');
    expect((await next('all/MATH/all')).body.scenario.SCENARIO_ID).toBe('T003');
    const cmps = scenarioSearchResultSchema.parse((await next('M/CMPS/G600')).body);
    expect(cmps.scenario?.SCENARIO_ID).toBe('T002');
    expect(cmps.COURSE_LIST.COURSES).toEqual([
      { UCAS_CODE: 'G400', QUALIFICATION: 'BSc (Hons)', TITLE: 'Computer Science' },
      { UCAS_CODE: 'G600', QUALIFICATION: 'BSc (Hons)', TITLE: 'Software Engineering' },
    ]);
    // A filter that matches nothing is not an error: the gateway turns `null` into 404 'No scenario found.'.
    expect((await next('F/MATH/all')).body).toMatchObject({ scenario: null, COURSE_LIST: { COURSES: [{ UCAS_CODE: 'G100' }] } });
  });

  it('gives back IB subjects in their numbered slots, Access to HE credits and every SCENARIOQUESTIONS row', async () => {
    const result = scenarioSearchResultSchema.parse((await next('all/SOCI/L300')).body);
    const { DEPT_NAME: _n, ...expected } = FIXTURES[3] as StoredScenarioInput;
    expect(result.scenario).toEqual(expected);
  });

  it.each([
    ['an excluded department', 'all/HSRM/all', UNKNOWN_DEPT],
    ['another excluded department', 'all/PSYC/C800', UNKNOWN_DEPT],
    ['a department without scenarios', 'all/FBUA/all', UNKNOWN_DEPT],
    ['a course of another department', 'all/MATH/G400', UNKNOWN_COURSE],
    ['an unknown course', 'all/all/ZZ99', UNKNOWN_COURSE],
    ['a course in an excluded department', 'all/all/L511', UNKNOWN_COURSE],
  ])('refuses %s with 400', async (_what, path, message) => {
    expect(await next(path)).toEqual({ status: 400, body: { message } });
  });

  it.each([
    ['a gender other than M, F or all', 'X/all/all'],
    ['lower-case codes', 'all/cmps/all'],
    ['hostile text', `all/${encodeURIComponent("CMPS' OR 1=1 --")}/all`],
    ['a NUL byte', 'all/CM%00PS/all'],
    ['a code longer than any department', `all/${'A'.repeat(40)}/all`],
  ])('refuses %s with 400 and a message, never a 5xx', async (_what, path) => {
    const { status, body } = await next(path);
    expect(status).toBe(400);
    expect(typeof body.message).toBe('string');
  });

  it('refuses a caller without a user with 401 and a user without a role with 403', async () => {
    const anonymous = await app.inject({ method: 'GET', url: fillPath(SCENARIOS_SVC.next.path, ALL), headers: internalHeaders() });
    expect([anonymous.statusCode, anonymous.json()]).toEqual([401, { message: NOT_LOGGED_IN }]);
    expect(await next('all/all/all', noRole)).toEqual({ status: 403, body: { message: FORBIDDEN } });
    const noToken = await app.inject({ method: 'GET', url: fillPath(SCENARIOS_SVC.next.path, ALL) });
    expect(noToken.statusCode).toBe(401);
  });
});

describe(`PUT ${SCENARIOS_SVC.complete.path}`, () => {
  it('records completion per user: the next GET skips it for that user only, until none is left', async () => {
    const seen: string[] = [];
    for (;;) {
      const { status, body } = await next('all/all/all', other);
      expect(status).toBe(200);
      if (body.scenario === null) break;
      seen.push(body.scenario.SCENARIO_ID);
      const res = await complete({ applicationHash: body.scenario.HASH }, other);
      expect(res.statusCode).toBe(200);
      expect(scenarioCompletionSchema.parse(res.json())).toMatchObject({ SCENARIO_ID: body.scenario.SCENARIO_ID, STATUS: null, EXPECTED_OUTCOME: null });
    }
    expect(seen).toEqual(['T001', 'T002', 'T003', 'T004']);
    // Another user still starts at the beginning.
    expect((await next('all/all/all', trainee)).body.scenario.SCENARIO_ID).toBe('T001');
  });

  it('stores the chosen status and whether it was the expected outcome; completing again replaces it', async () => {
    const hash = createScenario(3).HASH; // amber: Refer or Pool expected
    const wrong = scenarioCompletionSchema.parse((await complete({ applicationHash: hash, STATUS: 'O' })).json());
    expect(wrong).toMatchObject({ SCENARIO_ID: 'T003', STATUS: 'O', EXPECTED_STATUSES: ['R', 'P'], EXPECTED_OUTCOME: false });
    const right = scenarioCompletionSchema.parse((await complete({ applicationHash: hash, STATUS: 'P' })).json());
    expect(right).toMatchObject({ STATUS: 'P', EXPECTED_OUTCOME: true });
    const red = scenarioCompletionSchema.parse((await complete({ applicationHash: createScenario(4).HASH, STATUS: 'X' })).json());
    expect(red).toMatchObject({ EXPECTED_STATUSES: ['X'], EXPECTED_OUTCOME: true });
    expect((await next('all/MATH/all')).body.scenario).toBeNull();
  });

  it('answers 404 with the spec text for an unknown hash', async () => {
    const res = await complete({ applicationHash: 'f'.repeat(32) });
    expect([res.statusCode, res.json()]).toEqual([404, { message: 'No scenario found.' }]);
  });

  it.each([
    ['a missing hash', {}],
    ['a hash that is not one', { applicationHash: "' OR 1=1 --" }],
    ['a NUL byte', { applicationHash: `${'a'.repeat(31)}\u0000` }],
    ['an unknown status', { applicationHash: createScenario(1).HASH, STATUS: 'Z' }],
    ['an unknown key', { applicationHash: createScenario(1).HASH, extra: 1 }],
    ['a body that is not an object', ['a']],
  ])('refuses %s with 400 and stores nothing', async (_what, payload) => {
    const before = scenarioProgressSchema.parse((await app.inject({ method: 'GET', url: SCENARIOS_SVC.progress.path, headers: as(supervisor) })).json());
    const res = await complete(payload, supervisor);
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
    const after = scenarioProgressSchema.parse((await app.inject({ method: 'GET', url: SCENARIOS_SVC.progress.path, headers: as(supervisor) })).json());
    expect(after).toEqual(before);
  });
});

describe(`GET ${SCENARIOS_SVC.progress.path}`, () => {
  it('lists each trainee with completed and expected-outcome counts, for view-report users only', async () => {
    const res = await app.inject({ method: 'GET', url: SCENARIOS_SVC.progress.path, headers: as(supervisor) });
    expect(res.statusCode).toBe(200);
    const progress = scenarioProgressSchema.parse(res.json());
    expect(progress.totalScenarios).toBe(4);
    const byUser = Object.fromEntries(progress.trainees.map((t) => [t.userId, t]));
    expect(byUser['frontoffice']).toMatchObject({ name: 'Fran Frontoffice', completed: 4, expectedOutcomes: 0 });
    expect(byUser['bolimited']).toMatchObject({ name: 'Lin Limited', completed: 2, expectedOutcomes: 2 });
    expect(byUser['bolimited']?.completions.map((c) => [c.SCENARIO_ID, c.STATUS, c.EXPECTED_OUTCOME]).sort()).toEqual([
      ['T003', 'P', true],
      ['T004', 'X', true],
    ]);

    const refused = await app.inject({ method: 'GET', url: SCENARIOS_SVC.progress.path, headers: as(other) });
    expect([refused.statusCode, refused.json()]).toEqual([403, { message: FORBIDDEN }]);
  });
});

describe('demo scenarios', () => {
  it('load into an empty table, once, and are offered in full', async () => {
    const db = await createTestDatabase('scenarios_demo');
    const config = scenariosConfigSchema.parse({ DATABASE_URL: db.url, INTERNAL_TOKEN: TEST_INTERNAL_TOKEN, LOG_LEVEL: 'silent' });
    const demo = await buildApp(config);
    try {
      await demo.ready();
      expect(await seedDemoScenarios(demo.scenariosRepository, config.INTAKE_YEAR)).toBe(demoScenarios().length);
      expect(await seedDemoScenarios(demo.scenariosRepository, config.INTAKE_YEAR)).toBe(0);
      const res = await demo.inject({ method: 'GET', url: fillPath(SCENARIOS_SVC.next.path, ALL), headers: as(trainee) });
      const result = scenarioSearchResultSchema.parse(res.json());
      const { DEPT_NAME: _n, ...first } = demoScenarios()[0] as StoredScenarioInput;
      expect(result.scenario).toEqual(first);
      expect(result.DEPT_LIST.DEPARTMENTS.length).toBeGreaterThanOrEqual(20);
      expect(result.DEPT_LIST.DEPARTMENTS.map((d) => d.DEPT_ID)).not.toEqual(expect.arrayContaining(['HSRM']));
      const progress = scenarioProgressSchema.parse((await demo.inject({ method: 'GET', url: SCENARIOS_SVC.progress.path, headers: as(supervisor) })).json());
      expect(progress).toEqual({ totalScenarios: demoScenarios().length, trainees: [] });
    } finally {
      await demo.close();
      await db.drop();
    }
  });
});
