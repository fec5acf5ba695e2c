import { randomBytes, randomUUID } from 'node:crypto';
import {
  APPLICATIONS_SVC,
  applyResponseSchema,
  decisionEmailPayloadSchema,
  OUTBOX_QUEUES,
  USER_HEADER,
  type Assessment,
  type EmailCourseFacts,
  type StaffUser,
  type StoreApplicationRequestInput,
  type InterviewDetails,
  type StoreUpdateRequestInput,
  storedApplicationResponseSchema,
} from '@clearing-desk/contracts';
import { offerDeadline, referralDeadline } from '@clearing-desk/contracts/server';
import { createApplicationForm, createCourseDetail } from '@clearing-desk/contracts/testing';
import { encodeStaffUser } from '@clearing-desk/service-kit';
import { createTestDatabase, internalHeaders, TEST_INTERNAL_TOKEN, type TestDatabase, metricValue, endpointRequest } from '@clearing-desk/service-kit/testing';
import { Queue } from 'bullmq';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { buildApp } from '../app';
import { applicationsConfigSchema } from '../config';
import { outbox } from '../db/schema';

let database: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;
let queue: Queue;
const prefix = `outbox-test-${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  database = await createTestDatabase('applications_outbox');
  app = await buildApp(
    applicationsConfigSchema.parse({
      DATABASE_URL: database.url,
      INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
      LOG_LEVEL: 'silent',
      NOTIFICATIONS_QUEUE_PREFIX: prefix,
      // Passes run only when the test asks (relayNow), so every count below is exact.
      OUTBOX_RELAY_INTERVAL_MS: 3_600_000,
    }),
    // Inside the 2025/26 cycle, so the status page by hash answers.
    { now: () => new Date('2025-08-14T09:00:00Z') },
  );
  await app.ready();
  queue = new Queue(OUTBOX_QUEUES['decision-email'], { connection: { host: '127.0.0.1', port: 6379 }, prefix });
}, 60_000);

afterAll(async () => {
  await queue?.obliterate({ force: true }).catch(() => undefined);
  await queue?.close();
  await app?.close();
  await database?.drop();
});

const detail = createCourseDetail();
const facts: EmailCourseFacts = {
  UCAS_CODE: 'G400',
  COURSE_CODE_OVERRIDE: null,
  COURSE_TITLE: 'Computer Science',
  QUALIFICATION: 'BSc (Hons)',
  COURSE_START_DATE: '2025-09-29',
  FEEDBACK_TELEPHONE: '020 7040 8716',
  SCHOOL: 'SCI',
};
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
/** The interview details' required message, word for word as the adviser reads it. */
const INTERVIEW_REQUIRED = 'Enter the interview date, time and venue (or online link): the invitation email gives them to the applicant.';

/** A decided submission of a new person for G400, as the gateway sends it (public unless `overrides` say staff). */
function storeBody(status: 'O' | 'S' | 'I', overrides: Partial<StoreApplicationRequestInput> = {}): StoreApplicationRequestInput {
  people += 1;
  return {
    submission: {
      ...createApplicationForm({ EMAIL: `outbox.${people}@example.com`, UCAS_PERSONAL_ID: String(6000000000 + people) }),
      SUBMISSION_ID: randomUUID(),
    } as StoreApplicationRequestInput['submission'],
    course: { UCAS_CODE: 'G400', DEPART_NUMBER: '31', ALLOW_SECOND_YEAR_ENTRY: false, SCHOOL: 'SCI', DEPT: 'CMPS', COURSE_CODE_OVERRIDE: null },
    qualOptions: detail.qualOptions,
    assessment: buttons('S'),
    decision: { confirmed_status: status, sub_status: status === 'O' ? 'AO' : null, rejection_reasons: [], recommended_courses: [] },
    user: 'public',
    courseFacts: facts,
    ...overrides,
  };
}

async function apply(status: 'O' | 'S', withFacts = true) {
  const { courseFacts: _facts, ...withoutFacts } = storeBody(status);
  const body = withFacts ? { ...withoutFacts, courseFacts: facts } : withoutFacts;
  const res = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.store), headers: internalHeaders(), payload: body });
  expect(res.statusCode).toBe(201);
  return applyResponseSchema.parse(res.json());
}

const update = (student: string, STATUS: 'O' | 'I' | 'S' | 'R' | 'D' | 'W', extra: Record<string, unknown> = {}) =>
  app.inject({
    ...endpointRequest(APPLICATIONS_SVC.deskUpdate, { params: { student, course: 'G400' } }),
    headers: asAdmin,
    payload: {
      submission: { ...createApplicationForm({ EMAIL: `outbox.${people}@example.com`, UCAS_PERSONAL_ID: String(6000000000 + people) }), STATUS, ...extra },
      qualOptions: detail.qualOptions,
      ALLOW_SECOND_YEAR_ENTRY: false,
      assessment: buttons('O', 'I', 'R'),
      courseFacts: facts,
    } as StoreUpdateRequestInput,
  });

/** The decision-email rows of an application (its application events, in the same outbox, are application-events.test.ts's). */
const rowsOf = (applicationId: string) =>
  app.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.aggregateId, applicationId), eq(outbox.kind, 'decision-email')))
    .orderBy(asc(outbox.createdAt));

describe('the decision outbox', () => {
  it('writes one row with the new application, carrying everything the email needs, and the relay queues it under its id', async () => {
    const metric = async (name: string) => metricValue(await app.metricsRegistry.metrics(), name, { app: 'applications-svc' }) ?? Number.NaN;
    const relayedBefore = await metric('clearing_outbox_relayed_total');
    const saved = await apply('O');
    const [row, ...more] = await rowsOf(saved.app_id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ kind: 'decision-email', relayedAt: null });
    const payload = decisionEmailPayloadSchema.parse(row?.payload);
    expect(payload).toMatchObject({
      applicationId: saved.app_id,
      hash: saved.hash,
      reference: `31${saved.id[3]}`,
      source: 'public',
      previousStatus: null,
      status: 'O',
      subStatus: 'AO',
      course: facts,
      applicant: { EMAIL: `outbox.${people}@example.com`, APPLIED_TO_UCAS: true, NATIONALITY: 'GBR' },
    });
    await app.outboxRelay.relayNow();
    // The metrics port: nothing waits any more, and the row is counted as relayed.
    expect(await metric('clearing_outbox_pending')).toBe(0);
    expect(await metric('clearing_outbox_lag_seconds')).toBe(0);
    expect(await metric('clearing_outbox_relayed_total')).toBeGreaterThanOrEqual(relayedBefore + 1);
    const job = await queue.getJob(row?.id ?? '');
    expect(job?.data).toEqual({ outboxId: row?.id, payload: row?.payload });
    expect(job?.opts.attempts).toBe(30);
    const [relayed] = await rowsOf(saved.app_id);
    expect(relayed?.relayedAt).toBeInstanceOf(Date);
  });

  it("writes a row for an adviser's status change, none for a save that keeps the status, and the interview goes with an invitation", async () => {
    const saved = await apply('S');
    expect(await rowsOf(saved.app_id)).toHaveLength(1); // 'received'
    expect((await update(saved.id[0], 'S')).statusCode).toBe(200);
    expect(await rowsOf(saved.app_id)).toHaveLength(1);

    const missing = await update(saved.id[0], 'I');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(INTERVIEW_REQUIRED);
    expect(await rowsOf(saved.app_id)).toHaveLength(1);

    const interview = { INTERVIEW_DATE: '2025-08-19', INTERVIEW_TIME: '10:30', INTERVIEW_VENUE: 'Room A101' };
    expect((await update(saved.id[0], 'I', { INTERVIEW: interview })).statusCode).toBe(200);
    const rows = await rowsOf(saved.app_id);
    expect(rows).toHaveLength(2);
    expect(decisionEmailPayloadSchema.parse(rows[1]?.payload)).toMatchObject({ source: 'staff', previousStatus: 'S', status: 'I', interview });
    const found = await app.inject({
      ...endpointRequest(APPLICATIONS_SVC.deskApplication, { params: { student: saved.id[0], course: 'G400' } }),
      headers: asAdmin,
    });
    expect(found.json().applicationData.LOG.at(-1).MESSAGE).toBe(
      'Status changed from Submitted (S) to Invited to Interview (I). Saved with no field changes. Interview: 2025-08-19 at 10:30, Room A101.',
    );
    // The applicant's status page shows the same interview as the email.
    const page = storedApplicationResponseSchema.parse(
      (await app.inject({ ...endpointRequest(APPLICATIONS_SVC.byHash, { params: { hash: saved.hash } }), headers: internalHeaders() })).json(),
    );
    expect(page.decision).toMatchObject({ STATUS: 'I', INTERVIEW: interview, DEADLINE: null });
  });

  it('writes no row when an adviser marks an application a duplicate (D), and one for a withdrawal (W) (domain.md "Decision emails")', async () => {
    const duplicate = await apply('S');
    const changed = await update(duplicate.id[0], 'D');
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ confirmed_status: 'D' });
    expect(await rowsOf(duplicate.app_id)).toHaveLength(1); // only the 'received' of the submission
    const found = await app.inject({
      ...endpointRequest(APPLICATIONS_SVC.deskApplication, { params: { student: duplicate.id[0], course: 'G400' } }),
      headers: asAdmin,
    });
    expect(found.json().applicationData.LOG.at(-1).MESSAGE).toBe('Status changed from Submitted (S) to Duplicate (D). Saved with no field changes.');

    const withdrawn = await apply('S');
    expect((await update(withdrawn.id[0], 'W')).statusCode).toBe(200);
    const rows = await rowsOf(withdrawn.app_id);
    expect(rows).toHaveLength(2);
    expect(decisionEmailPayloadSchema.parse(rows[1]?.payload)).toMatchObject({ source: 'staff', previousStatus: 'S', status: 'W' });
  });

  it('gives the status page the decision time, deadline and link end its email carries', async () => {
    const saved = await apply('O');
    const [row] = await rowsOf(saved.app_id);
    const payload = decisionEmailPayloadSchema.parse(row?.payload);
    const page = storedApplicationResponseSchema.parse(
      (await app.inject({ ...endpointRequest(APPLICATIONS_SVC.byHash, { params: { hash: saved.hash } }), headers: internalHeaders() })).json(),
    );
    expect(page.decision).toEqual({
      STATUS: 'O',
      SUB_STATUS: 'AO',
      DECIDED_AT: payload.decidedAt,
      DEADLINE: offerDeadline(new Date(payload.decidedAt)).toISOString(),
      INTERVIEW: null,
      RECOMMENDED_COURSES: [],
      LINK_VALID_UNTIL: '2026-03-31T22:59:00.000Z',
      // Not yet in a UCAS import (docs/domain/ucas-reconciliation.md).
      UCAS_ADDED_AT: null,
    });
    expect(payload.linkValidUntil).toBe(page.decision.LINK_VALID_UNTIL);

    // A later save that keeps the status keeps the deadline; a change to R moves it to midday the next day.
    expect((await update(saved.id[0], 'O')).statusCode).toBe(200);
    const kept = storedApplicationResponseSchema.parse(
      (await app.inject({ ...endpointRequest(APPLICATIONS_SVC.byHash, { params: { hash: saved.hash } }), headers: internalHeaders() })).json(),
    );
    expect(kept.decision.DEADLINE).toBe(page.decision.DEADLINE);
    expect((await update(saved.id[0], 'R')).statusCode).toBe(200);
    const referred = storedApplicationResponseSchema.parse(
      (await app.inject({ ...endpointRequest(APPLICATIONS_SVC.byHash, { params: { hash: saved.hash } }), headers: internalHeaders() })).json(),
    );
    const referral = decisionEmailPayloadSchema.parse((await rowsOf(saved.app_id)).at(-1)?.payload);
    expect(referred.decision).toMatchObject({
      STATUS: 'R',
      DECIDED_AT: referral.decidedAt,
      DEADLINE: referralDeadline(new Date(referral.decidedAt)).toISOString(),
    });
  });

  it('needs the interview when an adviser creates an application as I, and its LOG row and email carry it', async () => {
    const body = (interview?: InterviewDetails) =>
      storeBody('I', { assessment: buttons('I', 'R'), user: 'admin', staff: true, ...(interview ? { interview } : {}) });
    const create = (payload: StoreApplicationRequestInput) => app.inject({ ...endpointRequest(APPLICATIONS_SVC.store), headers: asAdmin, payload });
    const missing = await create(body());
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: INTERVIEW_REQUIRED });

    const interview = { INTERVIEW_DATE: '2025-08-20', INTERVIEW_TIME: '14:00', INTERVIEW_VENUE: 'https://meet.example.ac.uk/clearing-g400' };
    const created = await create(body(interview));
    expect(created.statusCode).toBe(201);
    const saved = applyResponseSchema.parse(created.json());
    const [row] = await rowsOf(saved.app_id);
    expect(decisionEmailPayloadSchema.parse(row?.payload)).toMatchObject({ source: 'staff', previousStatus: null, status: 'I', interview });
    const staffView = await app.inject({
      ...endpointRequest(APPLICATIONS_SVC.deskApplication, { params: { student: saved.id[0], course: 'G400' } }),
      headers: asAdmin,
    });
    expect(staffView.json().applicationData.LOG.map((l: { MESSAGE: string }) => l.MESSAGE)).toEqual([
      'Application created with status Invited to Interview. Interview: 2025-08-20 at 14:00, https://meet.example.ac.uk/clearing-g400.',
    ]);
    const page = storedApplicationResponseSchema.parse(
      (await app.inject({ ...endpointRequest(APPLICATIONS_SVC.byHash, { params: { hash: saved.hash } }), headers: internalHeaders() })).json(),
    );
    expect(page.decision.INTERVIEW).toEqual(interview);
    // The applicant's own LOG does not repeat the staff line.
    expect(page.applicationData.LOG.map((l) => l.MESSAGE)).toEqual(['Application created with status Invited to Interview.']);
  });

  it('writes no row for a caller that sends no course facts', async () => {
    const saved = await apply('O', false);
    expect(await rowsOf(saved.app_id)).toHaveLength(0);
  });
});

describe('the outbox relay', () => {
  it("queues one aggregate's rows in the order they were written, while it hands different aggregates on at once", async () => {
    // Rows of three applications, written interleaved: one application's three, a second's two, a third's one.
    const base = Date.parse('2025-08-14T08:00:00Z');
    const order = ['a', 'b', 'a', 'c', 'b', 'a'];
    const rows = order.map((who, i) => ({
      id: randomUUID(),
      aggregateId: `relay-order-${who}-${prefix}`,
      kind: 'decision-email',
      payload: { probe: i },
      createdAt: new Date(base + i),
    }));
    await app.db.insert(outbox).values(rows);
    // A pass already running (kicked by an earlier store) answers relayNow before it reads these
    // rows: ask again until they are relayed (state, not time).
    const relayedCount = async () =>
      (
        await app.db
          .select()
          .from(outbox)
          .where(
            inArray(
              outbox.id,
              rows.map((r) => r.id),
            ),
          )
      ).filter((r) => r.relayedAt !== null).length;
    for (let i = 0; i < 100 && (await relayedCount()) < rows.length; i++) await app.outboxRelay.relayNow();
    expect(await relayedCount()).toBe(rows.length);
    const waiting = await queue.getJobs(['waiting'], 0, -1, true);
    const ids: (string | undefined)[] = rows.map((r) => r.id);
    const queued = waiting.map((job) => job.id).filter((id) => ids.includes(id));
    expect(queued).toHaveLength(rows.length);
    for (const who of ['a', 'b', 'c']) {
      const written: (string | undefined)[] = rows.filter((r) => r.aggregateId.startsWith(`relay-order-${who}-`)).map((r) => r.id);
      expect(queued.filter((id) => written.includes(id))).toEqual(written);
    }
  });
});
