import { randomUUID } from 'node:crypto';
import {
  APPLICATIONS_SVC,
  applicationEventSchema,
  applyResponseSchema,
  USER_HEADER,
  type Assessment,
  type StaffUser,
  type StoreApplicationRequestInput,
  type StoreUpdateRequestInput,
} from '@clearing-desk/contracts';
import { createApplicationForm, createCourseDetail } from '@clearing-desk/contracts/testing';
import { encodeStaffUser } from '@clearing-desk/service-kit';
import { createTestDatabase, endpointRequest, internalHeaders, TEST_INTERNAL_TOKEN, type TestDatabase } from '@clearing-desk/service-kit/testing';
import { and, asc, eq } from 'drizzle-orm';
import { buildApp } from '../app';
import { applicationsConfigSchema } from '../config';
import { applications, outbox } from '../db/schema';
import { applicationEventsOf } from './application-events';

let database: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  database = await createTestDatabase('applications_events');
  app = await buildApp(
    applicationsConfigSchema.parse({
      DATABASE_URL: database.url,
      INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
      LOG_LEVEL: 'silent',
      NOTIFICATIONS_QUEUE_PREFIX: `events-test-${randomUUID().slice(0, 8)}`,
      OUTBOX_RELAY_INTERVAL_MS: 3_600_000,
    }),
    { now: () => new Date('2025-08-14T09:00:00Z') },
  );
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const detail = createCourseDetail();
const buttons = (...statuses: ('O' | 'I' | 'R' | 'S')[]): Assessment => ({
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
const personal = () => String(7000000000 + people);

async function apply(status: 'O' | 'S') {
  people += 1;
  const body: StoreApplicationRequestInput = {
    submission: {
      ...createApplicationForm({ EMAIL: `events.${people}@example.com`, UCAS_PERSONAL_ID: personal() }),
      SUBMISSION_ID: randomUUID(),
    } as StoreApplicationRequestInput['submission'],
    course: { UCAS_CODE: 'G400', DEPART_NUMBER: '31', ALLOW_SECOND_YEAR_ENTRY: false, SCHOOL: 'SCI', DEPT: 'CMPS', COURSE_CODE_OVERRIDE: null },
    qualOptions: detail.qualOptions,
    assessment: buttons('S'),
    decision: { confirmed_status: status, sub_status: status === 'O' ? 'AO' : null, rejection_reasons: [], recommended_courses: [] },
    decisionRules: { TARIFF_TABLES_VERSION: 'UCAS Tariff 2017', COURSE_REQUIREMENTS_HASH: 'abc123' },
    user: 'public',
  };
  const res = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.store), headers: internalHeaders(), payload: body });
  expect(res.statusCode).toBe(201);
  return applyResponseSchema.parse(res.json());
}

const update = (student: string, STATUS: 'O' | 'I' | 'S' | 'R' | 'W', extra: Record<string, unknown> = {}) =>
  app.inject({
    ...endpointRequest(APPLICATIONS_SVC.deskUpdate, { params: { student, course: 'G400' } }),
    headers: asAdmin,
    payload: {
      submission: { ...createApplicationForm({ EMAIL: `events.${people}@example.com`, UCAS_PERSONAL_ID: personal() }), STATUS, ...extra },
      qualOptions: detail.qualOptions,
      ALLOW_SECOND_YEAR_ENTRY: false,
      assessment: buttons('O', 'I', 'R'),
    } as StoreUpdateRequestInput,
  });

/** The application events of one application as their rows hold them, in the order written. */
const eventsOf = async (applicationId: string) =>
  (
    await app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.aggregateId, applicationId), eq(outbox.kind, 'application-event')))
      .orderBy(asc(outbox.seq))
  ).map((row) => ({ row, event: applicationEventSchema.parse(row.payload) }));

