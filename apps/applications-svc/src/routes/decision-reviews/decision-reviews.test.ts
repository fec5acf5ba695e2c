import { randomUUID } from 'node:crypto';
import {
  APPLICATIONS_SVC,
  applyResponseSchema,
  AUTOMATIC_DECISION_TEXTS,
  decisionEmailPayloadSchema,
  decisionReviewAcceptedSchema,
  decisionReviewItemSchema,
  decisionReviewListSchema,
  TARIFF_TABLES_VERSION,
  USER_HEADER,
  type Assessment,
  type EmailCourseFacts,
  type StaffUser,
  type StoreApplicationRequestInput,
} from '@clearing-desk/contracts';
import { createApplicationForm, createCourseDetail } from '@clearing-desk/contracts/testing';
import { encodeStaffUser } from '@clearing-desk/service-kit';
import { createTestDatabase, endpointRequest, internalHeaders, TEST_INTERNAL_TOKEN, type TestDatabase } from '@clearing-desk/service-kit/testing';
import { and, asc, eq } from 'drizzle-orm';
import { buildApp } from '../../app';
import { applicationsConfigSchema } from '../../config';
import { applicationLog, applications, outbox } from '../../db/schema';

let database: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;
const NOW = new Date('2025-08-14T09:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase('applications_reviews');
  app = await buildApp(
    applicationsConfigSchema.parse({
      DATABASE_URL: database.url,
      INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
      LOG_LEVEL: 'silent',
      OUTBOX_RELAY_INTERVAL_MS: 3_600_000,
      REDIS_URL: 'redis://127.0.0.1:6399',
      DECISION_REVIEW_RESPONSE_DAYS: '3',
    }),
    { now: () => NOW },
  );
  await app.ready();
}, 60_000);
afterAll(async () => {
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
const assessment: Assessment = {
  UCAS_POINTS_TOTAL: 144,
  UCAS_POINTS_EFFECTIVE: 144,
  TRAFFIC_LIGHT: 'G',
  OVER18: 1,
  SUBMISSION_OPTIONS: { BUTTONS: [] },
  EXPLANATION: [{ STATUS: 'G', MESSAGE: '144 points meet the 120 points the course asks for.' }],
  ALTERNATE: [],
};
const backOffice: StaffUser = { username: 'backoffice', name: 'Bola', roles: [{ role: 'Back Office', scope: 'all' }] };
const lawOnly: StaffUser = { username: 'lawbo', name: 'Law', roles: [{ role: 'Back Office', scope: 'school:LAW' }] };
const as = (user: StaffUser) => internalHeaders({ [USER_HEADER]: encodeStaffUser(user) });
let people = 0;

async function apply(status: 'O' | 'S', subStatus: 'AO' | null) {
  people += 1;
  const body: StoreApplicationRequestInput = {
    submission: {
      ...createApplicationForm({ EMAIL: `review.${people}@example.com`, UCAS_PERSONAL_ID: String(7000000000 + people) }),
      SUBMISSION_ID: randomUUID(),
    } as StoreApplicationRequestInput['submission'],
    course: { UCAS_CODE: 'G400', DEPART_NUMBER: '31', ALLOW_SECOND_YEAR_ENTRY: false, SCHOOL: 'SCI', DEPT: 'CMPS', COURSE_CODE_OVERRIDE: null },
    qualOptions: detail.qualOptions,
    assessment,
    decision: { confirmed_status: status, sub_status: subStatus, rejection_reasons: [], recommended_courses: [] },
    decisionRules: { TARIFF_TABLES_VERSION, COURSE_REQUIREMENTS_HASH: 'abc123' },
    user: 'public',
    courseFacts: facts,
  };
  const res = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.store), headers: internalHeaders(), payload: body });
  expect(res.statusCode).toBe(201);
  return applyResponseSchema.parse(res.json());
}

const ask = (hash: string, REASON: string) =>
  app.inject({ ...endpointRequest(APPLICATIONS_SVC.reviewRequest, { params: { hash } }), headers: internalHeaders(), payload: { REASON } });

