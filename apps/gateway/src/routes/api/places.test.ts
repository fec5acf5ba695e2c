import { randomUUID } from 'node:crypto';
import {
  deskApplicationResponseSchema,
  APPLICATIONS_SVC,
  COURSES_SVC,
  apiPath,
  applicationFormSchema,
  type ApplyResponse,
  applyResponseSchema,
  courseDetailResponseSchema,
  courseHistoryResponseSchema,
  courseSearchResponseSchema,
  PLACES_GUARD_USER,
  placesLedgerSchema,
  searchAction,
} from '@clearing-desk/contracts';
import { createApplicationForm, A_STAR_A_B_A_LEVELS } from '@clearing-desk/contracts/testing';
import { INTERNAL_TOKEN_HEADER } from '@clearing-desk/service-kit';
import { Client } from 'pg';
import { DEMO_DIRECTORY, startDirectory, type Directory, type Stack } from '@clearing-desk/stack';
import { StackClient, staffClients, startTestStack } from '../../testing/stack-client';

/** Demo catalogue: G400 Computer Science (automatic offers), L100 Economics (automatic offers). */
const COURSE = 'G400';
const OTHER = 'L100';
/** A course no test here applies to. */
const THIRD = 'G100';

/** The code the API answers the public for a closed course (spec section 8: 'Message COURSE_CLOSED'); the web shows its text. */
const SPEC_COURSE_CLOSED_CODE = 'COURSE_CLOSED';
/** The 409 to staff whose offer found no place left, word for word. */
const NO_PLACE_LEFT = 'No place is left on this course, so it cannot be offered now. Refer or pool the caller instead.';

let directory: Directory;
let stack: Stack;
const as = staffClients(() => stack.gatewayUrl, DEMO_DIRECTORY.password);

beforeAll(async () => {
  directory = await startDirectory({ port: 'free' });
  stack = await startTestStack({ services: ['courses', 'applications', 'assessment', 'files'], directoryUrl: directory.url });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await directory?.stop();
});

let people = 0;
const FIVE_GCSES = ['English Language', 'Mathematics', 'Physics', 'Chemistry', 'Biology'].map((SUBJECT) => ({
  QUALIFICATION: 'GCSE',
  SUBJECT,
  GRADE: '6',
  YEAR: '2023',
}));
/** A form that is green, and offered at once to the public, on G400 and L100 (A*AB). */
function form(extra: Record<string, unknown> = {}) {
  people += 1;
  return {
    ...createApplicationForm({
      DOB: '2006-05-14',
      NATIONALITY: 'GBR',
      GCSE_QUALIFICATIONS: FIVE_GCSES,
      QUALIFICATIONS: A_STAR_A_B_A_LEVELS,
    }),
    EMAIL: `places.${people}@example.com`,
    UCAS_PERSONAL_ID: String(7400000000 + people),
    SUBMISSION_ID: randomUUID(),
    ...extra,
  };
}

const publicClient = async () => {
  const client = new StackClient(stack.gatewayUrl);
  await client.get(apiPath('ping'));
  return client;
};
const searchRow = async (code: string) =>
  courseSearchResponseSchema
    .parse((await new StackClient(stack.gatewayUrl).get(`${apiPath('courseSearch')}?q=${code}&_=${Date.now()}`)).body)
    .rows.find((r) => r.UCAS_CODE === code);
/** Waits for the state (the projection follows the ledger through the outbox and BullMQ), never for a time. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** applications-svc's places ledger of a course, as the gateway reads it (internal call). */
async function ledgerOf(code: string) {
  const answer = await fetch(`${stack.urls.applications}${APPLICATIONS_SVC.placesLedgers.path}`, {
    method: 'POST',
    headers: { [INTERNAL_TOKEN_HEADER]: stack.internalToken, 'content-type': 'application/json' },
    body: JSON.stringify({ courses: [code] }),
  });
  return placesLedgerSchema.array().parse(((await answer.json()) as { rows: unknown[] }).rows)[0];
}

/** Internal requests served by the services since start (Prometheus counts per route; health and metrics left out). */
async function internalCalls(): Promise<number> {
  let total = 0;
  for (const name of ['courses', 'applications', 'assessment', 'files'] as const) {
    const text = await (await fetch(`${stack.metricsUrls[name]}/metrics`)).text();
    for (const line of text.split('\n')) {
      if (!line.startsWith('http_request_duration_seconds_count{') || /route="\/(healthz|readyz|metrics)"/.test(line)) continue;
      total += Number(line.split(' ').at(-1));
    }
  }
  return total;
}

