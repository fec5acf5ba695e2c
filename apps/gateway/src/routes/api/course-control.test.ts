import { randomUUID } from 'node:crypto';
import {
  apiPath,
  APPLY_MESSAGES,
  courseDetailResponseSchema,
  courseSearchResponseSchema,
  FIGURES_CSV_HEADINGS,
  figuresResponseSchema,
  searchAction,
  apiRouteLabel,
} from '@clearing-desk/contracts';
import { createApplicationForm, A_STAR_A_B_A_LEVELS } from '@clearing-desk/contracts/testing';
import { DEMO_DIRECTORY, startDirectory, type Directory, type Stack } from '@clearing-desk/stack';
import { StackClient, staffClients, startTestStack } from '../../testing/stack-client';

/** Demo catalogue: G400 Computer Science BSc (SCI, dept CMPS), open with automatic decisions. */
const OPEN = 'G400';

/** The code the API answers for a closed course (spec section 8: 'Message COURSE_CLOSED'); the web shows the text below for it. */
const SPEC_COURSE_CLOSED_CODE = 'COURSE_CLOSED';
/** Spec section 8's course-closed message, word for word. */
const SPEC_COURSE_CLOSED =
  'Unfortunately this course is now closed to any further applications. Please check our list of open courses for alternative options.';
/** Course control's texts to staff, word for word. */
const UPDATE_FORBIDDEN = 'Your role on this course does not allow changing it.';
const UPDATE_CONFLICT = 'This course was changed by someone else since you opened it. Reload it to see their changes, then make yours again.';
const NOT_LOGGED_IN = 'Not logged in';
const FIGURES_FORBIDDEN = 'Your roles do not include viewing reports on any course.';

let directory: Directory;
let stack: Stack;

/** A signed-in client per demo user (made once). */
const as = staffClients(() => stack.gatewayUrl, DEMO_DIRECTORY.password);

let people = 0;
const FIVE_GCSES = ['English Language', 'Mathematics', 'Physics', 'Chemistry', 'Biology'].map((SUBJECT) => ({
  QUALIFICATION: 'GCSE',
  SUBJECT,
  GRADE: '5',
  YEAR: '2023',
}));
/** A public submission for G400 that is offered at once (A*AB). */
function submission() {
  people += 1;
  return {
    ...createApplicationForm({
      DOB: '2006-05-14',
      NATIONALITY: 'GBR',
      GCSE_QUALIFICATIONS: FIVE_GCSES,
      QUALIFICATIONS: A_STAR_A_B_A_LEVELS,
    }),
    EMAIL: `course.control.${people}@example.com`,
    UCAS_PERSONAL_ID: String(7100000000 + people),
    SUBMISSION_ID: randomUUID(),
  };
}

beforeAll(async () => {
  directory = await startDirectory({ port: 'free' });
  stack = await startTestStack({ services: ['courses', 'applications', 'assessment'], directoryUrl: directory.url });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await directory?.stop();
});

const publicRow = async (code: string) => {
  const res = await new StackClient(stack.gatewayUrl).get(`${apiPath('courseSearch')}?q=${code}&_=${Date.now()}`);
  return courseSearchResponseSchema.parse(res.body).rows.find((r) => r.UCAS_CODE === code);
};

