import { randomUUID } from 'node:crypto';
import {
  APPLICATIONS_SVC,
  applyResponseSchema,
  presenceResponseSchema,
  staffStoredApplicationSchema,
  USER_HEADER,
  type Assessment,
  type StaffUser,
  type StoreApplicationRequestInput,
  type StoreUpdateRequestInput,
} from '@clearing-desk/contracts';
import { createApplicationForm, createCourseDetail } from '@clearing-desk/contracts/testing';
import { encodeStaffUser } from '@clearing-desk/service-kit';
import { createTestDatabase, endpointRequest, internalHeaders, TEST_INTERNAL_TOKEN, type TestDatabase } from '@clearing-desk/service-kit/testing';
import { Redis } from 'ioredis';
import { buildApp } from '../../app';
import { applicationsConfigSchema } from '../../config';

/** The refusal a second adviser reads, word for word. */
const heldBy = (name: string) => `${name} has this application open, so you cannot save over their call. Take it over to save your changes.`;

const PREFIX = `presence-test-${process.pid}`;
// The clock of the claims: 09:42 UTC is 10:42 in London in August (BST).
const NOW = new Date('2026-08-13T09:42:00.000Z');
let database: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;
let redis: Redis;

beforeAll(async () => {
  database = await createTestDatabase('applications_presence');
  app = await buildApp(
    applicationsConfigSchema.parse({
      DATABASE_URL: database.url,
      INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
      LOG_LEVEL: 'silent',
      NOTIFICATIONS_QUEUE_PREFIX: PREFIX,
      PRESENCE_TTL_SECONDS: '90',
      PRESENCE_HEARTBEAT_SECONDS: '30',
    }),
    { now: () => NOW },
  );
  await app.ready();
  redis = new Redis('redis://127.0.0.1:6379');
});