describe('the public submit in named steps', () => {
  it('makes at most 5 internal calls for a green submission without documents', async () => {
    const client = await publicClient();
    const before = await internalCalls();
    const res = await client.send('POST', apiPath('apply', { course: OTHER }), form());
    expect(res.status).toBe(200);
    expect(applyResponseSchema.parse(res.body).confirmed_status).toBe('O');
    const calls = (await internalCalls()) - before;
    // submit facts, course, assess, store
    expect(calls).toBe(4);
  });
});

describe('the one-off places backfill', () => {
  it('gave every catalogue course a ledger at the gateway start, from its internal vacancies; courses-svc then names none left to backfill', async () => {
    const internal = { [INTERNAL_TOKEN_HEADER]: stack.internalToken, 'content-type': 'application/json' };
    const row = await searchRow(THIRD);
    const answer = await fetch(`${stack.urls.applications}${APPLICATIONS_SVC.placesLedgers.path}`, {
      method: 'POST',
      headers: internal,
      body: JSON.stringify({ courses: [THIRD] }),
    });
    const ledgers = (await answer.json()) as { rows: { UCAS_CODE: string; OFFERS: number; VACANCIES_INTERNAL: number }[] };
    expect(ledgers.rows).toEqual([expect.objectContaining({ UCAS_CODE: THIRD, OFFERS: 0, VACANCIES_INTERNAL: row?.VACANCIES_INTERNAL })]);
    const left = await until(
      async () => (await (await fetch(`${stack.urls.courses}${COURSES_SVC.placesBackfill.path}`, { headers: internal })).json()) as { courses: unknown[] },
      (body) => body.courses.length === 0,
    );
    expect(left).toEqual({ courses: [] });
  });
});

