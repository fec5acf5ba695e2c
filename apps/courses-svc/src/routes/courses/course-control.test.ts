import { randomUUID } from 'node:crypto';
import {
  courseControlEventSchema,
  courseControlJobSchema,
  courseDetailResponseSchema,
  courseEtag,
  courseHistoryResponseSchema,
  COURSES_SVC,
  OUTBOX_QUEUES,
  reportableCoursesResponseSchema,
  type StaffUser,
} from '@clearing-desk/contracts';
import { encodeStaffUser } from '@clearing-desk/service-kit';
import { endpointRequest, internalHeaders } from '@clearing-desk/service-kit/testing';
import { Queue } from 'bullmq';
import { asc, eq } from 'drizzle-orm';
import { Client } from 'pg';
import { outbox } from '../../db/schema';
import { DEMO_FIXTURES } from '../../db/seed/demo-catalogue';
import { applyPlacesEvent } from '../../places/places-projection';
import { setupCoursesTestApp } from '../../testing/courses-test-app';

const testApp = setupCoursesTestApp('courses_control');

/** Course control's texts to staff, word for word. */
const UPDATE_FORBIDDEN = 'Your role on this course does not allow changing it.';
const UPDATE_TARIFFS = 'The accepted tariff cannot be higher than the advertised tariff.';
const UPDATE_CONFLICT = 'This course was changed by someone else since you opened it. Reload it to see their changes, then make yours again.';
const FIGURES_FORBIDDEN = 'Your roles do not include viewing reports on any course.';

const admin: StaffUser = { username: 'admin', name: 'Ada Administrator', roles: [{ role: 'Administrator', scope: 'all' }] };
const admin2: StaffUser = { username: 'admin2', name: 'Second Admin', roles: [{ role: 'Administrator', scope: 'all' }] };
const lawAdmin: StaffUser = { username: 'lawadmin', name: 'Law Admin', roles: [{ role: 'Administrator', scope: 'school:LAW' }] };
const editor: StaffUser = { username: 'editor', name: 'Eddie Editor', roles: [{ role: 'Editor', scope: 'all' }] };
const backOffice: StaffUser = { username: 'backoffice', name: 'Bola Backoffice', roles: [{ role: 'Back Office', scope: 'all' }] };
const frontOffice: StaffUser = { username: 'frontoffice', name: 'Fran Frontoffice', roles: [{ role: 'Front Office', scope: 'all' }] };
const editorCmps: StaffUser = { username: 'editor-cmps', name: 'Cem Compton', roles: [{ role: 'Editor', scope: 'dept:CMPS' }] };
const as = (user: StaffUser) => internalHeaders({ 'x-clearing-user': encodeStaffUser(user) });

const put = (code: string, payload: unknown, user: StaffUser | null = admin) =>
  testApp.app.inject({ ...endpointRequest(COURSES_SVC.update, { params: { id: code }, body: payload }), headers: user ? as(user) : internalHeaders() });
const read = async (code: string) =>
  courseDetailResponseSchema.parse(
    (await testApp.app.inject({ ...endpointRequest(COURSES_SVC.detail, { params: { id: code } }), headers: internalHeaders() })).json(),
  );
/** The course-control outbox rows of a course, oldest first. */
const announced = (code: string) => testApp.app.db.select().from(outbox).where(eq(outbox.aggregateId, code)).orderBy(asc(outbox.createdAt));
/** The places ledger's first event for the course (as the start-up backfill's makes it): from now on its places may change. */
const counted = (code: string) =>
  applyPlacesEvent(testApp.app.db, randomUUID(), {
    UCAS_CODE: code,
    CLEARING_PLACES: 4,
    OFFER_ALLOWANCE: 1,
    OFFERS: 0,
    VACANCIES_INTERNAL: 4,
    GUARD_CLOSED: false,
    LAST_GUARD_CLOSE: null,
    LAST_GUARD_REOPEN: null,
    VERSION: 1,
    at: new Date().toISOString(),
    history: null,
  });
const history = async (code: string) =>
  courseHistoryResponseSchema.parse(
    (await testApp.app.inject({ ...endpointRequest(COURSES_SVC.history, { params: { id: code } }), headers: as(admin) })).json(),
  ).rows;

