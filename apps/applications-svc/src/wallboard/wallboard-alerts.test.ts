import { randomUUID } from 'node:crypto';
import {
  APPLICATIONS_SVC,
  applyResponseSchema,
  OUTBOX_KINDS,
  staffEmailPayloadSchema,
  USER_HEADER,
  wallboardDeskSchema,
  type Assessment,
  type EmailCourseFacts,
  type StaffUser,
  type StoreApplicationRequestInput,
  type StoreUpdateRequestInput,
} from '@clearing-desk/contracts';
import { createApplicationForm, createCourseDetail } from '@clearing-desk/contracts/testing';
import { encodeStaffUser } from '@clearing-desk/service-kit';
import { endpointRequest, internalHeaders } from '@clearing-desk/service-kit/testing';
import { and, asc, eq } from 'drizzle-orm';
import { outbox, wallboardAlerts } from '../db/schema';
import { applyCourseControl } from '../places/ledger';
import { startApplicationsTestApp, type ApplicationsTestApp } from '../testing/test-app';

const PREFIX = `wallboard-alerts-test-${process.pid}`;
const SUPERVISORS = ['lead@university.example', 'floor@university.example'];
let testApp: ApplicationsTestApp;
let app: ApplicationsTestApp['app'];

beforeAll(async () => {
  testApp = await startApplicationsTestApp(
    'applications_wallboard_alerts',
    PREFIX,
    // Nothing is relayed: the test reads the outbox rows themselves.
    { SUPERVISOR_ALERT_EMAILS: SUPERVISORS.join(', '), WALLBOARD_FILLS_FAST_MINUTES: '30', OUTBOX_RELAY_INTERVAL_MS: '3600000' },
    () => new Date(),
  );
  ({ app } = testApp);
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

const detail = createCourseDetail();
const facts = (UCAS_CODE: string): EmailCourseFacts => ({
  UCAS_CODE,
  COURSE_CODE_OVERRIDE: null,
  COURSE_TITLE: 'Computer Science',
  QUALIFICATION: 'BSc (Hons)',
  COURSE_START_DATE: '2025-09-29',
  FEEDBACK_TELEPHONE: '020 7040 8716',
  SCHOOL: 'SCI',
});
const buttons = (...statuses: ('O' | 'R' | 'S')[]): Assessment => ({
  UCAS_POINTS_TOTAL: 144,
  UCAS_POINTS_EFFECTIVE: 144,
  TRAFFIC_LIGHT: 'G',
  OVER18: 1,
  SUBMISSION_OPTIONS: { BUTTONS: statuses.map((STATUS) => ({ STATUS, LABEL: STATUS })) },
  EXPLANATION: [],
  ALTERNATE: [],
});
const admin: StaffUser = { username: 'admin', name: 'Ada', roles: [{ role: 'Administrator', scope: 'all' }] };
const inScope: StaffUser = { username: 'sup', name: 'Sue', roles: [{ role: 'Editor', scope: 'dept:CMPS' }] };
const elsewhere: StaffUser = { username: 'other', name: 'Otto', roles: [{ role: 'Editor', scope: 'school:ELSEWHERE' }] };
const as = (user: StaffUser) => internalHeaders({ [USER_HEADER]: encodeStaffUser(user) });

let people = 0;
const person = () => {
  people += 1;
  return { EMAIL: `alerts.${people}@example.com`, UCAS_PERSONAL_ID: String(6700000000 + people) };
};

/** A public submission to `course` decided `status` (O: an automatic offer), as the gateway sends it with the course facts. */
async function store(course: string, status: 'O' | 'S', who = person()) {
  const body: StoreApplicationRequestInput = {
    submission: { ...createApplicationForm(who), SUBMISSION_ID: randomUUID() } as StoreApplicationRequestInput['submission'],
    course: { UCAS_CODE: course, DEPART_NUMBER: '31', ALLOW_SECOND_YEAR_ENTRY: false, SCHOOL: 'SCI', DEPT: 'CMPS', COURSE_CODE_OVERRIDE: null },
    qualOptions: detail.qualOptions,
    assessment: buttons('S'),
    decision: { confirmed_status: status, sub_status: status === 'O' ? 'AO' : null, rejection_reasons: [], recommended_courses: [] },
    user: 'public',
    courseFacts: facts(course),
  };
  const res = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.store), headers: internalHeaders(), payload: body });
  return { res, who };
}

async function offer(course: string) {
  const { res, who } = await store(course, 'O');
  expect(res.statusCode).toBe(201);
  return { saved: applyResponseSchema.parse(res.json()), who };
}

