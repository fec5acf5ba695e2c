import { APPLICATIONS_SVC, figuresCountResponseSchema, type StaffUser } from '@clearing-desk/contracts';
import { encodeStaffUser } from '@clearing-desk/service-kit';
import { createTestDatabase, internalHeaders, TEST_INTERNAL_TOKEN, type TestDatabase, endpointRequest } from '@clearing-desk/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../app';
import { applicationsConfigSchema } from '../../config';
import { applicationLog, applications, coursePlaces, students } from '../../db/schema';

let database: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;

const editor: StaffUser = { username: 'editor', name: 'Eddie Editor', roles: [{ role: 'Editor', scope: 'all' }] };
const editorCmps: StaffUser = { username: 'editor-cmps', name: 'Cem Compton', roles: [{ role: 'Editor', scope: 'dept:CMPS' }] };
const frontOffice: StaffUser = { username: 'frontoffice', name: 'Fran Frontoffice', roles: [{ role: 'Front Office', scope: 'all' }] };
const as = (user: StaffUser) => internalHeaders({ 'x-clearing-user': encodeStaffUser(user) });

const G400 = { UCAS_CODE: 'G400', SCHOOL: 'SCI', DEPT: 'CMPS' };
const L100 = { UCAS_CODE: 'L100', SCHOOL: 'SAS', DEPT: 'ECON' };
const EMPTY = { UCAS_CODE: 'Z999', SCHOOL: 'SAS', DEPT: 'ECON' };

const DAY = 86_400_000;
/** The seeded set: [course, status, sub-status, outbound call, days ago]. */
const SEED: [string, string, string | null, 0 | 1, number][] = [
  ['G400', 'O', 'AO', 0, 0],
  ['G400', 'O', 'AR', 1, 0],
  ['G400', 'I', null, 1, 0],
  ['G400', 'X', 'AX', 0, 0],
  ['G400', 'S', null, 0, 0],
  ['G400', 'R', null, 1, 3],
  ['G400', 'P', null, 0, 3],
  ['G400', 'O', 'PI', 0, 3],
  ['L100', 'S', null, 0, 0],
  ['L100', 'X', null, 1, 0],
  ['L100', 'W', null, 0, 5],
];

beforeAll(async () => {
  database = await createTestDatabase('applications_figures');
  app = await buildApp(
    applicationsConfigSchema.parse({
      DATABASE_URL: database.url,
      INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
      LOG_LEVEL: 'silent',
      WALLBOARD_FILLS_FAST_MINUTES: '45',
    }),
  );
  await app.ready();
  const now = Date.now();
  let i = 0;
  for (const [ucasCode, status, subStatus, call, daysAgo] of SEED) {
    i += 1;
    const email = `person${i}@example.com`;
    const [student] = await app.db
      .insert(students)
      .values({ name1: 'Test', name2: `Person ${i}`, email, emailNormalised: email, dob: '2006-01-01', nationality: 'GBR', tel1: '07700900000' })
      .returning();
    await app.db.insert(applications).values({
      hash: randomUUID(),
      submissionId: randomUUID(),
      studentId: student!.studentId,
      ucasCode,
      departNumber: '31',
      status: status as 'O',
      subStatus: subStatus as 'AO' | null,
      form: {} as never,
      assessment: {} as never,
      over18: 1,
      secondYearEntry: 0,
      outboundCallFlag: call,
      emailNormalised: email,
      // "Today" rows are made a minute ago so they stay within today unless the test runs in the first minute after midnight.
      createdAt: new Date(now - (daysAgo === 0 ? 60_000 : daysAgo * DAY)),
    });
  }
  // G400's ledger: 3 Clearing places, all taken by its 3 offers (O), so no place left.
  await app.db.insert(coursePlaces).values({ ucasCode: 'G400', clearingPlaces: 3, offers: 3, guardClosed: true });
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

const post = (courses: unknown[], headers = as(editor)) => app.inject({ ...endpointRequest(APPLICATIONS_SVC.figures), headers, payload: { courses } });

describe(`POST ${APPLICATIONS_SVC.figures.path}`, () => {
  it('counts the seeded applications per course, today and in total, by status', async () => {
    const res = await post([G400, L100, EMPTY]);
    expect(res.statusCode).toBe(200);
    const body = figuresCountResponseSchema.parse(res.json());
    // The 'filling fast' threshold its alerts use, for the gateway's fill states: one setting.
    expect(body.FILLS_FAST_MINUTES).toBe(45);
    expect(body.rows).toEqual([
      {
        UCAS_CODE: 'G400',
        // The interview invitation (I) is counted apart, not as an offer.
        today: { applications: 5, offered: 2, invited: 1, referred: 0, pooled: 0, rejected: 1, waiting: 1 },
        total: { applications: 8, offered: 3, invited: 1, referred: 1, pooled: 1, rejected: 1, waiting: 1 },
        automatic: 3,
        adviser: 4,
        outboundCalls: 3,
        places: {
          UCAS_CODE: 'G400',
          CLEARING_PLACES: 3,
          OFFER_ALLOWANCE: 1,
          OFFERS: 3,
          VACANCIES_INTERNAL: 0,
          GUARD_CLOSED: true,
          LAST_GUARD_CLOSE: null,
          LAST_GUARD_REOPEN: null,
          VERSION: 1,
        },
        // Seeded without LOG rows, so no offer has a time in the last hour.
        offerTimes: [],
      },
      {
        UCAS_CODE: 'L100',
        today: { applications: 2, offered: 0, invited: 0, referred: 0, pooled: 0, rejected: 1, waiting: 1 },
        total: { applications: 3, offered: 0, invited: 0, referred: 0, pooled: 0, rejected: 1, waiting: 1 },
        automatic: 0,
        adviser: 1,
        outboundCalls: 1,
        // Seeded straight into the table: the places ledger has not seen this course.
        places: null,
        offerTimes: [],
      },
      {
        UCAS_CODE: 'Z999',
        today: { applications: 0, offered: 0, invited: 0, referred: 0, pooled: 0, rejected: 0, waiting: 0 },
        total: { applications: 0, offered: 0, invited: 0, referred: 0, pooled: 0, rejected: 0, waiting: 0 },
        automatic: 0,
        adviser: 0,
        outboundCalls: 0,
        places: null,
        offerTimes: [],
      },
    ]);
    expect(body.perHour.reduce((a, b) => a + b, 0)).toBe(7);
  });

  it('counts the same when many courses are asked (one scan of the table instead of the index)', async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ UCAS_CODE: `Y${i}`, SCHOOL: 'SAS', DEPT: 'ECON' }));
    const few = figuresCountResponseSchema.parse((await post([G400, L100])).json());
    const body = figuresCountResponseSchema.parse((await post([G400, ...many, L100])).json());
    expect(body.rows).toHaveLength(32);
    expect(body.rows.filter((r) => r.UCAS_CODE === 'G400' || r.UCAS_CODE === 'L100')).toEqual(few.rows);
    expect(body.perHour).toEqual(few.perHour);
  });

  it('matches counts taken straight from the database', async () => {
    const body = figuresCountResponseSchema.parse((await post([G400, L100])).json());
    type Direct = { ucas_code: string; n: number; offered: number; invited: number; calls: number };
    const direct = await app.db.execute<Direct>(sql`
      select ucas_code, count(*)::int as n, (count(*) filter (where status = 'O'))::int as offered,
        (count(*) filter (where status = 'I'))::int as invited, (count(*) filter (where outbound_call_flag = 1))::int as calls
      from applications group by ucas_code order by ucas_code`);
    const rows = (direct as unknown as { rows: Direct[] }).rows;
    for (const row of rows) {
      const found = body.rows.find((r) => r.UCAS_CODE === row.ucas_code);
      expect([found?.total.applications, found?.total.offered, found?.total.invited, found?.outboundCalls]).toEqual([
        row.n,
        row.offered,
        row.invited,
        row.calls,
      ]);
    }
  });

  it("puts today's applications in the bucket of their hour in Europe/London", async () => {
    const body = figuresCountResponseSchema.parse((await post([G400])).json());
    const hour = Number(
      new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone: 'Europe/London' }).format(new Date(Date.now() - 60_000)),
    );
    expect(body.perHour[hour]).toBe(5);
  });

  it.each([
    ['Front Office (no view report)', as(frontOffice), [G400]],
    ['an Editor of one department asking for another department', as(editorCmps), [G400, L100]],
    ['the public', internalHeaders(), [G400]],
  ])('refuses %s with 403', async (_who, headers, courses) => {
    const res = await post(courses, headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Your roles do not include viewing reports on any course.' });
  });

  it('lets an Editor of one department count that department', async () => {
    const res = await post([G400], as(editorCmps));
    expect(res.statusCode).toBe(200);
  });

  it('answers 400 for a malformed body', async () => {
    const res = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.figures), headers: as(editor), payload: { courses: 'G400' } });
    expect(res.statusCode).toBe(400);
  });
});