describe('application events in the outbox', () => {
  it('writes created and decision with a new application, in its transaction, carrying the identifiers a record system needs', async () => {
    const saved = await apply('O');
    const written = await eventsOf(saved.app_id);
    expect(written.map((w) => w.event.type)).toEqual(['application.created.v1', 'application.decision.v1']);
    const application = {
      applicationId: saved.app_id,
      studentId: saved.id[0],
      ucasPersonalId: personal(),
      courseCode: 'G400',
      courseCodeOverride: null,
      reference: `31${saved.id[3]}`,
      cycle: '2025/26',
    };
    const [created, decision] = written;
    expect(created?.event).toEqual({
      id: created?.row.id,
      type: 'application.created.v1',
      occurredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      application,
      data: { status: 'O', subStatus: 'AO', source: 'public', createdBy: 'public' },
    });
    expect(decision?.event).toEqual({
      id: decision?.row.id,
      type: 'application.decision.v1',
      occurredAt: created?.event.occurredAt,
      application,
      data: {
        status: 'O',
        subStatus: 'AO',
        reasons: [],
        ruleVersion: { TARIFF_TABLES_VERSION: 'UCAS Tariff 2017', COURSE_REQUIREMENTS_HASH: 'abc123' },
        source: 'public',
        decidedBy: 'public',
        review: null,
      },
    });
    // Written relayed: no queue takes them, the feed reads the table; one transaction, one xid.
    expect(created?.row.relayedAt).toBeInstanceOf(Date);
    expect(created?.row.xid).toBe(decision?.row.xid);
  });

  it("writes status changed and decision for an adviser's change, nothing for a save that keeps the status or one refused", async () => {
    const saved = await apply('S');
    expect((await update(saved.id[0], 'S')).statusCode).toBe(200);
    expect(await eventsOf(saved.app_id)).toHaveLength(2);
    // Refused (an invitation needs its interview): the transaction writes nothing.
    expect((await update(saved.id[0], 'I')).statusCode).toBe(400);
    expect(await eventsOf(saved.app_id)).toHaveLength(2);

    expect((await update(saved.id[0], 'R')).statusCode).toBe(200);
    const [, , changed, decision, ...more] = await eventsOf(saved.app_id);
    expect(more).toEqual([]);
    expect(changed?.event).toMatchObject({ type: 'application.status-changed.v1', data: { previousStatus: 'S', status: 'R', subStatus: null } });
    expect(decision?.event).toMatchObject({ type: 'application.decision.v1', data: { status: 'R', source: 'staff', decidedBy: 'admin', review: null } });
    expect(BigInt(changed?.row.xid ?? 0)).toBeGreaterThan(BigInt((await eventsOf(saved.app_id))[0]?.row.xid ?? 0));
  });

  it('writes withdrawn after status changed and decision when an adviser withdraws an application', async () => {
    const saved = await apply('O');
    expect((await update(saved.id[0], 'W')).statusCode).toBe(200);
    const types = (await eventsOf(saved.app_id)).map((w) => w.event);
    expect(types.map((e) => e.type)).toEqual([
      'application.created.v1',
      'application.decision.v1',
      'application.status-changed.v1',
      'application.decision.v1',
      'application.withdrawn.v1',
    ]);
    expect(types.at(-1)).toMatchObject({ data: { previousStatus: 'O', withdrawnBy: 'admin' } });
  });

  it("makes one decision event, carrying its outcome, for a person's review of an automatic decision, and none for an edit that keeps the status", async () => {
    const saved = await apply('O');
    const [application] = await app.db
      .select()
      .from(applications)
      .where(eq(applications.applicationId, Number(saved.app_id)));
    const at = new Date('2025-08-15T10:00:00Z');
    const reviewed = applicationEventsOf({ row: application!, previousStatus: 'O', source: 'staff', user: 'backoffice', at, review: { OUTCOME: 'UPHELD' } });
    expect(reviewed.map((e) => [e.type, e.occurredAt, e.data])).toEqual([
      [
        'application.decision.v1',
        '2025-08-15T10:00:00.000Z',
        {
          status: 'O',
          subStatus: 'AO',
          reasons: [],
          ruleVersion: { TARIFF_TABLES_VERSION: 'UCAS Tariff 2017', COURSE_REQUIREMENTS_HASH: 'abc123' },
          source: 'staff',
          decidedBy: 'backoffice',
          review: { outcome: 'UPHELD' },
        },
      ],
    ]);
    expect(applicationEventsOf({ row: application!, previousStatus: 'O', source: 'staff', user: 'backoffice', at })).toEqual([]);
  });
});