/** An adviser changes the application's status on the desk (O takes a place, R gives it back). */
const changeStatus = (course: string, student: string, who: { EMAIL: string; UCAS_PERSONAL_ID: string }, STATUS: 'O' | 'R') =>
  app.inject({
    ...endpointRequest(APPLICATIONS_SVC.deskUpdate, { params: { student, course } }),
    headers: as(admin),
    payload: {
      submission: { ...createApplicationForm(who), STATUS },
      qualOptions: detail.qualOptions,
      ALLOW_SECOND_YEAR_ENTRY: false,
      assessment: buttons('O', 'R'),
      courseFacts: facts(course),
    } as StoreUpdateRequestInput,
  });

const backfill = async (course: string, vacancies: number) => {
  const res = await app.inject({
    ...endpointRequest(APPLICATIONS_SVC.placesBackfill),
    headers: internalHeaders(),
    payload: { courses: [{ UCAS_CODE: course, VACANCIES_INTERNAL: vacancies }] },
  });
  expect(res.statusCode).toBe(200);
};

const alertsOf = (course: string) => app.db.select().from(wallboardAlerts).where(eq(wallboardAlerts.ucasCode, course)).orderBy(asc(wallboardAlerts.raisedAt));
/** The supervisors' emails of the course's alerts: recipient and subject of each outbox row. */
const alertEmails = async (course: string) =>
  (
    await app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, OUTBOX_KINDS.WALLBOARD_ALERT_EMAIL)))
      .orderBy(asc(outbox.createdAt))
  )
    .map((r) => ({ at: r.createdAt.getTime(), ...staffEmailPayloadSchema.parse(r.payload) }))
    .filter((p) => p.subject.endsWith(`(${course})`))
    // One alert's rows share their transaction's time: by recipient within it, so the order is certain.
    .sort((a, b) => a.at - b.at || a.recipient.localeCompare(b.recipient))
    .map((p) => `${p.recipient}: ${p.subject}`);

const desk = async (user: StaffUser) => {
  const res = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.wallboardDesk), headers: as(user) });
  expect(res.statusCode).toBe(200);
  return wallboardDeskSchema.parse(res.json());
};