describe(apiRouteLabel('deskCourseUpdate'), () => {
  it('lets an Administrator close a course: the public search shows Closed and the next submission is refused with COURSE_CLOSED', async () => {
    const admin = await as('admin');
    const before = courseDetailResponseSchema.parse((await admin.get(apiPath('deskCourse', { id: OPEN }))).body);
    const res = await admin.send('PUT', apiPath('deskCourseUpdate', { id: OPEN }), { VACANCIES_EXTERNAL: 0 });
    expect(res.status).toBe(200);
    expect(courseDetailResponseSchema.parse(res.body).courseData.VACANCIES_EXTERNAL).toBe(0);

    const row = await publicRow(OPEN);
    expect(row && searchAction(row)).toEqual({ kind: 'closed' });
    const publicClient = new StackClient(stack.gatewayUrl);
    await publicClient.get(apiPath('ping'));
    const refused = await publicClient.send('POST', apiPath('apply', { course: OPEN }), submission());
    expect(refused).toEqual({ status: 409, body: { message: SPEC_COURSE_CLOSED_CODE } });
    expect(APPLY_MESSAGES.COURSE_CLOSED).toBe(SPEC_COURSE_CLOSED);

    const history = await admin.get(`${apiPath('deskCourseHistory', { id: OPEN })}?_=1`);
    expect(history.status).toBe(200);
    expect((history.body as { rows: unknown[] }).rows[0]).toMatchObject({
      username: 'admin',
      changes: [{ field: 'VACANCIES_EXTERNAL', old: before.courseData.VACANCIES_EXTERNAL, new: 0 }],
    });

    const reopened = await admin.send('PUT', apiPath('deskCourseUpdate', { id: OPEN }), { VACANCIES_EXTERNAL: before.courseData.VACANCIES_EXTERNAL });
    expect(reopened.status).toBe(200);
    const accepted = await publicClient.send('POST', apiPath('apply', { course: OPEN }), submission());
    expect(accepted.status).toBe(200);
  });

  it.each(['editor', 'backoffice', 'frontoffice', 'visateam', 'nogroups'])('refuses %s with 403 and the course stays as it was', async (username) => {
    const client = await as(username);
    const before = (await publicRow(OPEN))?.VACANCIES_EXTERNAL;
    const res = await client.send('PUT', apiPath('deskCourseUpdate', { id: OPEN }), { VACANCIES_EXTERNAL: 0 });
    expect(res).toEqual({ status: 403, body: { message: UPDATE_FORBIDDEN } });
    expect((await publicRow(OPEN))?.VACANCIES_EXTERNAL).toBe(before);
  });

  it('answers 401 without a session', async () => {
    const client = new StackClient(stack.gatewayUrl);
    await client.get(apiPath('ping'));
    const res = await client.send('PUT', apiPath('deskCourseUpdate', { id: OPEN }), { VACANCIES_EXTERNAL: 0 });
    expect(res).toEqual({ status: 401, body: { message: NOT_LOGGED_IN } });
  });

  it('answers 400 for an unknown field', async () => {
    const res = await (await as('admin')).send('PUT', apiPath('deskCourseUpdate', { id: OPEN }), { VACANCIES_EXTERNAL: 3, COURSE_TITLE: 'x' });
    expect(res.status).toBe(400);
    expect(typeof (res.body as { message: string }).message).toBe('string');
  });

  it('sends an ETag and answers 412 to a PUT whose If-Match is stale (two managers, one course)', async () => {
    const admin = await as('admin');
    const got = await admin.get(`${apiPath('deskCourse', { id: OPEN })}?_=2`);
    const etag = got.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{8}-[0-9a-f]+"$/);
    const vacancies = courseDetailResponseSchema.parse(got.body).courseData.VACANCIES_EXTERNAL;
    const first = await admin.putIfMatch(apiPath('deskCourse', { id: OPEN }), { VACANCIES_EXTERNAL: vacancies + 1 }, etag!);
    expect(first.status).toBe(200);
    expect(first.etag).not.toBe(etag);
    const second = await admin.putIfMatch(apiPath('deskCourse', { id: OPEN }), { VACANCIES_EXTERNAL: vacancies + 5 }, etag!);
    expect(second).toMatchObject({ status: 412, body: { message: UPDATE_CONFLICT } });
    // A change of the places ledger alone is checked against the same ETag.
    const ledgerOnly = await admin.putIfMatch(apiPath('deskCourse', { id: OPEN }), { CLEARING_PLACES: 40 }, etag!);
    expect(ledgerOnly).toMatchObject({ status: 412, body: { message: UPDATE_CONFLICT } });
    // The places projection may follow the ledger after the first PUT and move the ETag: restore
    // with the current one.
    const current = (await admin.get(`${apiPath('deskCourse', { id: OPEN })}?_=3`)).headers.get('etag');
    const restored = await admin.putIfMatch(apiPath('deskCourse', { id: OPEN }), { VACANCIES_EXTERNAL: vacancies }, current!);
    expect(restored.status).toBe(200);
  });

  it('saves CLEARING_PLACES and OFFER_ALLOWANCE with courses-svc in one call; the ledger takes them from its event, and the course and search follow with the places left', async () => {
    const code = 'G100';
    const admin = await as('admin');
    const res = await admin.send('PUT', apiPath('deskCourseUpdate', { id: code }), { CLEARING_PLACES: 2, OFFER_ALLOWANCE: 1.5, NOTES: '<p>Two places.</p>' });
    expect(res.status).toBe(200);
    // floor(2 x 1.50) = 3 offers allowed, none made.
    expect(courseDetailResponseSchema.parse(res.body).courseData).toMatchObject({
      CLEARING_PLACES: 2,
      OFFER_ALLOWANCE: 1.5,
      VACANCIES_INTERNAL: 3,
      NOTES: '<p>Two places.</p>',
    });
    // The ledger takes courses-svc's course-control event, and courses-svc's projection the ledger's (outbox, BullMQ both ways): wait for the state.
    for (let row = await publicRow(code); row?.VACANCIES_INTERNAL !== 3; row = await publicRow(code)) await new Promise((r) => setTimeout(r, 50));
    const detail = courseDetailResponseSchema.parse((await admin.get(`${apiPath('deskCourse', { id: code })}?_=3`)).body).courseData;
    expect(detail).toMatchObject({ CLEARING_PLACES: 2, OFFER_ALLOWANCE: 1.5, VACANCIES_INTERNAL: 3 });

    const history = async () =>
      (await admin.get(`${apiPath('deskCourseHistory', { id: code })}?_=${Date.now()}`)).body as { rows: { username: string; changes: unknown[] }[] };
    while (!(await history()).rows.some((h) => h.changes.some((c) => (c as { field: string }).field === 'CLEARING_PLACES'))) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await history()).rows.find((h) => h.changes.some((c) => (c as { field: string }).field === 'CLEARING_PLACES'))).toMatchObject({
      username: 'admin',
      changes: expect.arrayContaining([
        { field: 'CLEARING_PLACES', old: expect.any(Number), new: 2 },
        { field: 'OFFER_ALLOWANCE', old: 1, new: 1.5 },
      ]),
    });
    expect((await admin.send('PUT', apiPath('deskCourseUpdate', { id: code }), { OFFER_ALLOWANCE: 1.255 })).status).toBe(400);
    expect((await admin.send('PUT', apiPath('deskCourseUpdate', { id: code }), { VACANCIES_INTERNAL: 9 })).status).toBe(400);
  });
});

