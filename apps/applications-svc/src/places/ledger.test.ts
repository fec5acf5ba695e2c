import { randomBytes, randomUUID } from 'node:crypto';
import {
  APPLICATIONS_SVC,
  applyResponseSchema,
  coursePlacesEventSchema,
  OUTBOX_JOB_OPTIONS,
  OUTBOX_KINDS,
  OUTBOX_QUEUES,
  type CourseControlEvent,
  placesLedgerSchema,
  USER_HEADER,
  type Assessment,
  type StaffUser,
  type StoreApplicationRequestInput,
  type StoreUpdateRequestInput,
} from '@clearing-desk/contracts';
import { createApplicationForm, createCourseDetail } from '@clearing-desk/contracts/testing';
import { encodeStaffUser } from '@clearing-desk/service-kit';
import { createTestDatabase, internalHeaders, TEST_INTERNAL_TOKEN, type TestDatabase, endpointRequest } from '@clearing-desk/service-kit/testing';
import { Queue, QueueEvents } from 'bullmq';
import { and, asc, eq } from 'drizzle-orm';
import { buildApp } from '../app';
import { applicationsConfigSchema } from '../config';
import { applications, consumedEvents, outbox } from '../db/schema';
import { applyCourseControl, type CourseControlOutcome } from './ledger';

let database: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;
let config: Record<string, unknown>;
const REDIS = { host: '127.0.0.1', port: 6379 };
const prefix = `places-test-${randomBytes(4).toString('hex')}`;
/** The course-control queue as courses-svc's outbox relay fills it, and its events (a job's outcome). */
let controlQueue: Queue;
let controlEvents: QueueEvents;

beforeAll(async () => {
  database = await createTestDatabase('applications_places');
  config = {
    DATABASE_URL: database.url,
    INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
    LOG_LEVEL: 'silent',
    NOTIFICATIONS_QUEUE_PREFIX: prefix,
    // Nothing is relayed: the test reads the outbox rows themselves.
    OUTBOX_RELAY_INTERVAL_MS: 3_600_000,
  };
  app = await buildApp(applicationsConfigSchema.parse(config));
  await app.ready();
  controlQueue = new Queue(OUTBOX_QUEUES['course-control'], { connection: REDIS, prefix });
  controlEvents = new QueueEvents(OUTBOX_QUEUES['course-control'], { connection: REDIS, prefix });
  await controlEvents.waitUntilReady();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await controlEvents?.close();
  await controlQueue?.obliterate({ force: true });
  await controlQueue?.close();
  await database?.drop();
});

/** A course-control job as courses-svc's relay adds it: its outbox row id and the course's settings after the change by admin. */
const controlEvent = (course: string, CONTROL_VERSION: number, settings: Partial<Pick<CourseControlEvent, 'CLEARING_PLACES' | 'OFFER_ALLOWANCE'>>) => ({
  outboxId: randomUUID(),
  payload: { UCAS_CODE: course, CLEARING_PLACES: 2, OFFER_ALLOWANCE: 1, ...settings, CONTROL_VERSION, username: 'admin', at: new Date().toISOString() },
});

/**
 * Adds the event to the course-control queue (a new job each time, as a relay repeat past BullMQ's
 * own de-duplication would) and answers what applications-svc's consumer did with it.
 */
const deliver = async (event: ReturnType<typeof controlEvent>) => {
  const job = await controlQueue.add('course-control', event, { jobId: randomUUID() });
  return (await job.waitUntilFinished(controlEvents, 20_000)) as CourseControlOutcome;
};

const detail = createCourseDetail();
const assessment = (...statuses: ('O' | 'R' | 'S' | 'W')[]): Assessment => ({
  UCAS_POINTS_TOTAL: 144,
  UCAS_POINTS_EFFECTIVE: 144,
  TRAFFIC_LIGHT: 'G',
  OVER18: 1,
  SUBMISSION_OPTIONS: { BUTTONS: statuses.map((STATUS) => ({ STATUS, LABEL: STATUS })) },
  EXPLANATION: [],
  ALTERNATE: [],
});
const admin: StaffUser = { username: 'admin', name: 'Ada', roles: [{ role: 'Administrator', scope: 'all' }] };
const asAdmin = internalHeaders({ [USER_HEADER]: encodeStaffUser(admin) });
let people = 0;
const person = () => {
  people += 1;
  return { EMAIL: `places.${people}@example.com`, UCAS_PERSONAL_ID: String(6100000000 + people) };
};

