import { randomUUID } from 'node:crypto';
import {
  APPLICATIONS_SVC,
  appliedResponseSchema,
  applyResponseSchema,
  errorResponseSchema,
  STAFF_LOG_USER_FOR_APPLICANT,
  storedApplicationResponseSchema,
  USER_HEADER,
  type Assessment,
  type StoreApplicationRequestInput,
} from '@clearing-desk/contracts';
import { createApplicationForm, createCourseDetail, createVisaData } from '@clearing-desk/contracts/testing';
import { encodeStaffUser } from '@clearing-desk/service-kit';
import { createTestDatabase, internalHeaders, TEST_INTERNAL_TOKEN, type TestDatabase, metricValue, endpointRequest } from '@clearing-desk/service-kit/testing';
import { count, eq } from 'drizzle-orm';
import { buildApp } from '../../app';
import { applicationsConfigSchema } from '../../config';
import { applicationLog, applications, recruitmentCycles, students } from '../../db/schema';

/** Spec section 8's duplicate-application message, word for word. */
const SPEC_DUPLICATE =
  'You have already submitted an application for this course. You can only apply once for each course. Please check our list of open courses for alternative options.';
/** Spec section 3's second-year text (the no-second-year description), word for word. */
const SPEC_FIRST_YEAR_ONLY = 'Applicants will only be considered for entry into the first year for this course.';
/** The 409s of a SUBMISSION_ID that comes again for another course or applicant, word for word. */
const SUBMISSION_ID_REUSED_TEXT = 'SUBMISSION_ID was already used for an application to another course.';
const SUBMISSION_ID_OTHER_APPLICANT_TEXT = 'This idempotency key (SUBMISSION_ID or Idempotency-Key) was already used for another applicant.';

let database: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;

// The clock of the status page's cycle end: inside the 2025/26 cycle unless a test moves it.
const RESULTS_DAY = new Date('2025-08-14T09:00:00Z');
let clock = RESULTS_DAY;