describe(apiRouteLabel('figures'), () => {
  it('gives an Editor the figures of every course, counting the public submissions made', async () => {
    const editor = await as('editor');
    const res = await editor.get(`${apiPath('figures')}?margin=10`);
    expect(res.status).toBe(200);
    const figures = figuresResponseSchema.parse(res.body);
    expect(figures.courses.length).toBeGreaterThanOrEqual(150);
    expect(figures.margin).toBe(10);
    const g400 = figures.courses.find((r) => r.UCAS_CODE === OPEN);
    // The first test's accepted submission, offered at once (AO).
    expect(g400).toMatchObject({
      today: { applications: 1, offered: 1, invited: 0 },
      total: { applications: 1, offered: 1, invited: 0 },
      automatic: 1,
      adviser: 0,
    });
    expect(figures.overall.total.applications).toBe(1);
    // G100 (2 Clearing places at 1.50, set above): places left are the ledger's, as course
    // control shows them; its public vacancies are another figure, in their own column.
    const control = courseDetailResponseSchema.parse((await (await as('admin')).get(`${apiPath('deskCourse', { id: 'G100' })}?_=4`)).body).courseData;
    const g100 = figures.courses.find((r) => r.UCAS_CODE === 'G100');
    expect(control.VACANCIES_EXTERNAL).not.toBe(3);
    expect(g100).toMatchObject({ VACANCIES_INTERNAL: 3, CLEARING_PLACES: 2, VACANCIES_EXTERNAL: control.VACANCIES_EXTERNAL });
    const sum = (pick: (r: (typeof figures.courses)[number]) => number) => figures.courses.reduce((n, r) => n + pick(r), 0);
    expect(figures.overall.placesLeft).toBe(sum((r) => r.VACANCIES_INTERNAL));
    expect(figures.overall.publicVacancies).toBe(sum((r) => r.VACANCIES_EXTERNAL));
    expect(figures.overall.placesLeft).not.toBe(figures.overall.publicVacancies);
    expect(figures.perHour.reduce((n, h) => n + h.applications, 0)).toBe(1);
    const sci = figures.schools.find((s) => s.SCHOOL === 'SCI');
    expect(sci?.total.applications).toBe(1);
    expect(figures.overall.courses).toBe(figures.courses.length);
  });

  it('keeps a department Editor to their department', async () => {
    const res = await (await as('editor-cmps')).get(apiPath('figures'));
    expect(res.status).toBe(200);
    const figures = figuresResponseSchema.parse(res.body);
    expect(figures.courses.length).toBeGreaterThan(0);
    expect(figures.courses.every((r) => r.DEPT === 'CMPS')).toBe(true);
  });

  it.each(['frontoffice', 'fo-law', 'nogroups'])('refuses %s (no view report) with 403', async (username) => {
    const res = await (await as(username)).get(apiPath('figures'));
    expect(res).toMatchObject({ status: 403, body: { message: FIGURES_FORBIDDEN } });
  });

  it('answers 401 without a session', async () => {
    const res = await new StackClient(stack.gatewayUrl).get(apiPath('figures'));
    expect(res.status).toBe(401);
  });

  it('exports the same figures as a CSV attachment', async () => {
    const { overall } = figuresResponseSchema.parse((await (await as('editor')).get(`${apiPath('figures')}?_=${Date.now()}`)).body);
    const res = await (await as('editor')).get(apiPath('figuresCsv'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="clearing-figures.csv"');
    const lines = String(res.body).trimEnd().split('\r\n');
    expect(lines[0]).toBe(FIGURES_CSV_HEADINGS.join(','));
    // Today, then in total: applications, offered, invited, referred, pooled, rejected, waiting;
    // decisions and calls; places left (the ledger's), public vacancies, over-offered courses; no
    // ledger and no forecast (a course's own).
    expect(lines.at(-1)).toBe(`All,,,,,1,1,0,0,0,0,0,1,1,0,0,0,0,0,1,0,0,${overall.placesLeft},${overall.publicVacancies},${overall.overOffered},,,,,,,,,,`);
  });
});