/** A decided public submission to `course`, as the gateway sends it. */
function storeBody(course: string, status: 'O' | 'S', who = person()): StoreApplicationRequestInput {
  return {
    submission: { ...createApplicationForm(who), SUBMISSION_ID: randomUUID() } as StoreApplicationRequestInput['submission'],
    course: { UCAS_CODE: course, DEPART_NUMBER: '31', ALLOW_SECOND_YEAR_ENTRY: false, SCHOOL: 'SCI', DEPT: 'CMPS', COURSE_CODE_OVERRIDE: null },
    qualOptions: detail.qualOptions,
    assessment: assessment('S'),
    decision: { confirmed_status: status, sub_status: status === 'O' ? 'AO' : null, rejection_reasons: [], recommended_courses: [] },
    user: 'public',
  };
}

async function store(course: string, status: 'O' | 'S', who = person()) {
  const res = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.store), headers: internalHeaders(), payload: storeBody(course, status, who) });
  expect(res.statusCode).toBe(201);
  return { saved: applyResponseSchema.parse(res.json()), who };
}

const changeStatus = (course: string, student: string, who: { EMAIL: string; UCAS_PERSONAL_ID: string }, STATUS: 'O' | 'R') =>
  app.inject({
    ...endpointRequest(APPLICATIONS_SVC.deskUpdate, { params: { student, course } }),
    headers: asAdmin,
    payload: {
      submission: { ...createApplicationForm(who), STATUS },
      qualOptions: detail.qualOptions,
      ALLOW_SECOND_YEAR_ENTRY: false,
      assessment: assessment('O', 'R'),
    } as StoreUpdateRequestInput,
  });

/** The one-off backfill of the gateway's start, for one course whose VACANCIES_INTERNAL courses-svc shows as `vacancies`. */
const backfill = async (course: string, vacancies: number) => {
  const res = await app.inject({
    ...endpointRequest(APPLICATIONS_SVC.placesBackfill),
    headers: internalHeaders(),
    payload: { courses: [{ UCAS_CODE: course, VACANCIES_INTERNAL: vacancies }] },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { created: string[] }).created;
};

const ledgers = async (...courses: string[]) => {
  const res = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.placesLedgers), headers: internalHeaders(), payload: { courses } });
  expect(res.statusCode).toBe(200);
  return (res.json() as { rows: unknown[] }).rows.map((r) => placesLedgerSchema.parse(r));
};

const events = async (course: string) =>
  (
    await app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.aggregateId, course), eq(outbox.kind, OUTBOX_KINDS.COURSE_PLACES)))
      .orderBy(asc(outbox.createdAt))
  ).map((r) => coursePlacesEventSchema.parse(r.payload));