describe('places that hold', () => {
  const offers: ApplyResponse[] = [];

  it('lets exactly the places left be offered when 40 public applicants submit at once; the rest are refused as closed', async () => {
    const admin = await as('admin');
    expect((await admin.send('PUT', apiPath('deskCourseUpdate', { id: COURSE }), { CLEARING_PLACES: 5, OFFER_ALLOWANCE: 1 })).status).toBe(200);
    // courses-svc owns the settings; the ledger takes them from its outbox event (BullMQ) a moment later.
    await until(
      () => ledgerOf(COURSE),
      (l) => l?.CLEARING_PLACES === 5 && l.OFFER_ALLOWANCE === 1,
    );
    const clients = await Promise.all(Array.from({ length: 40 }, () => publicClient()));
    const results = await Promise.all(clients.map((client) => client.send('POST', apiPath('apply', { course: COURSE }), form())));
    const accepted = results.filter((r) => r.status === 200).map((r) => applyResponseSchema.parse(r.body));
    expect(accepted).toHaveLength(5);
    expect(accepted.every((a) => a.confirmed_status === 'O')).toBe(true);
    expect(results.filter((r) => r.status !== 200)).toEqual(Array.from({ length: 35 }, () => ({ status: 409, body: { message: SPEC_COURSE_CLOSED_CODE } })));
    offers.push(...accepted);

    // The search follows: no internal vacancies, so the Apply is disabled (spec section 4).
    const row = await until(
      () => searchRow(COURSE),
      (r) => r?.VACANCIES_INTERNAL === 0,
    );
    expect(row && searchAction(row)).toEqual({ kind: 'apply', enabled: false, externalUrl: null });
    const history = courseHistoryResponseSchema.parse((await admin.get(`${apiPath('deskCourseHistory', { id: COURSE })}?_=${Date.now()}`)).body).rows;
    expect(history[0]).toMatchObject({ username: PLACES_GUARD_USER, changes: [{ field: 'VACANCIES_INTERNAL', old: 1, new: 0 }] });
  });

  it('keeps the course open to advisers, without O among their buttons, and refuses their offer as no place left', async () => {
    const adviser = await as('backoffice');
    const assessed = await adviser.send('POST', apiPath('assess', { course: COURSE }), form());
    expect(assessed.status).toBe(200);
    const buttons = (assessed.body as { result: { SUBMISSION_OPTIONS: { BUTTONS: { STATUS: string }[] } } }).result.SUBMISSION_OPTIONS.BUTTONS.map(
      (b) => b.STATUS,
    );
    expect(buttons).toEqual(['R', 'P']);
    expect((await adviser.send('POST', apiPath('deskApplicationCreate', { student: 'new', course: COURSE }), form({ STATUS: 'R' }))).status).toBe(200);
    // An offer from a form that still showed O (the last place went while it was open) is told why (409), not refused as a status (403).
    expect(await adviser.send('POST', apiPath('deskApplicationCreate', { student: 'new', course: COURSE }), form({ STATUS: 'O' }))).toEqual({
      status: 409,
      body: { message: NO_PLACE_LEFT },
    });
    expect(
      (await adviser.send('POST', apiPath('deskApplicationCreate', { student: 'new', course: COURSE }), form({ STATUS: 'O', OVER_ALLOWANCE: true }))).status,
    ).toBe(403);
  });

  it("shows staff places left from the ledger on the course page and the assess screens, not courses-svc's projection", async () => {
    // The projection says 3 places are left (as if it lagged behind); the ledger has none.
    const courses = new Client({ connectionString: stack.databaseUrls.courses });
    await courses.connect();
    try {
      await courses.query('update courses set vacancies_internal = 3 where ucas_code = $1', [COURSE]);
      // A user whose course reads are not in the assessment's 1 s cache yet.
      const adviser = await as('bolimited');
      const page = courseDetailResponseSchema.parse((await adviser.get(`${apiPath('deskCourse', { id: COURSE })}?_=${Date.now()}`)).body);
      expect(page.courseData.VACANCIES_INTERNAL).toBe(0);
      const assessed = await adviser.send('POST', apiPath('assess', { course: COURSE }), form());
      expect(assessed.status).toBe(200);
      const buttons = (assessed.body as { result: { SUBMISSION_OPTIONS: { BUTTONS: { STATUS: string }[] } } }).result.SUBMISSION_OPTIONS.BUTTONS;
      expect(buttons.map((b) => b.STATUS)).toEqual(['R', 'P']);
      // An application's screen (re-assessed for the adviser) carries the ledger's places left too.
      const student = offers[1]?.id[0] ?? '';
      const opened = await adviser.get(`${apiPath('deskApplication', { student, course: COURSE })}?_=${Date.now()}`);
      expect(opened.status).toBe(200);
      expect(deskApplicationResponseSchema.parse(opened.body).courseData.VACANCIES_INTERNAL).toBe(0);
    } finally {
      await courses.query('update courses set vacancies_internal = 0 where ucas_code = $1', [COURSE]);
      await courses.end();
    }
  });

  it('reopens a course the guard closed when an adviser withdraws an offer, and search follows', async () => {
    const adviser = await as('backoffice');
    const student = offers[0]?.id[0] ?? '';
    const path = apiPath('deskApplication', { student, course: COURSE });
    const got = await adviser.get(`${path}?_=1`);
    expect(got.status).toBe(200);
    const stored = deskApplicationResponseSchema.parse(got.body);
    const withdrawn = await adviser.send('PUT', path, { ...applicationFormSchema.parse(stored.applicationData), STATUS: 'W' });
    expect(withdrawn).toMatchObject({ status: 200, body: { confirmed_status: 'W' } });
    await until(
      () => searchRow(COURSE),
      (r) => r?.VACANCIES_INTERNAL === 1,
    );
    const admin = await as('admin');
    const history = courseHistoryResponseSchema.parse((await admin.get(`${apiPath('deskCourseHistory', { id: COURSE })}?_=${Date.now()}`)).body).rows;
    expect(history[0]).toMatchObject({ username: PLACES_GUARD_USER, changes: [{ field: 'VACANCIES_INTERNAL', old: 0, new: 1 }] });
    // The place returned is offered again.
    expect((await (await publicClient()).send('POST', apiPath('apply', { course: COURSE }), form())).status).toBe(200);
  });

  it('lets an Administrator offer over the allowance only after confirming it, recorded in the History log', async () => {
    const admin = await as('admin');
    const assessed = await admin.send('POST', apiPath('assess', { course: COURSE }), form());
    expect(
      (assessed.body as { result: { SUBMISSION_OPTIONS: { BUTTONS: { STATUS: string }[] } } }).result.SUBMISSION_OPTIONS.BUTTONS.map((b) => b.STATUS),
    ).toContain('O');
    const unconfirmed = await admin.send('POST', apiPath('deskApplicationCreate', { student: 'new', course: COURSE }), form({ STATUS: 'O' }));
    expect(unconfirmed).toEqual({ status: 409, body: { message: NO_PLACE_LEFT } });
    const confirmed = await admin.send(
      'POST',
      apiPath('deskApplicationCreate', { student: 'new', course: COURSE }),
      form({ STATUS: 'O', OVER_ALLOWANCE: true }),
    );
    expect(confirmed.status).toBe(200);
    const saved = applyResponseSchema.parse(confirmed.body);
    const log = deskApplicationResponseSchema.parse((await admin.get(`${apiPath('deskApplication', { student: saved.id[0], course: COURSE })}?_=2`)).body)
      .applicationData.LOG;
    expect(log.at(-1)?.MESSAGE).toBe('Application created with status Offered. Offered over the allowance: no place was left (confirmed by an Administrator).');
    // Places left never show below 0.
    const course = courseDetailResponseSchema.parse((await admin.get(`${apiPath('deskCourse', { id: COURSE })}?_=${Date.now()}`)).body).courseData;
    expect(course.VACANCIES_INTERNAL).toBe(0);
  });
});