describe("the wallboard's alerts", () => {
  it('raises one alert and one email per supervisor when concurrent offers pass the filling-fast threshold, then one Full', async () => {
    await backfill('AL01', 8);
    // One offer: 7 left at one an hour is hours away (not filling fast).
    await offer('AL01');
    expect(await alertsOf('AL01')).toEqual([]);

    // Four offers at once: the pace of seconds puts the 3 left minutes away. Each of the four
    // transactions may see the threshold passed; one alert is stored, the others wait and do nothing.
    await Promise.all([offer('AL01'), offer('AL01'), offer('AL01'), offer('AL01')]);
    const fast = await alertsOf('AL01');
    expect(fast.map((a) => [a.threshold, a.minutes, a.courseTitle, a.clearedAt])).toEqual([['filling-fast', 30, 'Computer Science', null]]);
    expect(await alertEmails('AL01')).toEqual([
      'floor@university.example: Fills in under 30 minutes: Computer Science (AL01)',
      'lead@university.example: Fills in under 30 minutes: Computer Science (AL01)',
    ]);

    // The last three places, taken at once (with a fourth refused): one Full, emailed once each.
    const last = await Promise.all([store('AL01', 'O'), store('AL01', 'O'), store('AL01', 'O'), store('AL01', 'O')]);
    expect(last.map(({ res }) => res.statusCode).sort()).toEqual([201, 201, 201, 409]);
    expect((await alertsOf('AL01')).map((a) => a.threshold)).toEqual(['filling-fast', 'full']);
    expect(await alertEmails('AL01')).toEqual([
      'floor@university.example: Fills in under 30 minutes: Computer Science (AL01)',
      'lead@university.example: Fills in under 30 minutes: Computer Science (AL01)',
      'floor@university.example: Full: Computer Science (AL01)',
      'lead@university.example: Full: Computer Science (AL01)',
    ]);
    const email = staffEmailPayloadSchema.parse(
      (await app.db.select().from(outbox).where(eq(outbox.kind, OUTBOX_KINDS.WALLBOARD_ALERT_EMAIL))).find((r) =>
        JSON.stringify(r.payload).includes('Full: Computer Science (AL01)'),
      )!.payload,
    );
    expect(email.lines[0]).toBe('Full: Computer Science (AL01)');
    expect(email.lines[1]).toMatch(/^Raised at \d\d:\d\d \(UK time\), recruitment cycle \d{4}\/\d{2}\.$/);
    expect(email.lines[2]).toBe('Open the wallboard on the staff screens for the live figures.');

    // The board shows the stored alerts, the latest first, to a supervisor in scope; not elsewhere.
    const board = await desk(inScope);
    expect(board.alerts.filter((a) => a.UCAS_CODE === 'AL01').map((a) => [a.THRESHOLD, a.MINUTES, a.COURSE_TITLE])).toEqual([
      ['full', null, 'Computer Science'],
      ['filling-fast', 30, 'Computer Science'],
    ]);
    expect((await desk(elsewhere)).alerts).toEqual([]);
  });

  it('clears Full when the course reopens, so filling again alerts (and emails) once more', async () => {
    await backfill('AL02', 2);
    const first = await offer('AL02');
    await offer('AL02');
    expect((await alertsOf('AL02')).map((a) => a.threshold)).toEqual(['full']);

    // An offer withdrawn gives its place back: the guard reopens the course, its Full clears.
    expect((await changeStatus('AL02', first.saved.id[0], first.who, 'R')).statusCode).toBe(200);
    expect((await alertsOf('AL02')).map((a) => [a.threshold, a.clearedAt !== null])).toEqual([['full', true]]);
    expect((await desk(admin)).alerts.filter((a) => a.UCAS_CODE === 'AL02')).toEqual([]);

    // Offered again by the adviser: full again, a new alert and a new email each.
    expect((await changeStatus('AL02', first.saved.id[0], first.who, 'O')).statusCode).toBe(200);
    expect((await alertsOf('AL02')).map((a) => [a.threshold, a.clearedAt !== null])).toEqual([
      ['full', true],
      ['full', false],
    ]);
    expect(await alertEmails('AL02')).toEqual([
      'floor@university.example: Full: Computer Science (AL02)',
      'lead@university.example: Full: Computer Science (AL02)',
      'floor@university.example: Full: Computer Science (AL02)',
      'lead@university.example: Full: Computer Science (AL02)',
    ]);
  });

  it('raises Full (and emails it) when course control leaves no place, clears it when places come back, and a replayed change raises nothing', async () => {
    await backfill('AL04', 3);
    await offer('AL04');
    expect(await alertsOf('AL04')).toEqual([]);
    let version = 0;
    const control = (CLEARING_PLACES: number, eventId: string = randomUUID()) => {
      version += 1;
      return applyCourseControl(
        app.db,
        eventId,
        {
          UCAS_CODE: 'AL04',
          CLEARING_PLACES,
          OFFER_ALLOWANCE: 1,
          CONTROL_VERSION: version,
          username: 'manager',
          at: new Date().toISOString(),
          COURSE_TITLE: 'Computer Science',
          SCHOOL: 'SCI',
          DEPT: 'CMPS',
        },
        app.wallboardAlertSettings,
      );
    };

    // One place, taken by the offer already made: the course is full by the manager's hand.
    const eventId = randomUUID();
    expect(await control(1, eventId)).toBe('applied');
    expect((await alertsOf('AL04')).map((a) => [a.threshold, a.courseTitle, a.school, a.dept])).toEqual([['full', 'Computer Science', 'SCI', 'CMPS']]);
    expect((await desk(inScope)).alerts.map((a) => `${a.THRESHOLD} ${a.UCAS_CODE}`)).toContain('full AL04');
    expect((await desk(elsewhere)).alerts.filter((a) => a.UCAS_CODE === 'AL04')).toEqual([]);
    expect(await alertEmails('AL04')).toEqual([
      'floor@university.example: Full: Computer Science (AL04)',
      'lead@university.example: Full: Computer Science (AL04)',
    ]);
    // The same event again is a replay: nothing more.
    expect(
      await applyCourseControl(app.db, eventId, {
        UCAS_CODE: 'AL04',
        CLEARING_PLACES: 1,
        OFFER_ALLOWANCE: 1,
        CONTROL_VERSION: 1,
        username: 'manager',
        at: new Date().toISOString(),
      }),
    ).toBe('replayed');
    expect(await alertsOf('AL04')).toHaveLength(1);

    // Three places again: not full, its Full clears; back to one: full again, alerted and emailed once more.
    expect(await control(3)).toBe('applied');
    expect((await alertsOf('AL04')).map((a) => [a.threshold, a.clearedAt !== null])).toEqual([['full', true]]);
    expect(await control(1)).toBe('applied');
    expect((await alertsOf('AL04')).map((a) => [a.threshold, a.clearedAt !== null])).toEqual([
      ['full', true],
      ['full', false],
    ]);
    expect(await alertEmails('AL04')).toHaveLength(4);
  });

  it('raises nothing for an application that is not an offer', async () => {
    await backfill('AL03', 1);
    expect((await store('AL03', 'S')).res.statusCode).toBe(201);
    expect(await alertsOf('AL03')).toEqual([]);
  });
});