describe('the places ledger', () => {
  it('is created once by the backfill from the course internal vacancies plus the offers already made, so nothing closes on upgrade', async () => {
    // Two offers stored before the ledger knew the course (as before the upgrade): not counted yet.
    await store('PL01', 'O');
    await store('PL01', 'O');
    expect(await ledgers('PL01')).toEqual([]);

    expect(await backfill('PL01', 3)).toEqual(['PL01']);
    const [ledger] = await ledgers('PL01');
    expect(ledger).toMatchObject({ CLEARING_PLACES: 5, OFFER_ALLOWANCE: 1, OFFERS: 2, VACANCIES_INTERNAL: 3, GUARD_CLOSED: false });
    // The projection hears of it: courses-svc shows the same places left and the places it was set to.
    expect((await events('PL01')).at(-1)).toMatchObject({ UCAS_CODE: 'PL01', CLEARING_PLACES: 5, VACANCIES_INTERNAL: 3, history: null });

    // A second backfill (another start, a projection not caught up) leaves a ledger that exists alone.
    await store('PL01', 'O');
    expect(await backfill('PL01', 9)).toEqual([]);
    expect(await ledgers('PL01')).toEqual([expect.objectContaining({ CLEARING_PLACES: 5, OFFERS: 3, VACANCIES_INTERNAL: 2 })]);
  });

  it('counts an offer (O) when it is stored and returns its place when the status changes away from O', async () => {
    await backfill('PL02', 4);
    const { saved, who } = await store('PL02', 'O');
    expect(await ledgers('PL02')).toEqual([expect.objectContaining({ CLEARING_PLACES: 4, OFFERS: 1, VACANCIES_INTERNAL: 3 })]);

    expect((await changeStatus('PL02', saved.id[0], who, 'R')).statusCode).toBe(200);
    expect(await ledgers('PL02')).toEqual([expect.objectContaining({ OFFERS: 0, VACANCIES_INTERNAL: 4 })]);
    expect((await changeStatus('PL02', saved.id[0], who, 'O')).statusCode).toBe(200);
    expect(await ledgers('PL02')).toEqual([expect.objectContaining({ OFFERS: 1, VACANCIES_INTERNAL: 3 })]);
    // Every change announces the ledger, each with a higher VERSION.
    const versions = (await events('PL02')).map((e) => e.VERSION);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect((await events('PL02')).at(-1)).toMatchObject({ VACANCIES_INTERNAL: 3, OFFERS: 1 });
  });

  it("takes course control's settings from courses-svc's event through the queue: places left = floor(places x allowance) - offers, for the history", async () => {
    await backfill('PL03', 2);
    await store('PL03', 'O');
    // floor(3 x 1.30) = 3 offers allowed, 1 made.
    expect(await deliver(controlEvent('PL03', 1, { CLEARING_PLACES: 3, OFFER_ALLOWANCE: 1.3 }))).toBe('applied');
    expect(await ledgers('PL03')).toEqual([
      expect.objectContaining({ UCAS_CODE: 'PL03', CLEARING_PLACES: 3, OFFER_ALLOWANCE: 1.3, OFFERS: 1, VACANCIES_INTERNAL: 2 }),
    ]);
    // courses-svc wrote the settings' own history entry with the change; the ledger's event carries the places left.
    expect((await events('PL03')).at(-1)?.history).toEqual({
      username: 'admin',
      event: 'settings',
      changes: [{ field: 'VACANCIES_INTERNAL', old: 1, new: 2 }],
    });
    expect(await deliver(controlEvent('PL03', 2, { CLEARING_PLACES: 4, OFFER_ALLOWANCE: 1.3 }))).toBe('applied');
    expect((await ledgers('PL03'))[0]?.VACANCIES_INTERNAL).toBe(4); // floor(5.2) - 1
  });

  it('applies a course-control event once: a replay of its id and an older CONTROL_VERSION change nothing', async () => {
    await backfill('PL08', 2);
    const event = controlEvent('PL08', 1, { CLEARING_PLACES: 6 });
    expect(await deliver(event)).toBe('applied');
    const after = await ledgers('PL08');
    const announced = (await events('PL08')).length;
    // The same event again (a relay repeat, a BullMQ retry after the commit): its id is recorded.
    expect(await deliver(event)).toBe('replayed');
    expect(await applyCourseControl(app.db, event.outboxId, event.payload)).toBe('replayed');
    // A late event of older settings, under another id: the ledger keeps the newer ones.
    expect(await deliver(controlEvent('PL08', 1, { CLEARING_PLACES: 1 }))).toBe('stale');
    expect(await ledgers('PL08')).toEqual(after);
    expect(after).toEqual([expect.objectContaining({ CLEARING_PLACES: 6, VACANCIES_INTERNAL: 6 })]);
    expect(await events('PL08')).toHaveLength(announced);
    const recorded = await app.db.select().from(consumedEvents).where(eq(consumedEvents.eventId, event.outboxId));
    expect(recorded).toEqual([expect.objectContaining({ kind: 'course-control' })]);
  });

  it('converges after applications-svc was down during the change: the event waits in the queue and is taken when it is back', async () => {
    await backfill('PL09', 2);
    // Another queue prefix: no applications-svc consumes it yet (the service is down).
    const downPrefix = `places-down-${randomBytes(4).toString('hex')}`;
    const queue = new Queue(OUTBOX_QUEUES['course-control'], { connection: REDIS, prefix: downPrefix });
    const downEvents = new QueueEvents(OUTBOX_QUEUES['course-control'], { connection: REDIS, prefix: downPrefix });
    await downEvents.waitUntilReady();
    const event = controlEvent('PL09', 1, { CLEARING_PLACES: 9, OFFER_ALLOWANCE: 0.5 });
    const job = await queue.add('course-control', event, { ...OUTBOX_JOB_OPTIONS['course-control'], jobId: event.outboxId });
    expect(await job.getState()).toBe('waiting');
    expect(await ledgers('PL09')).toEqual([expect.objectContaining({ CLEARING_PLACES: 2, OFFER_ALLOWANCE: 1 })]);

    // applications-svc starts again (on the same database) and takes what waited.
    const back = await buildApp(applicationsConfigSchema.parse({ ...config, NOTIFICATIONS_QUEUE_PREFIX: downPrefix }));
    try {
      await back.ready();
      expect(await job.waitUntilFinished(downEvents, 20_000)).toBe('applied');
      expect(await ledgers('PL09')).toEqual([expect.objectContaining({ CLEARING_PLACES: 9, OFFER_ALLOWANCE: 0.5, VACANCIES_INTERNAL: 4 })]);
    } finally {
      await back.close();
      await downEvents.close();
      await queue.obliterate({ force: true });
      await queue.close();
    }
  });

  it('gives exactly the places left to 40 simultaneous offers, on the real PostgreSQL; the rest are refused as closed', async () => {
    await backfill('PL04', 5);
    const results = await Promise.all(
      Array.from({ length: 40 }, () => app.inject({ ...endpointRequest(APPLICATIONS_SVC.store), headers: internalHeaders(), payload: storeBody('PL04', 'O') })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode !== 201).map((r) => [r.statusCode, r.json()])).toEqual(
      Array.from({ length: 35 }, () => [409, { message: 'COURSE_CLOSED' }]),
    );
    const offered = await app.db
      .select()
      .from(applications)
      .where(and(eq(applications.ucasCode, 'PL04'), eq(applications.status, 'O')));
    expect(offered).toHaveLength(5);
    expect(await ledgers('PL04')).toEqual([expect.objectContaining({ OFFERS: 5, VACANCIES_INTERNAL: 0, GUARD_CLOSED: true })]);
    // The guard's close is announced for the course's history, once.
    expect((await events('PL04')).filter((e) => e.history?.event === 'guard-closed')).toHaveLength(1);
  });

  it('reopens a course the guard closed when an offer is withdrawn, for the history', async () => {
    await backfill('PL05', 1);
    const { saved, who } = await store('PL05', 'O');
    expect(await ledgers('PL05')).toEqual([expect.objectContaining({ VACANCIES_INTERNAL: 0, GUARD_CLOSED: true })]);
    expect((await changeStatus('PL05', saved.id[0], who, 'R')).statusCode).toBe(200);
    const [ledger] = await ledgers('PL05');
    expect(ledger).toMatchObject({ VACANCIES_INTERNAL: 1, GUARD_CLOSED: false });
    expect(ledger?.LAST_GUARD_REOPEN).not.toBeNull();
    expect((await events('PL05')).at(-1)?.history).toEqual({
      username: 'places guard',
      event: 'guard-reopened',
      changes: [{ field: 'VACANCIES_INTERNAL', old: 0, new: 1 }],
    });
  });

  it('gives exactly the places left to simultaneous offers from the public and from advisers changing a status to O', async () => {
    // 12 stored as S by advisers' callers, then all 12 changed to O at once while 12 public offers arrive.
    const callers = await Promise.all(Array.from({ length: 12 }, () => store('PL06', 'S')));
    await backfill('PL06', 7);
    const [changes, publics] = await Promise.all([
      Promise.all(callers.map(({ saved, who }) => changeStatus('PL06', saved.id[0], who, 'O'))),
      Promise.all(
        Array.from({ length: 12 }, () =>
          app.inject({ ...endpointRequest(APPLICATIONS_SVC.store), headers: internalHeaders(), payload: storeBody('PL06', 'O') }),
        ),
      ),
    ]);
    const offers = changes.filter((r) => r.statusCode === 200).length + publics.filter((r) => r.statusCode === 201).length;
    expect(offers).toBe(7);
    // 24 asked for 7 places, so at least 5 of each kind were refused: staff with NO_PLACE_LEFT, the public with COURSE_CLOSED.
    const refusedChanges = changes.filter((r) => r.statusCode !== 200).map((r) => [r.statusCode, r.json()]);
    expect(refusedChanges).toEqual(
      refusedChanges.map(() => [409, { message: 'No place is left on this course, so it cannot be offered now. Refer or pool the caller instead.' }]),
    );
    const refusedPublic = publics.filter((r) => r.statusCode !== 201).map((r) => [r.statusCode, r.json()]);
    expect(refusedPublic).toEqual(refusedPublic.map(() => [409, { message: 'COURSE_CLOSED' }]));
    const offered = await app.db
      .select()
      .from(applications)
      .where(and(eq(applications.ucasCode, 'PL06'), eq(applications.status, 'O')));
    expect(offered).toHaveLength(7);
    expect(await ledgers('PL06')).toEqual([expect.objectContaining({ OFFERS: 7, VACANCIES_INTERNAL: 0, GUARD_CLOSED: true })]);
  });

  it('does not count a course whose ledger the backfill has not created yet', async () => {
    await store('PL07', 'O');
    await store('PL07', 'O');
    expect(await ledgers('PL07')).toEqual([]);
  });
});