describe('a person reviews an automatic decision', () => {
  it('stores the rule versions with the decision and tells the applicant in the email that it was automatic, with its reasons', async () => {
    const saved = await apply('O', 'AO');
    const [row] = await app.db
      .select()
      .from(applications)
      .where(eq(applications.applicationId, Number(saved.app_id)));
    expect(row?.decisionRules).toEqual({ TARIFF_TABLES_VERSION: 'UCAS Tariff 2017', COURSE_REQUIREMENTS_HASH: 'abc123' });
    const [email] = await app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.aggregateId, saved.app_id), eq(outbox.kind, 'decision-email')));
    expect(decisionEmailPayloadSchema.parse(email?.payload).automaticReasons).toEqual(['144 points meet the 120 points the course asks for.']);
    expect(AUTOMATIC_DECISION_TEXTS.LINK).toBe('Ask for a person to review this decision');
  });

  it('puts the request in the back office queue with the configured response time, and a second request answers the open one', async () => {
    const saved = await apply('O', 'AO');
    const res = await ask(saved.hash, '  My A level in Maths is missing.  ');
    expect(res.statusCode).toBe(200);
    const accepted = decisionReviewAcceptedSchema.parse(res.json());
    expect(accepted).toEqual({ REQUESTED_AT: '2025-08-14T09:00:00.000Z', RESPOND_BY: '2025-08-17T09:00:00.000Z' });
    expect((await ask(saved.hash, 'Again')).json()).toEqual(accepted);

    const list = decisionReviewListSchema.parse((await app.inject({ ...endpointRequest(APPLICATIONS_SVC.reviewList), headers: as(backOffice) })).json());
    const mine = list.rows.filter((r) => r.REFERENCE === `31${saved.id[3]}`);
    expect(mine).toEqual([
      expect.objectContaining({
        REASON: 'My A level in Maths is missing.',
        STATUS: 'O',
        SUB_STATUS: 'AO',
        RESPOND_BY: '2025-08-17T09:00:00.000Z',
        OUTCOME: null,
      }),
    ]);
    // Outside the user's scope the queue shows nothing of it.
    const law = decisionReviewListSchema.parse((await app.inject({ ...endpointRequest(APPLICATIONS_SVC.reviewList), headers: as(lawOnly) })).json());
    expect(law.rows).toEqual([]);
    const log = await app.db
      .select()
      .from(applicationLog)
      .where(eq(applicationLog.applicationId, Number(saved.app_id)))
      .orderBy(asc(applicationLog.id));
    expect(log.map((l) => l.message)).toContain('Applicant asked for a person to review the automatic decision');
  });

  it('records the outcome on the application and emails it through the outbox; a second outcome is refused', async () => {
    const saved = await apply('O', 'AO');
    await ask(saved.hash, 'Please check my BTEC.');
    const list = decisionReviewListSchema.parse((await app.inject({ ...endpointRequest(APPLICATIONS_SVC.reviewList), headers: as(backOffice) })).json());
    const review = list.rows.find((r) => r.REFERENCE === `31${saved.id[3]}`);
    const decide = (user: StaffUser) =>
      app.inject({
        ...endpointRequest(APPLICATIONS_SVC.reviewOutcome, { params: { id: review?.ID ?? 0 } }),
        headers: as(user),
        payload: { OUTCOME: 'UPHELD', NOTE: 'Your BTEC was counted.' },
      });
    expect((await decide(lawOnly)).statusCode).toBe(403);
    const res = await decide(backOffice);
    expect(res.statusCode).toBe(200);
    expect(decisionReviewItemSchema.parse(res.json())).toMatchObject({
      OUTCOME: 'UPHELD',
      NOTE: 'Your BTEC was counted.',
      DECIDED_BY: 'backoffice',
      DECIDED_AT: NOW.toISOString(),
    });
    expect((await decide(backOffice)).json()).toEqual({ message: 'This review already has an outcome.' });

    const rows = await app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.aggregateId, saved.app_id), eq(outbox.kind, 'decision-email')))
      .orderBy(asc(outbox.createdAt));
    const payload = decisionEmailPayloadSchema.parse(rows.at(-1)?.payload);
    expect(payload).toMatchObject({
      review: { OUTCOME: 'UPHELD', NOTE: 'Your BTEC was counted.' },
      course: facts,
      applicant: { EMAIL: `review.${people}@example.com` },
    });
    const log = await app.db
      .select()
      .from(applicationLog)
      .where(eq(applicationLog.applicationId, Number(saved.app_id)))
      .orderBy(asc(applicationLog.id));
    expect(log.at(-1)).toMatchObject({ user: 'backoffice', message: 'Review of the automatic decision: Decision stands. Your BTEC was counted.' });
  });

  it('refuses a request on a decision a person made (409) and an unknown hash (404)', async () => {
    const saved = await apply('S', null);
    const res = await ask(saved.hash, 'Why?');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This decision was not made automatically: a person has already made it.' });
    expect((await ask('nope', 'Why?')).statusCode).toBe(404);
    expect((await ask(saved.hash, '   ')).statusCode).toBe(400);
  });
});