beforeAll(async () => {
  database = await createTestDatabase('applications_routes');
  app = await buildApp(applicationsConfigSchema.parse({ DATABASE_URL: database.url, INTERNAL_TOKEN: TEST_INTERNAL_TOKEN, LOG_LEVEL: 'silent' }), {
    now: () => clock,
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

afterEach(() => {
  jest.restoreAllMocks();
  clock = RESULTS_DAY;
});

const detail = createCourseDetail();
const greenAssessment: Assessment = {
  UCAS_POINTS_TOTAL: 144,
  UCAS_POINTS_EFFECTIVE: 144,
  TRAFFIC_LIGHT: 'G',
  OVER18: 1,
  SUBMISSION_OPTIONS: { BUTTONS: [{ STATUS: 'S', LABEL: 'Submit' }] },
  EXPLANATION: [{ STATUS: 'G', MESSAGE: 'Effective UCAS points 144 meet the advertised tariff of 128.' }],
  ALTERNATE: [],
};

let people = 0;
/** A distinct person (email and UCAS Personal ID) for each call, so tests do not collide. */
function person() {
  people += 1;
  return { EMAIL: `applicant.${people}@example.com`, UCAS_PERSONAL_ID: String(4000000000 + people) };
}

function storeBody(form: Record<string, unknown> = {}, overrides: Partial<StoreApplicationRequestInput> = {}): StoreApplicationRequestInput {
  return {
    submission: { ...createApplicationForm({ ...person(), ...form }), SUBMISSION_ID: randomUUID() } as StoreApplicationRequestInput['submission'],
    course: { UCAS_CODE: detail.courseData.UCAS_CODE, DEPART_NUMBER: detail.courseData.DEPART_NUMBER, ALLOW_SECOND_YEAR_ENTRY: false },
    qualOptions: detail.qualOptions,
    assessment: greenAssessment,
    decision: { confirmed_status: 'O', sub_status: 'AO', rejection_reasons: [], recommended_courses: [] },
    user: 'public',
    ...overrides,
  };
}

const post = (body: unknown) => app.inject({ ...endpointRequest(APPLICATIONS_SVC.store), headers: internalHeaders(), payload: body as object });
const get = (url: string) => app.inject({ method: 'GET', url, headers: internalHeaders() });
const countApplications = async () => (await app.db.select({ n: count() }).from(applications))[0]?.n ?? 0;
const countStudents = async () => (await app.db.select({ n: count() }).from(students))[0]?.n ?? 0;
const countFor = async (email: string) =>
  (await app.db.select({ n: count() }).from(applications).where(eq(applications.emailNormalised, email.toLowerCase())))[0]?.n ?? 0;

describe(`POST ${APPLICATIONS_SVC.store.path}`, () => {
  it('stores a decided submission and answers the record of spec section 3', async () => {
    const body = storeBody();
    const res = await post(body);
    expect(res.statusCode).toBe(201);
    const saved = applyResponseSchema.parse(res.json());
    const [studentId, ucasCode, applicationId, reference] = saved.id;
    expect(studentId).toMatch(/^26\d{5}$/);
    expect(ucasCode).toBe('G400');
    expect(applicationId).toBe(saved.app_id);
    expect(reference).toMatch(/^\d{6}$/);
    expect(saved.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(saved).toMatchObject({ confirmed_status: 'O', rejection_reasons: [], recommended_courses: [], depart_number: '31', assessment: greenAssessment });
  });

  it('writes a LOG row naming the user and the status on create', async () => {
    const saved = applyResponseSchema.parse((await post(storeBody({}, { user: 'adviser1' }))).json());
    const log = await app.db
      .select()
      .from(applicationLog)
      .where(eq(applicationLog.applicationId, Number(saved.app_id)));
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ user: 'adviser1', status: 'O', message: 'Application created with status Offered (Automatic).' });
  });

  it('reuses the STUDENT_ID of a returning person (same email, any case) applying to another course', async () => {
    const who = person();
    const first = applyResponseSchema.parse((await post(storeBody(who))).json());
    const other = storeBody({ ...who, EMAIL: ` ${who.EMAIL.toUpperCase()} ` });
    other.course = { UCAS_CODE: 'G401', DEPART_NUMBER: '31', ALLOW_SECOND_YEAR_ENTRY: false };
    const res = await post(other);
    expect(res.statusCode).toBe(201);
    const second = applyResponseSchema.parse(res.json());
    expect(second.id[0]).toBe(first.id[0]);
    expect(second.id[2]).not.toBe(first.id[2]);
    expect(second.id[3]).not.toBe(first.id[3]);
  });

  it('refuses a second application to the course by the same email (case-insensitive) with the duplicate text, storing one', async () => {
    const who = person();
    expect((await post(storeBody(who))).statusCode).toBe(201);
    const before = await countApplications();
    const again = await post(storeBody({ EMAIL: `  ${who.EMAIL.toUpperCase()}`, UCAS_PERSONAL_ID: '5999999999' }));
    expect(again.statusCode).toBe(409);
    expect(errorResponseSchema.parse(again.json())).toEqual({ message: SPEC_DUPLICATE });
    expect(await countApplications()).toBe(before);
    expect(await countFor(who.EMAIL)).toBe(1);
  });

  it('refuses a second application to the course by the same UCAS Personal ID under another email', async () => {
    const who = person();
    expect((await post(storeBody(who))).statusCode).toBe(201);
    const before = await countApplications();
    const again = await post(storeBody({ UCAS_PERSONAL_ID: who.UCAS_PERSONAL_ID }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: SPEC_DUPLICATE });
    expect(await countApplications()).toBe(before);
  });

  it('ignores the UCAS Personal ID when APPLIED_TO_UCAS is not 1', async () => {
    const who = person();
    expect((await post(storeBody(who))).statusCode).toBe(201);
    expect((await post(storeBody({ APPLIED_TO_UCAS: '0', UCAS_PERSONAL_ID: who.UCAS_PERSONAL_ID }))).statusCode).toBe(201);
  });

  it('lets a withdrawn applicant (W) apply again: the new application is stored beside the withdrawn one, and it is the one a third attempt meets', async () => {
    const who = person();
    const first = applyResponseSchema.parse((await post(storeBody(who))).json());
    await app.db
      .update(applications)
      .set({ status: 'W' })
      .where(eq(applications.applicationId, Number(first.app_id)));
    const applied = () => get(`/applications/applied?ucas_code=G400&email=${encodeURIComponent(who.EMAIL)}`);
    expect((await applied()).json()).toEqual({ rows: [] });
    expect((await get(`/applications/applied?ucas_code=G400&ucas_personal_id=${who.UCAS_PERSONAL_ID}`)).json()).toEqual({ rows: [] });

    const again = await post(storeBody(who));
    expect(again.statusCode).toBe(201);
    const second = applyResponseSchema.parse(again.json());
    expect(second.id[0]).toBe(first.id[0]); // the same student
    expect(second.app_id).not.toBe(first.app_id);
    const rows = await app.db
      .select({ id: applications.applicationId, status: applications.status })
      .from(applications)
      .where(eq(applications.emailNormalised, who.EMAIL));
    expect(rows.sort((a, b) => a.id - b.id)).toEqual([
      { id: Number(first.app_id), status: 'W' },
      { id: Number(second.app_id), status: 'O' },
    ]);
    expect((await applied()).json()).toEqual({ rows: [{ UCAS_CODE: 'G400' }] });
    const third = await post(storeBody(who));
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({ message: SPEC_DUPLICATE });
  });

  it('keeps the unique constraint for live applications: a second live row is refused by the database, a withdrawn one is not', async () => {
    const who = person();
    const first = applyResponseSchema.parse((await post(storeBody(who))).json());
    const [row] = await app.db
      .select()
      .from(applications)
      .where(eq(applications.applicationId, Number(first.app_id)));
    if (!row) throw new Error('stored row missing');
    const { applicationId: _id, reference: _reference, ...copy } = row;
    const clone = (status: 'S' | 'W') => ({ ...copy, status, hash: randomUUID(), submissionId: randomUUID() });
    await expect(app.db.insert(applications).values(clone('S'))).rejects.toMatchObject({ cause: { code: '23505' } });
    await expect(app.db.insert(applications).values(clone('W'))).resolves.toBeDefined();
  });

  it('lets the database settle two different submissions by the same person at once: one stored, one duplicate', async () => {
    const who = person();
    const results = await Promise.all([post(storeBody(who)), post(storeBody(who)), post(storeBody(who))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json()).toEqual({ message: SPEC_DUPLICATE });
    expect(await countFor(who.EMAIL)).toBe(1);
  });

  it('answers the stored record again for the same SUBMISSION_ID and stores nothing new', async () => {
    const body = storeBody();
    const first = await post(body);
    const before = await countApplications();
    const second = await post(body);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await countApplications()).toBe(before);
  });

  it('stores one application for the same SUBMISSION_ID sent concurrently, answering the same record to all', async () => {
    const body = storeBody();
    const before = await countApplications();
    const results = await Promise.all(Array.from({ length: 6 }, () => post(body)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    const answers = results.map((r) => applyResponseSchema.parse(r.json()));
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(await countApplications()).toBe(before + 1);
    const log = await app.db
      .select()
      .from(applicationLog)
      .where(eq(applicationLog.applicationId, Number(answers[0]?.app_id)));
    expect(log).toHaveLength(1);
  });

  it('refuses a SUBMISSION_ID already used for another course', async () => {
    const body = storeBody();
    expect((await post(body)).statusCode).toBe(201);
    const res = await post({ ...body, course: { UCAS_CODE: 'G401', DEPART_NUMBER: '31', ALLOW_SECOND_YEAR_ENTRY: false } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: SUBMISSION_ID_REUSED_TEXT });
  });

  it("answers 409 instead of someone else's record when a stored SUBMISSION_ID comes with another applicant", async () => {
    const body = storeBody();
    expect((await post(body)).statusCode).toBe(201);
    const otherEmail = await post({ ...body, submission: { ...body.submission, EMAIL: 'someone.else@example.com' } });
    expect(otherEmail.statusCode).toBe(409);
    expect(otherEmail.json()).toEqual({ message: SUBMISSION_ID_OTHER_APPLICANT_TEXT });
    const otherId = await post({ ...body, submission: { ...body.submission, UCAS_PERSONAL_ID: '5888888888' } });
    expect(otherId.statusCode).toBe(409);
    expect(otherId.json()).toEqual({ message: SUBMISSION_ID_OTHER_APPLICANT_TEXT });
    // The same applicant, email in another case: the stored record.
    const same = await post({ ...body, submission: { ...body.submission, EMAIL: ` ${String(body.submission.EMAIL).toUpperCase()}` } });
    expect(same.statusCode).toBe(200);
  });

  it('re-validates the form with the spec messages and stores nothing when it fails', async () => {
    const [applicationsBefore, studentsBefore] = [await countApplications(), await countStudents()];
    const res = await post(storeBody({ NAME1: '', DOB: '2006-02-30', EMAIL: 'not-an-email', UCAS_PERSONAL_ID: '12345678901' }));
    expect(res.statusCode).toBe(400);
    expect(errorResponseSchema.parse(res.json()).message).toBe(
      "'Given name' is required. 'Email address' must have have email format. Incorrect day 30: Day must be between 1 and 28. 'UCAS Personal ID' must be 10 numeric digits.",
    );
    const secondYear = await post(storeBody({ SECOND_YEAR_ENTRY: '1' }));
    expect(secondYear.statusCode).toBe(400);
    expect(secondYear.json()).toEqual({ message: SPEC_FIRST_YEAR_ONLY });
    expect(await countApplications()).toBe(applicationsBefore);
    expect(await countStudents()).toBe(studentsBefore);
  });

  it('rolls the whole submission back when a later write of the transaction fails', async () => {
    const [applicationsBefore, studentsBefore] = [await countApplications(), await countStudents()];
    // The LOG row is the last write; a null user breaks its NOT NULL constraint.
    const body = storeBody({}, { user: null as unknown as string });
    // 23502: not_null_violation, raised by the LOG insert after the student and application inserts.
    await expect(app.applicationsRepository.store(body as never)).rejects.toMatchObject({ cause: { code: '23502' } });
    expect(await countApplications()).toBe(applicationsBefore);
    expect(await countStudents()).toBe(studentsBefore);
  });

  it('refuses a public submission that asks to offer over the allowance (contracts overAllowanceRefusal), storing nothing', async () => {
    const before = await countApplications();
    const res = await post({ ...storeBody(), overAllowance: true });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Only an Administrator may offer over the allowance.' });
    expect(await countApplications()).toBe(before);
  });

  it('answers 400 naming the field for a malformed body', async () => {
    const body = storeBody();
    const res = await post({ ...body, submission: { ...body.submission, SUBMISSION_ID: 'not-a-uuid' } });
    expect(res.statusCode).toBe(400);
    expect(errorResponseSchema.parse(res.json()).message).toMatch(/^submission\.SUBMISSION_ID: /);
  });

  it('refuses a NUL or a lone surrogate anywhere with 400 naming the field, and stores nothing', async () => {
    const [before] = await app.db.select({ n: count() }).from(applications);
    for (const [NAME1, message] of [
      ['Ada\u0000', 'submission.NAME1: must not contain NUL characters or unpaired surrogates'],
      ['\uD800Ada', 'submission.NAME1: must not contain NUL characters or unpaired surrogates'],
    ] as const) {
      const res = await app.inject({
        ...endpointRequest(APPLICATIONS_SVC.store),
        headers: { ...internalHeaders(), 'content-type': 'application/json' },
        payload: JSON.stringify(storeBody({ NAME1 })),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    const query = await get('/applications/applied?ucas_code=G400&email=a%00b%40example.com');
    expect(query.statusCode).toBe(400);
    const [after] = await app.db.select({ n: count() }).from(applications);
    expect(after?.n).toBe(before?.n);
  });

  it('counts each stored decision by status in clearing_decisions_total, never a replay, a duplicate or a refusal', async () => {
    const decisions = async (status: string, source = 'public') =>
      metricValue(await app.metricsRegistry.metrics(), 'clearing_decisions_total', { app: 'applications-svc', status, source }) ?? Number.NaN;
    const before = { O: await decisions('O'), X: await decisions('X'), S: await decisions('S') };
    const offered = storeBody();
    expect((await post(offered)).statusCode).toBe(201);
    expect((await post(offered)).statusCode).toBe(200); // the same SUBMISSION_ID again: a replay
    expect((await post({ ...storeBody({ EMAIL: offered.submission.EMAIL }) })).statusCode).toBe(409); // a duplicate
    const rejected = storeBody(
      {},
      {
        decision: {
          confirmed_status: 'X',
          sub_status: 'AX',
          rejection_reasons: [{ MESSAGE: 'Effective UCAS points 64 are below the tariff of 128.' }],
          recommended_courses: [],
        },
      },
    );
    expect((await post(rejected)).statusCode).toBe(201);
    expect({ O: await decisions('O'), X: await decisions('X'), S: await decisions('S') }).toEqual({ O: before.O + 1, X: before.X + 1, S: before.S });
    // Every status of spec section 3 has its series from the start, at 0 until used.
    expect(await decisions('W', 'staff')).toBe(0);
  });

  it('answers only the gateway (internal token)', async () => {
    const res = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.store), payload: storeBody() as object });
    expect(res.statusCode).toBe(401);
  });
});

describe(`GET ${APPLICATIONS_SVC.byHash.path}`, () => {
  it('reads the application with its form, status, LOG and stored assessment', async () => {
    const body = storeBody(
      { NAME1: 'Grace', NOTES: 'Keen on AI.' },
      {
        decision: { confirmed_status: 'X', sub_status: 'AX', rejection_reasons: [{ MESSAGE: 'Too few points.' }], recommended_courses: [] },
      },
    );
    const saved = applyResponseSchema.parse((await post(body)).json());
    const res = await get(`/applications/by-hash/${saved.hash}`);
    expect(res.statusCode).toBe(200);
    const { applicationData, assessment, UCAS_CODE, SUBMISSION_ID } = storedApplicationResponseSchema.parse(res.json());
    expect(UCAS_CODE).toBe('G400');
    expect(assessment).toEqual(greenAssessment);
    expect(applicationData).toMatchObject({
      NAME1: 'Grace',
      NOTES: 'Keen on AI.',
      EMAIL: body.submission.EMAIL,
      QUALIFICATIONS: body.submission.QUALIFICATIONS,
      STUDENT_ID: saved.id[0],
      APPLICATION_ID: saved.app_id,
      UCAS_CODE: 'G400',
      STATUS: 'X',
      SUB_STATUS: 'AX',
      REJECTION_REASONS: [{ MESSAGE: 'Too few points.' }],
      OUTBOUND_CALL_FLAG: 0,
      OUTBOUND_CALL_REMARK: null,
      OVER18: 1,
    });
    expect('SUBMISSION_ID' in applicationData).toBe(false);
    expect(SUBMISSION_ID).toBe(body.submission.SUBMISSION_ID);
    expect(applicationData.LOG).toEqual([
      { MESSAGE: 'Application created with status Rejected (Automatic).', STATUS: 'X', USER: 'public', TIME: expect.any(String) },
    ]);
    expect(Number.isNaN(Date.parse(applicationData.LOG[0]?.TIME ?? ''))).toBe(false);
  });

  // The applicant's own page carries no staff data.
  it('shows the applicant only the LOG rows meant for them, no staff username, outbound-call remark or visa message', async () => {
    const body = storeBody({ NAME1: 'Priya' }, { decision: { confirmed_status: 'S', sub_status: null, rejection_reasons: [], recommended_courses: [] } });
    const saved = applyResponseSchema.parse((await post(body)).json());
    const [student, course] = saved.id;
    const backOffice = internalHeaders({
      [USER_HEADER]: encodeStaffUser({ username: 'backoffice', name: 'Bola', roles: [{ role: 'Back Office', scope: 'all' }] }),
    });
    const desk = (e: typeof APPLICATIONS_SVC.deskUpdate | typeof APPLICATIONS_SVC.deskOutboundCall | typeof APPLICATIONS_SVC.deskVisa, payload: object) =>
      app.inject({ ...endpointRequest(e, { params: { student, course } }), headers: backOffice, payload });
    const referAssessment = { ...greenAssessment, SUBMISSION_OPTIONS: { BUTTONS: [{ STATUS: 'R' as const, LABEL: 'Refer' }] } };
    const { SUBMISSION_ID: _id, ...form } = body.submission;
    expect(
      (
        await desk(APPLICATIONS_SVC.deskUpdate, {
          submission: { ...form, TEL1: '07123456789', STATUS: 'R' },
          qualOptions: detail.qualOptions,
          ALLOW_SECOND_YEAR_ENTRY: false,
          assessment: referAssessment,
        })
      ).statusCode,
    ).toBe(200);
    expect((await desk(APPLICATIONS_SVC.deskOutboundCall, { CALL_OUTCOME: 'Called left voicemail', NOTES: 'Sounded upset, call after 3pm' })).statusCode).toBe(
      200,
    );
    expect((await desk(APPLICATIONS_SVC.deskVisa, createVisaData({ VISA_STATUS: 'D' }))).statusCode).toBe(200);

    const res = await get(`/applications/by-hash/${saved.hash}`);
    const { applicationData } = storedApplicationResponseSchema.parse(res.json());
    expect(applicationData).toMatchObject({ STATUS: 'R', OUTBOUND_CALL_FLAG: 1, OUTBOUND_CALL_REMARK: null });
    expect(applicationData.LOG.map(({ MESSAGE, STATUS, USER }) => ({ MESSAGE, STATUS, USER }))).toEqual([
      { MESSAGE: 'Application created with status Submitted.', STATUS: 'S', USER: 'public' },
      { MESSAGE: 'Status changed from Submitted (S) to Referred (R).', STATUS: 'R', USER: STAFF_LOG_USER_FOR_APPLICANT },
    ]);
    for (const text of ['backoffice', 'Sounded upset', 'voicemail', 'Visa record', 'Fields changed']) expect(res.body).not.toContain(text);
    // Staff keep the whole history.
    const staffView = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.deskApplication, { params: { student, course } }), headers: backOffice });
    expect(staffView.json().applicationData.LOG).toHaveLength(4);
  });

  it('keeps no document fields: documents belong to files-svc, bound to the SUBMISSION_ID', async () => {
    const document = {
      file_id: 'f1',
      file_type: 'application/pdf',
      file_name: 'results.pdf',
      file_size: 900,
      document_type: 'ALEVELS',
      file_token: 'k'.repeat(43),
    };
    const saved = applyResponseSchema.parse((await post(storeBody({ ALEVELS_DOCUMENT_1: document }))).json());
    const [row] = await app.db.select().from(applications).where(eq(applications.hash, saved.hash));
    expect(row?.form).not.toHaveProperty('ALEVELS_DOCUMENT_1');
    const { applicationData } = storedApplicationResponseSchema.parse((await get(`/applications/by-hash/${saved.hash}`)).json());
    expect(applicationData).not.toHaveProperty('ALEVELS_DOCUMENT_1');
  });

  it('answers only while the application is of the current cycle, 410 once an Administrator has rolled to the next', async () => {
    const saved = applyResponseSchema.parse((await post(storeBody())).json());
    const [row] = await app.db.select({ intake: applications.intake }).from(applications).where(eq(applications.hash, saved.hash));
    expect(row?.intake).toBe('2025/26');
    await app.cycleRepository.roll('2025/26', 'admin');
    try {
      const res = await get(`/applications/by-hash/${saved.hash}`);
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual({
        message: 'This link no longer works: the 2025/26 Clearing cycle has ended. If you have a question about your application, contact our admissions team.',
      });
      // The application keeps its cycle.
      const [after] = await app.db.select({ intake: applications.intake }).from(applications).where(eq(applications.hash, saved.hash));
      expect(after?.intake).toBe('2025/26');
    } finally {
      // The other tests run in 2025/26.
      await app.db.update(recruitmentCycles).set({ current: false });
      await app.db.update(recruitmentCycles).set({ current: true }).where(eq(recruitmentCycles.name, '2025/26'));
    }
    expect((await get(`/applications/by-hash/${saved.hash}`)).statusCode).toBe(200);
  });

  // The link in every email works until the intake's cycle ends, by a clock the test sets.
  it("works until 23:59 on 31 March of the intake's second year and answers 410 with the reason after it", async () => {
    const saved = applyResponseSchema.parse((await post(storeBody())).json());
    const { decision } = storedApplicationResponseSchema.parse((await get(`/applications/by-hash/${saved.hash}`)).json());
    // 23:59 BST on Tuesday 31 March 2026 is 22:59 UTC (the clocks went forward on 29 March).
    expect(decision.LINK_VALID_UNTIL).toBe('2026-03-31T22:59:00.000Z');
    clock = new Date('2026-03-31T22:59:00.000Z');
    expect((await get(`/applications/by-hash/${saved.hash}`)).statusCode).toBe(200);
    clock = new Date('2026-03-31T22:59:00.001Z');
    const expired = await get(`/applications/by-hash/${saved.hash}`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({
      message: 'This link no longer works: the 2025/26 Clearing cycle has ended. If you have a question about your application, contact our admissions team.',
    });
  });

  it('keeps the links of the current intake until INTAKE_CYCLE_END when it is set', async () => {
    const extended = await buildApp(
      applicationsConfigSchema.parse({ DATABASE_URL: database.url, INTERNAL_TOKEN: TEST_INTERNAL_TOKEN, LOG_LEVEL: 'silent', INTAKE_CYCLE_END: '2027-03-31' }),
      { now: () => new Date('2026-11-26T12:00:00Z') },
    );
    try {
      const saved = applyResponseSchema.parse((await post(storeBody())).json());
      const res = await extended.inject({ ...endpointRequest(APPLICATIONS_SVC.byHash, { params: { hash: saved.hash } }), headers: internalHeaders() });
      expect(res.statusCode).toBe(200);
      expect(storedApplicationResponseSchema.parse(res.json()).decision.LINK_VALID_UNTIL).toBe('2027-03-31T22:59:00.000Z');
    } finally {
      await extended.close();
    }
  });

  it('answers 404 for an unknown hash', async () => {
    const res = await get(`/applications/by-hash/${'0'.repeat(64)}`);
    expect(res.statusCode).toBe(404);
    errorResponseSchema.parse(res.json());
  });
});

describe(`GET ${APPLICATIONS_SVC.applied.path}`, () => {
  it('finds the application by email (case-insensitive, trimmed) or by UCAS Personal ID', async () => {
    const who = person();
    await post(storeBody(who));
    const byEmail = await get(`/applications/applied?ucas_code=G400&email=${encodeURIComponent(` ${who.EMAIL.toUpperCase()} `)}`);
    expect(appliedResponseSchema.parse(byEmail.json())).toEqual({ rows: [{ UCAS_CODE: 'G400' }] });
    const byId = await get(`/applications/applied?ucas_code=g400&ucas_personal_id=${who.UCAS_PERSONAL_ID}`);
    expect(byId.json()).toEqual({ rows: [{ UCAS_CODE: 'G400' }] });
    expect((await get(`/applications/applied?ucas_code=G401&email=${who.EMAIL}`)).json()).toEqual({ rows: [] });
    expect((await get('/applications/applied?ucas_code=G400&email=nobody@example.com')).json()).toEqual({ rows: [] });
  });

  it('answers no rows without a lookup when neither email nor UCAS Personal ID is given', async () => {
    const select = jest.spyOn(app.db, 'select');
    const applied = jest.spyOn(app.applicationsRepository, 'applied');
    for (const qs of ['ucas_code=G400', 'ucas_code=G400&email=&ucas_personal_id=', 'ucas_code=G400&email=%20%20&_=1700000000000']) {
      const res = await get(`/applications/applied?${qs}`);
      expect(res.statusCode).toBe(200);
      expect(appliedResponseSchema.parse(res.json())).toEqual({ rows: [] });
    }
    expect(applied).not.toHaveBeenCalled();
    expect(select).not.toHaveBeenCalled();
  });
});
