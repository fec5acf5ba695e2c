import { randomBytes, randomUUID } from 'node:crypto';
import {
  APPLICATIONS_SVC,
  applyResponseSchema,
  coursePlacesEventSchema,
  OUTBOX_KINDS,
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
import { and, asc, eq } from 'drizzle-orm';
import { buildApp } from '../../app';
import { applicationsConfigSchema } from '../../config';
import { applications, outbox } from '../../db/schema';

let database: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  database = await createTestDatabase('applications_places');
  app = await buildApp(
    applicationsConfigSchema.parse({
      DATABASE_URL: database.url,
      INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
      LOG_LEVEL: 'silent',
      NOTIFICATIONS_QUEUE_PREFIX: `places-test-${randomBytes(4).toString('hex')}`,
      // Nothing is relayed: the test reads the outbox rows themselves.
      OUTBOX_RELAY_INTERVAL_MS: 3_600_000,
    }),
  );
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

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

/** A decided public submission to `course`, as the gateway sends it, with the course's VACANCIES_INTERNAL as seed (none: undefined). */
function storeBody(course: string, status: 'O' | 'S', seed: number | undefined, who = person()): StoreApplicationRequestInput {
  return {
    submission: { ...createApplicationForm(who), SUBMISSION_ID: randomUUID() } as StoreApplicationRequestInput['submission'],
    course: { UCAS_CODE: course, DEPART_NUMBER: '31', ALLOW_SECOND_YEAR_ENTRY: false, SCHOOL: 'SCI', DEPT: 'CMPS', COURSE_CODE_OVERRIDE: null },
    qualOptions: detail.qualOptions,
    assessment: assessment('S'),
    decision: { confirmed_status: status, sub_status: status === 'O' ? 'AO' : null, rejection_reasons: [], recommended_courses: [] },
    user: 'public',
    ...(seed === undefined ? {} : { placesSeed: seed }),
  };
}

async function store(course: string, status: 'O' | 'S', seed: number | undefined, who = person()) {
  const res = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.store), headers: internalHeaders(), payload: storeBody(course, status, seed, who) });
  expect(res.statusCode).toBe(201);
  return { saved: applyResponseSchema.parse(res.json()), who };
}