describe(`PUT ${COURSES_SVC.update.path}`, () => {
  it('stores subject requirements as data and records their sentences in the history; a bad grade is a 400 storing nothing', async () => {
    const code = 'G400';
    expect((await read(code)).courseData.SUBJECT_REQUIREMENTS).toEqual([]);
    // The seeded catalogue's reviewed requirements read back as data.
    expect((await read('G100')).courseData.SUBJECT_REQUIREMENTS?.[0]).toMatchObject({
      subjects: ['Mathematics', 'Further Mathematics'],
      minimumGrade: { ALEVEL: 'B' },
    });
    const requirement = { subjects: ['Mathematics'], count: 1, minimumGrade: { ALEVEL: 'B', IBO: '5' } };
    const res = await put(code, { data: { SUBJECT_REQUIREMENTS: [requirement] } });
    expect(res.statusCode).toBe(200);
    expect((await read(code)).courseData.SUBJECT_REQUIREMENTS).toEqual([requirement]);
    const [entry] = await history(code);
    expect(entry?.changes).toEqual([
      {
        field: 'SUBJECT_REQUIREMENTS',
        old: null,
        new: 'A Level Mathematics at grade B or above is required. Also accepted in the same subject: IB Higher Level at grade 5 or above.',
      },
    ]);
    const bad = await put(code, { data: { SUBJECT_REQUIREMENTS: [{ ...requirement, minimumGrade: { ALEVEL: 'Z' } }] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("'Z' is not a grade of ALEVEL.");
    expect((await read(code)).courseData.SUBJECT_REQUIREMENTS).toEqual([requirement]);
    await put(code, { data: { SUBJECT_REQUIREMENTS: [] } });
    expect((await read(code)).courseData.SUBJECT_REQUIREMENTS).toEqual([]);
  });

  it('lets an Administrator close a course and records user, time and old/new values in the history', async () => {
    const code = DEMO_FIXTURES.open;
    const before = await read(code);
    const started = Date.now();
    const res = await put(code, { data: { VACANCIES_EXTERNAL: 0 } });
    expect(res.statusCode).toBe(200);
    const body = courseDetailResponseSchema.parse(res.json());
    expect(body.courseData.VACANCIES_EXTERNAL).toBe(0);
    expect(body.access).toBe('Administrator');
    expect((await read(code)).courseData.VACANCIES_EXTERNAL).toBe(0);
    const [entry] = await history(code);
    expect(entry).toMatchObject({ username: 'admin', changes: [{ field: 'VACANCIES_EXTERNAL', old: before.courseData.VACANCIES_EXTERNAL, new: 0 }] });
    expect(Date.parse(entry?.at ?? '')).toBeGreaterThanOrEqual(started - 1000);

    await put(code, { data: { VACANCIES_EXTERNAL: before.courseData.VACANCIES_EXTERNAL } });
    expect((await read(code)).courseData.VACANCIES_EXTERNAL).toBe(before.courseData.VACANCIES_EXTERNAL);
  });

  it('writes no history when nothing changes', async () => {
    const code = DEMO_FIXTURES.engineering;
    const current = await read(code);
    const res = await put(code, { data: { SUSPENDED: current.courseData.SUSPENDED } });
    expect(res.statusCode).toBe(200);
    expect(await history(code)).toEqual([]);
  });

  it.each([
    ['an Editor', editor],
    ['Back Office', backOffice],
    ['Front Office', frontOffice],
    ['an Administrator of another school', lawAdmin],
  ])('refuses %s with 403 and changes nothing', async (_who, user) => {
    const code = DEMO_FIXTURES.sciences;
    const before = await read(code);
    const res = await put(code, { data: { VACANCIES_EXTERNAL: 0 } }, user);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: UPDATE_FORBIDDEN });
    expect(await read(code)).toEqual(before);
  });

  it('refuses the public (no forwarded user) with 403', async () => {
    const res = await put(DEMO_FIXTURES.sciences, { data: { VACANCIES_EXTERNAL: 0 } }, null);
    expect(res.statusCode).toBe(403);
  });

  it.each([
    ['an unknown key', { VACANCIES: 3 }],
    ['a read-only field', { COURSE_TITLE: 'Renamed' }],
    ['negative vacancies', { VACANCIES_EXTERNAL: -1 }],
    ['fractional vacancies', { VACANCIES_EXTERNAL: 1.5 }],
    ['internal vacancies (places left: projected from the places ledger)', { VACANCIES_INTERNAL: 3 }],
    ['fractional Clearing places', { CLEARING_PLACES: 2.5 }],
    ['an offer allowance with three decimals', { OFFER_ALLOWANCE: 1.255 }],
    ['an unknown document type', { DOCUMENT_TYPES: 'ALEVELS,PASSPORT' }],
    ['no field at all', {}],
  ])('answers 400 for %s and stores nothing', async (_what, data) => {
    const code = DEMO_FIXTURES.healthSciences;
    const before = await read(code);
    const res = await put(code, { data });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
    expect(await read(code)).toEqual(before);
  });

  it('refuses a places change with 409 while the places ledger has not counted the course, storing and announcing nothing', async () => {
    const code = DEMO_FIXTURES.healthSciences;
    const before = await read(code);
    const res = await put(code, { data: { CLEARING_PLACES: 3 } });
    expect([res.statusCode, res.json()]).toEqual([409, { message: 'The places of this course are not counted yet. Try again in a minute.' }]);
    expect(await read(code)).toEqual(before);
    expect(await announced(code)).toEqual([]);
  });

  it("owns the places settings: a change, its history and the ledger's course-control event are written in one transaction and relayed under the row's id", async () => {
    const code = DEMO_FIXTURES.externalIntermediary;
    await counted(code);
    const queue = new Queue(OUTBOX_QUEUES['course-control'], { connection: { host: '127.0.0.1', port: 6379 }, prefix: testApp.config.EVENTS_QUEUE_PREFIX });
    try {
      const res = await put(code, { data: { CLEARING_PLACES: 7, OFFER_ALLOWANCE: 1.2, VACANCIES_EXTERNAL: 2 } });
      expect(res.statusCode).toBe(200);
      expect((await read(code)).courseData).toMatchObject({ CLEARING_PLACES: 7, OFFER_ALLOWANCE: 1.2, VACANCIES_EXTERNAL: 2 });
      expect((await history(code))[0]).toMatchObject({
        username: 'admin',
        changes: expect.arrayContaining([
          { field: 'CLEARING_PLACES', old: 4, new: 7 },
          { field: 'OFFER_ALLOWANCE', old: 1, new: 1.2 },
        ]),
      });
      const [row, ...more] = await announced(code);
      expect(more).toEqual([]);
      expect(courseControlEventSchema.parse(row?.payload)).toMatchObject({
        UCAS_CODE: code,
        CLEARING_PLACES: 7,
        OFFER_ALLOWANCE: 1.2,
        CONTROL_VERSION: 1,
        username: 'admin',
      });
      await testApp.app.outboxRelay.relayNow();
      const job = await queue.getJob(row?.id ?? '');
      expect(courseControlJobSchema.parse(job?.data)).toEqual({ outboxId: row?.id, payload: row?.payload });

      // A change of other fields tells the ledger nothing; a refused one (412) neither changes nor announces.
      expect((await put(code, { data: { VACANCIES_EXTERNAL: 3 } })).statusCode).toBe(200);
      expect((await put(code, { data: { CLEARING_PLACES: 1 }, ifMatch: '"stale"' })).statusCode).toBe(412);
      expect(await announced(code)).toHaveLength(1);
      // The next places change goes with the next CONTROL_VERSION.
      expect((await put(code, { data: { CLEARING_PLACES: 8 } })).statusCode).toBe(200);
      expect((await announced(code)).map((r) => courseControlEventSchema.parse(r.payload).CONTROL_VERSION)).toEqual([1, 2]);
    } finally {
      await queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
    }
  });

  it('refuses an accepted tariff above the advertised one, checked against the stored tariff', async () => {
    const code = DEMO_FIXTURES.healthSciences;
    const before = await read(code);
    const res = await put(code, { data: { TARIFF_ACCEPTED: before.courseData.TARIFF_ADVERTISED + 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: UPDATE_TARIFFS });
    expect(await read(code)).toEqual(before);
    expect(await history(code)).toEqual([]);
  });

  it('round-trips the IB requirement (IB_ADVERTISED, IB_ACCEPTED): set, recorded in the history, cleared', async () => {
    const code = 'B720'; // Midwifery 128/120: IB 30/29 in the demo catalogue; no other test here changes it
    const before = await read(code);
    expect(before.courseData).toMatchObject({ IB_ADVERTISED: expect.any(Number), IB_ACCEPTED: expect.any(Number) });
    const { IB_ADVERTISED: oldAdvertised, IB_ACCEPTED: oldAccepted } = before.courseData;

    const res = await put(code, { data: { IB_ADVERTISED: 34, IB_ACCEPTED: 31 } });
    expect(res.statusCode).toBe(200);
    expect(courseDetailResponseSchema.parse(res.json()).courseData).toMatchObject({ IB_ADVERTISED: 34, IB_ACCEPTED: 31 });
    expect((await read(code)).courseData).toMatchObject({ IB_ADVERTISED: 34, IB_ACCEPTED: 31 });
    expect((await history(code))[0]?.changes).toEqual([
      { field: 'IB_ADVERTISED', old: oldAdvertised, new: 34 },
      { field: 'IB_ACCEPTED', old: oldAccepted, new: 31 },
    ]);

    expect((await put(code, { data: { IB_ADVERTISED: null, IB_ACCEPTED: null } })).statusCode).toBe(200);
    expect((await read(code)).courseData).toMatchObject({ IB_ADVERTISED: null, IB_ACCEPTED: null });
  });

  it.each([
    [
      'an accepted IB requirement above the advertised one',
      { IB_ACCEPTED: 40 },
      'The accepted IB requirement cannot be higher than the advertised IB requirement.',
    ],
    [
      'an advertised IB requirement without an accepted one',
      { IB_ACCEPTED: null },
      'Give both IB requirements (advertised and accepted points), or neither for a course without an IB requirement.',
    ],
    ['IB points above 45', { IB_ADVERTISED: 46 }, 'data.IB_ADVERTISED: The IB requirement must be a whole number of Diploma points from 0 to 45.'],
  ])('refuses %s with its message and stores nothing', async (_what, data, message) => {
    const code = DEMO_FIXTURES.sciences;
    const before = await read(code);
    const res = await put(code, { data });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await read(code)).toEqual(before);
  });

  it('sanitises NOTES before storing: scripts, event handlers and javascript: URLs are removed', async () => {
    const code = DEMO_FIXTURES.allQualifications;
    const res = await put(code, {
      data: {
        NOTES:
          '<p onclick="steal()">Entry <strong>notes</strong><script>alert(1)</script></p><img src=x onerror="alert(2)"><a href="javascript:alert(3)">bad</a> <a href="https://example.ac.uk/x">good</a>',
      },
    });
    expect(res.statusCode).toBe(200);
    const notes = (await read(code)).courseData.NOTES;
    expect(notes).toBe(
      '<p>Entry <strong>notes</strong></p><a target="_blank" rel="noopener noreferrer">bad</a> <a href="https://example.ac.uk/x" target="_blank" rel="noopener noreferrer">good</a>',
    );
    expect(notes).not.toMatch(/script|onerror|onclick|javascript:/i);
  });

  it('normalises DOCUMENT_TYPES and stores blank texts as null', async () => {
    const code = DEMO_FIXTURES.secondYearAllowed;
    const res = await put(code, { data: { DOCUMENT_TYPES: ' GCSE5, ALEVELS,GCSE5 ', FEEDBACK_NOTE: '   ', FEEDBACK_TELEPHONE: '020 7040 5000' } });
    expect(res.statusCode).toBe(200);
    const { courseData } = await read(code);
    expect(courseData.DOCUMENT_TYPES).toBe('GCSE5,ALEVELS');
    expect(courseData.FEEDBACK_NOTE).toBeNull();
    expect(courseData.FEEDBACK_TELEPHONE).toBe('020 7040 5000');
  });

  it('answers 412 with the conflict text when If-Match no longer matches, and saves nothing', async () => {
    const code = DEMO_FIXTURES.interviewing;
    const opened = await read(code);
    const etag = courseEtag(opened.courseData);
    const first = await put(code, { data: { VACANCIES_EXTERNAL: opened.courseData.VACANCIES_EXTERNAL + 1 }, ifMatch: etag }, admin);
    expect(first.statusCode).toBe(200);
    const second = await put(code, { data: { VACANCIES_EXTERNAL: 0 }, ifMatch: etag }, admin2);
    expect(second.statusCode).toBe(412);
    expect(second.json()).toEqual({ message: UPDATE_CONFLICT });
    expect((await read(code)).courseData.VACANCIES_EXTERNAL).toBe(opened.courseData.VACANCIES_EXTERNAL + 1);
    expect((await history(code)).map((h) => h.username)).toEqual(['admin']);
  });

  // Two advisers change the same course from the same page at once. Both edits really change it
  // (an edit that changes nothing keeps the version, see below), and both wait on the course row
  // while another transaction holds it, so they meet in the conditional update itself.
  it('lets exactly one of two simultaneous edits with the same If-Match win', async () => {
    const code = DEMO_FIXTURES.suspended;
    const opened = (await read(code)).courseData;
    const etag = courseEtag(opened);
    const blocker = new Client({ connectionString: testApp.config.DATABASE_URL });
    // Outside any transaction: pg_stat_activity read inside one is a snapshot taken at first use.
    const observer = new Client({ connectionString: testApp.config.DATABASE_URL });
    await Promise.all([blocker.connect(), observer.connect()]);
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT 1 FROM courses WHERE ucas_code = $1 FOR UPDATE', [opened.UCAS_CODE]);
      const edits = [
        put(code, { data: { VACANCIES_EXTERNAL: opened.VACANCIES_EXTERNAL + 1 }, ifMatch: etag }, admin),
        put(code, { data: { VACANCIES_EXTERNAL: opened.VACANCIES_EXTERNAL + 2 }, ifMatch: etag }, admin2),
      ];
      // Both are waiting for the row: a state to wait for, not a time.
      const waiting = async () =>
        Number(
          (await observer.query<{ n: string }>("SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"))
            .rows[0]?.n,
        );
      for (let polls = 0; (await waiting()) < 2; polls += 1) {
        if (polls > 2_000) throw new Error('the two edits never waited for the course row');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await blocker.query('COMMIT');
      const results = await Promise.all(edits);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 412]);
      const winner = results.findIndex((r) => r.statusCode === 200);
      expect((await read(code)).courseData.VACANCIES_EXTERNAL).toBe(opened.VACANCIES_EXTERNAL + 1 + winner);
      expect((await history(code)).map((h) => h.username)).toEqual([winner === 0 ? 'admin' : 'admin2']);
    } finally {
      await Promise.all([blocker.end(), observer.end()]);
    }
  });

  it('keeps the version when an edit changes nothing, so a second edit from the same page still saves', async () => {
    const code = DEMO_FIXTURES.closed;
    const opened = (await read(code)).courseData;
    const etag = courseEtag(opened);
    const same = await put(code, { data: { VACANCIES_EXTERNAL: opened.VACANCIES_EXTERNAL } }, admin);
    expect(same.statusCode).toBe(200);
    expect(courseEtag(courseDetailResponseSchema.parse(same.json()).courseData)).toBe(etag);
    const changed = await put(code, { data: { VACANCIES_EXTERNAL: opened.VACANCIES_EXTERNAL + 3 }, ifMatch: etag }, admin2);
    expect(changed.statusCode).toBe(200);
    expect((await history(code)).map((h) => h.username)).toEqual(['admin2']);
  });
});

describe(`GET ${COURSES_SVC.reportable.path}`, () => {
  it('answers only the courses the user may view reports on (scope respected)', async () => {
    const all = reportableCoursesResponseSchema.parse((await testApp.app.inject({ ...endpointRequest(COURSES_SVC.reportable), headers: as(editor) })).json());
    expect(all.rows.length).toBeGreaterThanOrEqual(150);
    const cmps = reportableCoursesResponseSchema.parse(
      (await testApp.app.inject({ ...endpointRequest(COURSES_SVC.reportable), headers: as(editorCmps) })).json(),
    );
    expect(cmps.rows.length).toBeGreaterThan(0);
    expect(cmps.rows.every((r) => r.DEPT === 'CMPS')).toBe(true);
  });

  it.each([
    ['Front Office (no view report)', as(frontOffice)],
    ['the public', internalHeaders()],
  ])('refuses %s with 403', async (_who, headers) => {
    const res = await testApp.app.inject({ ...endpointRequest(COURSES_SVC.reportable), headers });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: FIGURES_FORBIDDEN });
  });
});