afterAll(async () => {
  const keys = await redis.keys(`${PREFIX}:*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
  await app?.close();
  await database?.drop();
});

const detail = createCourseDetail();
const offerRefer: Assessment = {
  UCAS_POINTS_TOTAL: 144,
  UCAS_POINTS_EFFECTIVE: 144,
  TRAFFIC_LIGHT: 'G',
  OVER18: 1,
  SUBMISSION_OPTIONS: {
    BUTTONS: [
      { STATUS: 'O', LABEL: 'Offer' },
      { STATUS: 'R', LABEL: 'Refer' },
    ],
  },
  EXPLANATION: [],
  ALTERNATE: [],
};
const staff = (username: string, name: string, role: StaffUser['roles'][number]['role'] = 'Back Office'): StaffUser => ({
  username,
  name,
  roles: [{ role, scope: 'all' }],
});
const sam = staff('spatel', 'Sam Patel');
const kim = staff('klee', 'Kim Lee');
const vik = staff('visateam', 'Vik Visa', 'Visa Team');
const as = (user: StaffUser) => internalHeaders({ [USER_HEADER]: encodeStaffUser(user) });

let people = 0;
type Created = { student: string; course: string; applicationId: string; form: Record<string, unknown> };

/** Stores a public submission (status S) through the store route. */
async function create(): Promise<Created> {
  people += 1;
  const form = { EMAIL: `presence.${people}@example.com`, UCAS_PERSONAL_ID: String(6100000000 + people) };
  const body: StoreApplicationRequestInput = {
    submission: { ...createApplicationForm(form), SUBMISSION_ID: randomUUID() } as StoreApplicationRequestInput['submission'],
    course: {
      UCAS_CODE: detail.courseData.UCAS_CODE,
      DEPART_NUMBER: '12',
      ALLOW_SECOND_YEAR_ENTRY: false,
      SCHOOL: 'SCI',
      DEPT: 'CMPS',
      COURSE_CODE_OVERRIDE: null,
    },
    qualOptions: detail.qualOptions,
    assessment: offerRefer,
    decision: { confirmed_status: 'S', sub_status: null, rejection_reasons: [], recommended_courses: [] },
    user: 'public',
  };
  const res = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.store), headers: internalHeaders(), payload: body });
  expect(res.statusCode).toBe(201);
  const saved = applyResponseSchema.parse(res.json());
  return { student: saved.id[0], course: saved.id[1], applicationId: saved.id[2], form };
}

const params = (c: Created) => ({ params: { student: c.student, course: c.course } });
const open = async (c: Created, user: StaffUser, take_over = false) => {
  const res = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.deskPresence, params(c)), headers: as(user), payload: { take_over } });
  expect(res.statusCode).toBe(200);
  return presenceResponseSchema.parse(res.json());
};
const release = async (c: Created, user: StaffUser) => {
  const res = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.deskPresenceRelease, params(c)), headers: as(user) });
  expect(res.statusCode).toBe(200);
  return presenceResponseSchema.parse(res.json());
};
const save = (c: Created, user: StaffUser, STATUS: 'V' | 'R' = 'V') => {
  const body: StoreUpdateRequestInput = {
    submission: { ...createApplicationForm(c.form), STATUS } as StoreUpdateRequestInput['submission'],
    qualOptions: detail.qualOptions,
    ALLOW_SECOND_YEAR_ENTRY: false,
    assessment: offerRefer,
  };
  return app.inject({ ...endpointRequest(APPLICATIONS_SVC.deskUpdate, params(c)), headers: as(user), payload: body });
};
const call = (c: Created, user: StaffUser) =>
  app.inject({ ...endpointRequest(APPLICATIONS_SVC.deskOutboundCall, params(c)), headers: as(user), payload: { CALL_OUTCOME: 'Called no answer', NOTES: '' } });
const stored = async (c: Created) =>
  staffStoredApplicationSchema.parse((await app.inject({ ...endpointRequest(APPLICATIONS_SVC.deskApplication, params(c)), headers: as(sam) })).json());
const key = (c: Created) => `${PREFIX}:presence:${c.applicationId}`;

describe(`PUT ${APPLICATIONS_SVC.deskPresence.path} (who has an application open)`, () => {
  it('makes the first adviser the holder and shows them, with since when, to a second one who opens it', async () => {
    const c = await create();
    const first = await open(c, sam);
    expect(first).toEqual({ holder: { username: 'spatel', name: 'Sam Patel', since: NOW.toISOString() }, mine: true, heartbeat_ms: 30_000 });
    const second = await open(c, kim);
    expect(second).toEqual({ holder: first.holder, mine: false, heartbeat_ms: 30_000 });
    // The hold lives as long as its time to live, and each heartbeat of the holder renews it.
    await redis.pexpire(key(c), 5_000);
    expect(await open(c, sam)).toMatchObject({ mine: true });
    expect(await redis.pttl(key(c))).toBeGreaterThan(85_000);
  });

  it('refuses a save and a call from a second adviser while the first holds it (409 naming the holder), storing nothing; the holder saves', async () => {
    const c = await create();
    await open(c, sam);
    await open(c, kim);
    const refused = await save(c, kim, 'R');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: heldBy('Sam Patel') });
    const refusedCall = await call(c, kim);
    expect(refusedCall.statusCode).toBe(409);
    expect(refusedCall.json()).toMatchObject({ message: heldBy('Sam Patel') });
    const after = await stored(c);
    expect(after.version).toBe(1);
    expect(after.applicationData.STATUS).toBe('S');
    expect(after.applicationData.OUTBOUND_CALL_FLAG).toBe(0);
    expect((await save(c, sam)).statusCode).toBe(200);
  });

  it('lets a second adviser take it over: they hold it, the History log says so, and the first can no longer save', async () => {
    const c = await create();
    await open(c, sam);
    const taken = await open(c, kim, true);
    expect(taken).toMatchObject({ holder: { username: 'klee', name: 'Kim Lee', since: NOW.toISOString() }, mine: true });
    expect((await stored(c)).applicationData.LOG.at(-1)).toMatchObject({ MESSAGE: 'Took over the application from Sam Patel.', USER: 'klee' });
    // The first adviser's next heartbeat learns it, and their save is refused.
    expect(await open(c, sam)).toMatchObject({ holder: { username: 'klee' }, mine: false });
    const refused = await save(c, sam);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: heldBy('Kim Lee') });
    // A late release from the first adviser does not free the take-over.
    expect(await release(c, sam)).toMatchObject({ holder: { username: 'klee' } });
    expect((await save(c, kim)).statusCode).toBe(200);
  });

  it('frees the application when the holder closes it, records a decision or logs a call', async () => {
    const closed = await create();
    await open(closed, sam);
    expect(await release(closed, sam)).toEqual({ holder: null, mine: false, heartbeat_ms: 30_000 });
    expect(await open(closed, kim)).toMatchObject({ mine: true });

    const decided = await create();
    await open(decided, sam);
    expect((await save(decided, sam, 'R')).statusCode).toBe(200);
    expect(await redis.exists(key(decided))).toBe(0);

    const called = await create();
    await open(called, sam);
    expect((await call(called, sam)).statusCode).toBe(200);
    expect(await open(called, kim)).toMatchObject({ holder: { username: 'klee' }, mine: true });
  });

  it('never makes a reader the holder: a role that cannot edit the application sees who has it and blocks nobody', async () => {
    const c = await create();
    expect(await open(c, vik)).toEqual({ holder: null, mine: false, heartbeat_ms: 30_000 });
    await open(c, sam);
    expect(await open(c, vik, true)).toMatchObject({ holder: { username: 'spatel' }, mine: false });
  });

  it('gives two advisers opening a free application at once one holder', async () => {
    const c = await create();
    const answers = await Promise.all([open(c, sam), open(c, kim)]);
    expect(answers.filter((a) => a.mine)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.holder?.username)).size).toBe(1);
  });
});