const changeStatus = (course: string, student: string, who: { EMAIL: string; UCAS_PERSONAL_ID: string }, STATUS: 'O' | 'R', seed?: number) =>
  app.inject({
    ...endpointRequest(APPLICATIONS_SVC.deskUpdate, { params: { student, course } }),
    headers: asAdmin,
    payload: {
      submission: { ...createApplicationForm(who), STATUS },
      qualOptions: detail.qualOptions,
      ALLOW_SECOND_YEAR_ENTRY: false,
      assessment: assessment('O', 'R'),
      ...(seed === undefined ? {} : { placesSeed: seed }),
    } as StoreUpdateRequestInput,
  });

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
  it('is created at first sight from the course internal vacancies plus the offers already made, so nothing closes on upgrade', async () => {
    // Two offers stored before the ledger knew the course (no seed: as before the upgrade).
    await store('PL01', 'O', undefined);
    await store('PL01', 'O', undefined);
    expect(await ledgers('PL01')).toEqual([]);

    await store('PL01', 'S', 3);
    const [ledger] = await ledgers('PL01');
    expect(ledger).toMatchObject({ CLEARING_PLACES: 5, OFFER_ALLOWANCE: 1, OFFERS: 2, VACANCIES_INTERNAL: 3, GUARD_CLOSED: false });
    // The projection hears of it: courses-svc shows the same places left and the places it was set to.
    expect((await events('PL01')).at(-1)).toMatchObject({ UCAS_CODE: 'PL01', CLEARING_PLACES: 5, VACANCIES_INTERNAL: 3, history: null });
  });

  it('counts an offer (O) when it is stored and returns its place when the status changes away from O', async () => {
    const { saved, who } = await store('PL02', 'O', 4);
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

  it('takes course control changes of CLEARING_PLACES and OFFER_ALLOWANCE: places left = floor(places x allowance) - offers, for the history', async () => {
    await store('PL03', 'O', 2);
    const put = (data: Record<string, unknown>, headers = asAdmin) =>
      app.inject({
        ...endpointRequest(APPLICATIONS_SVC.placesUpdate, { params: { id: 'pl03' } }),
        headers,
        payload: { data, SCHOOL: 'SCI', DEPT: 'CMPS', seed: 1 },
      });

    const res = await put({ CLEARING_PLACES: 3, OFFER_ALLOWANCE: 1.3 });
    expect(res.statusCode).toBe(200);
    // floor(3 x 1.30) = 3 offers allowed, 1 made.
    expect(placesLedgerSchema.parse(res.json())).toMatchObject({
      UCAS_CODE: 'PL03',
      CLEARING_PLACES: 3,
      OFFER_ALLOWANCE: 1.3,
      OFFERS: 1,
      VACANCIES_INTERNAL: 2,
    });
    expect((await events('PL03')).at(-1)?.history).toEqual({
      username: 'admin',
      event: 'settings',
      changes: [
        { field: 'CLEARING_PLACES', old: 2, new: 3 },
        { field: 'OFFER_ALLOWANCE', old: 1, new: 1.3 },
        { field: 'VACANCIES_INTERNAL', old: 1, new: 2 },
      ],
    });
    expect(placesLedgerSchema.parse((await put({ CLEARING_PLACES: 4 })).json()).VACANCIES_INTERNAL).toBe(4); // floor(5.2) - 1

    expect((await put({ OFFER_ALLOWANCE: 1.234 })).statusCode).toBe(400);
    expect((await put({ VACANCIES_INTERNAL: 9 })).statusCode).toBe(400);
    const editor = internalHeaders({ [USER_HEADER]: encodeStaffUser({ username: 'ed', name: 'Ed', roles: [{ role: 'Editor', scope: 'all' }] }) });
    expect((await put({ CLEARING_PLACES: 9 }, editor)).statusCode).toBe(403);
  });

  it('gives exactly the places left to 40 simultaneous offers, on the real PostgreSQL; the rest are refused as closed', async () => {
    // 5 places left: the ledger is made at first sight with them.
    await store('PL04', 'S', 5);
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        app.inject({ ...endpointRequest(APPLICATIONS_SVC.store), headers: internalHeaders(), payload: storeBody('PL04', 'O', 5) }),
      ),
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
    const { saved, who } = await store('PL05', 'O', 1);
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
});

describe('without the guard (PLACES_GUARD off: tools/bench/places only)', () => {
  let unguarded: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    unguarded = await buildApp(
      applicationsConfigSchema.parse({
        DATABASE_URL: database.url,
        INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
        LOG_LEVEL: 'silent',
        NOTIFICATIONS_QUEUE_PREFIX: `places-test-${randomBytes(4).toString('hex')}`,
        OUTBOX_RELAY_INTERVAL_MS: 3_600_000,
        PLACES_GUARD: 'off',
      }),
    );
    await unguarded.ready();
  }, 60_000);
  afterAll(async () => {
    await unguarded?.close();
  });

  it('stores offers as before issue 23: neither refused nor counted, the ledger left as it is', async () => {
    await store('PL06', 'S', 1);
    const bodies = Array.from({ length: 3 }, () => storeBody('PL06', 'O', 1));
    const results = await Promise.all(bodies.map((payload) => unguarded.inject({ method: 'POST', url: '/applications', headers: internalHeaders(), payload })));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(await ledgers('PL06')).toEqual([expect.objectContaining({ CLEARING_PLACES: 1, OFFERS: 0, VACANCIES_INTERNAL: 1, GUARD_CLOSED: false })]);
    const saved = applyResponseSchema.parse(results[0]!.json());
    const student = saved.id[0];
    const { EMAIL, UCAS_PERSONAL_ID } = bodies[0]!.submission;
    const changed = await unguarded.inject({
      method: 'PUT',
      url: `/desk/applications/${student}/PL06`,
      headers: asAdmin,
      payload: {
        submission: { ...createApplicationForm({ EMAIL, UCAS_PERSONAL_ID }), STATUS: 'R' },
        qualOptions: detail.qualOptions,
        ALLOW_SECOND_YEAR_ENTRY: false,
        assessment: assessment('O', 'R'),
        placesSeed: 1,
      } as StoreUpdateRequestInput,
    });
    expect(changed.statusCode).toBe(200);
    expect(await ledgers('PL06')).toEqual([expect.objectContaining({ OFFERS: 0, VACANCIES_INTERNAL: 1 })]);
  });
});