describe('offer times for the time-to-full forecast', () => {
  // Seeded last (and on a course of its own) so the counts above are the seeded set's.
  const F300 = { UCAS_CODE: 'F300', SCHOOL: 'SCI', DEPT: 'CMPS' };
  const MINUTE = 60_000;

  /** An application on F300 in `status`, whose LOG rows meant for the applicant were `minutesAgo` (the last one last). */
  async function seedF300(status: 'O' | 'R', ...minutesAgo: number[]) {
    const email = `${randomUUID()}@example.com`;
    const [student] = await app.db
      .insert(students)
      .values({ name1: 'Test', name2: 'Offer', email, emailNormalised: email, dob: '2006-01-01', nationality: 'GBR', tel1: '07700900000' })
      .returning();
    const [application] = await app.db
      .insert(applications)
      .values({
        hash: randomUUID(),
        submissionId: randomUUID(),
        studentId: student!.studentId,
        ucasCode: 'F300',
        departNumber: '31',
        status,
        form: {} as never,
        assessment: {} as never,
        over18: 1,
        secondYearEntry: 0,
        outboundCallFlag: 0,
        emailNormalised: email,
      })
      .returning();
    for (const ago of minutesAgo) {
      await app.db.insert(applicationLog).values({
        applicationId: application!.applicationId,
        user: 'editor',
        status: 'S',
        message: 'm',
        applicantMessage: 'm',
        time: new Date(Date.now() - ago * MINUTE),
      });
    }
    // A staff-only row after the offer (a field change) does not move the offer's time.
    await app.db.insert(applicationLog).values({ applicationId: application!.applicationId, user: 'editor', status, message: 'Fields changed: TEL1.' });
  }

  it('answers when each offer of the last 60 minutes was made: not older ones, not applications no longer offered', async () => {
    await seedF300('O', 120, 10);
    await seedF300('O', 45);
    await seedF300('O', 75);
    await seedF300('R', 5);
    const res = await post([F300]);
    expect(res.statusCode).toBe(200);
    const row = figuresCountResponseSchema.parse(res.json()).rows[0]!;
    const agoMinutes = (row.offerTimes ?? []).map((t) => Math.round((Date.now() - Date.parse(t)) / MINUTE)).sort((a, b) => a - b);
    expect(agoMinutes).toEqual([10, 45]);
  });
});
