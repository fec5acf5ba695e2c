import { randomUUID } from 'node:crypto';
import {
  apiPath,
  applyResponseSchema,
  type ApplySubmission,
  type Assessment,
  documentNotAttachedText,
  IDEMPOTENCY_KEY_MISMATCH,
  PUBLIC_USER,
  uploadResponseSchema,
} from '@clearing-desk/contracts';
import { createApplicationForm, createDocumentReference, createSampleDocument, A_STAR_A_B_A_LEVELS } from '@clearing-desk/contracts/testing';
import { HttpError } from '@clearing-desk/service-kit';
import type { Stack } from '@clearing-desk/stack';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { buildApp } from '../../app';
import { assessmentGatewayPlugin } from '../../plugins/app/assessment-gateway';
import { ServiceError } from '../../plugins/app/service-clients';
import { StackClient, startTestStack } from '../../testing/stack-client';
import { testGatewayConfig } from '../../testing/test-config';
import {
  alreadyApplied,
  assessForm,
  checkForm,
  claimAndStore,
  claimDocuments,
  decidePublic,
  idempotencyKeyToUuid,
  keyStored,
  keySubmission,
  readCourse,
  releaseDocuments,
  settleSubmissionId,
  staffDecision,
  storeApplication,
  submitFacts,
  submitPublic,
  type SubmitApp,
} from '.';

// The steps' gateway is built in-process with its real plugins and routes. Two ES modules Jest's
// CommonJS runtime cannot load are left out, as in openapi.test: the static web app (no /api
// route) and openid-client (OIDC is not configured here).
jest.mock('../../plugins/external/web-app', () => ({ webAppPlugin: async () => undefined }));
jest.mock('openid-client', () => ({}));

/** Spec section 8's duplicate-application message, word for word. */
const SPEC_DUPLICATE =
  'You have already submitted an application for this course. You can only apply once for each course. Please check our list of open courses for alternative options.';

const COURSE = 'G400'; // demo catalogue: DOCUMENT_TYPES 'ALEVELS,GCSE5', automatic offers
const FIVE_GCSES = ['English Language', 'Mathematics', 'Physics', 'Chemistry', 'Biology'].map((SUBJECT) => ({
  QUALIFICATION: 'GCSE',
  SUBJECT,
  GRADE: '6',
  YEAR: '2023',
}));

describe('staffDecision', () => {
  const red: Assessment = {
    UCAS_POINTS_TOTAL: 40,
    UCAS_POINTS_EFFECTIVE: 40,
    TRAFFIC_LIGHT: 'R',
    OVER18: 1,
    SUBMISSION_OPTIONS: { BUTTONS: [{ STATUS: 'X', LABEL: 'Reject' }] },
    EXPLANATION: [
      { STATUS: 'R', MESSAGE: 'Effective UCAS points 40 are below the accepted tariff of 112.' },
      { STATUS: 'A', MESSAGE: 'Please send evidence of English.' },
    ],
    ALTERNATE: [{ COURSE: 'G401', SCHOOL: 'SCI', EXTENSION: '7001' }],
  };
  const candidates = [{ UCAS_CODE: 'G401', COURSE_TITLE: 'Computing', QUALIFICATION: 'BSc', COURSE_CODE_OVERRIDE: null, SCHOOL: 'SCI' }];

  it('gives a rejection its red reasons and the alternatives, with no sub-status', () => {
    expect(staffDecision('X', { result: red, candidates } as never, undefined)).toEqual({
      confirmed_status: 'X',
      sub_status: null,
      rejection_reasons: [{ MESSAGE: 'Effective UCAS points 40 are below the accepted tariff of 112.' }],
      recommended_courses: [{ UCAS_CODE: 'G401', COURSE_TITLE: 'Computing', QUALIFICATION: 'BSc', COURSE_CODE_OVERRIDE: null }],
    });
  });

  it('keeps reasons the adviser gave and adds nothing for other statuses', () => {
    expect(staffDecision('R', { result: red, candidates } as never, undefined)).toMatchObject({ rejection_reasons: [], recommended_courses: [] });
    expect(staffDecision('X', { result: red, candidates } as never, [{ MESSAGE: 'Own reason' }]).rejection_reasons).toEqual([{ MESSAGE: 'Own reason' }]);
  });
});

// The real services (test databases, demo catalogue) behind the stack's gateway, and the steps
// called in-process against them, each on its own.
let stack: Stack;
let client: StackClient;
let app: FastifyInstance;
let steps: SubmitApp;
beforeAll(async () => {
  stack = await startTestStack({ services: ['courses', 'applications', 'assessment', 'files'] });
  client = new StackClient(stack.gatewayUrl);
  await client.get(apiPath('ping'));
  app = await buildApp(
    testGatewayConfig({
      INTERNAL_TOKEN: stack.internalToken,
      COURSES_URL: stack.urls.courses as string,
      APPLICATIONS_URL: stack.urls.applications as string,
      ASSESSMENT_URL: stack.urls.assessment as string,
      FILES_URL: stack.urls.files as string,
    }),
  );
  await app.register(async (scope) => {
    await scope.register(assessmentGatewayPlugin);
    steps = scope;
  });
  await app.ready();
}, 120_000);
afterAll(async () => {
  await app?.close();
  await stack?.stop();
});

let people = 0;
const person = () => {
  people += 1;
  return { EMAIL: `pipeline.${people}@example.com`, UCAS_PERSONAL_ID: String(7300000000 + people) };
};
const form = (who: { EMAIL: string; UCAS_PERSONAL_ID: string }, extra: Record<string, unknown> = {}) => ({
  ...createApplicationForm({
    DOB: '2006-05-14',
    NATIONALITY: 'GBR',
    GCSE_QUALIFICATIONS: FIVE_GCSES,
    QUALIFICATIONS: A_STAR_A_B_A_LEVELS,
  }),
  ...who,
  SUBMISSION_ID: randomUUID(),
  ...extra,
});
/** A public request as the routes hand the steps one (no staff user), with `headers`. */
const publicRequest = (headers: Record<string, string> = {}) =>
  ({ id: `step-${randomUUID()}`, headers, staffUser: null, log: app.log }) as unknown as FastifyRequest;
/** A clean uploaded PDF's token, through the stack's gateway as the web app uploads. */
const uploadedToken = async () => uploadResponseSchema.parse((await client.upload(createSampleDocument('pdf'), 'results.pdf', 'ALEVELS')).body).token;
/** What a step throws, for `expect(...).toEqual`: the status and the words a person sees. */
const refusal = async (step: Promise<unknown>) => {
  const err = await step.then(
    () => null,
    (e: unknown) => e,
  );
  if (err instanceof HttpError || err instanceof ServiceError) return { status: err.statusCode, message: err.message };
  throw new Error(`the step did not refuse: ${String(err)}`);
};
/** Runs the steps before the store (course, keyed, check, assess, decidePublic) for a form, as submitPublic does. */
async function decided(data: Record<string, unknown>) {
  const request = publicRequest();
  const detail = await readCourse(steps, request, COURSE);
  const { submission } = keySubmission(request, detail, data as ApplySubmission);
  const checked = checkForm(detail, submission);
  const outcome = await assessForm(steps, request, detail, checked.assessable);
  return { request, detail, checked, outcome, body: decidePublic(request, detail, checked, outcome) };
}

describe('step 1, validate: the SUBMISSION_ID settled, hidden fields dropped, the rules of spec section 5', () => {
  it('takes the body SUBMISSION_ID, an Idempotency-Key as a UUID, or a new one, and refuses a malformed or differing key', () => {
    const id = randomUUID();
    expect(settleSubmissionId(publicRequest(), id.toUpperCase())).toBe(id);
    expect(settleSubmissionId(publicRequest(), undefined)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const fromKey = settleSubmissionId(publicRequest({ 'idempotency-key': 'call-7731' }), undefined);
    expect(fromKey).toBe(idempotencyKeyToUuid('call-7731'));
    expect(fromKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(settleSubmissionId(publicRequest({ 'idempotency-key': 'call-7731' }), fromKey)).toBe(fromKey);
    expect(() => settleSubmissionId(publicRequest({ 'idempotency-key': 'call 7731' }), undefined)).toThrow(
      new HttpError(400, 'Idempotency-Key must be 1 to 255 visible ASCII characters.'),
    );
    expect(() => settleSubmissionId(publicRequest({ 'idempotency-key': 'call-7731' }), id)).toThrow(new HttpError(400, IDEMPOTENCY_KEY_MISMATCH));
  });

  it('refuses a public STATUS other than S before anything is read or stored', async () => {
    const someone = person();
    expect(await refusal(submitPublic(steps, publicRequest(), COURSE, form(someone, { STATUS: 'O' }) as ApplySubmission))).toEqual({
      status: 400,
      message: "STATUS must be S (the 'Submit' button): an application from the public is decided by its assessment. Staff save their decisions as staff.",
    });
    expect(await alreadyApplied(steps, publicRequest(), COURSE, someone)).toBe(false);
  });

  it('takes STATUS and REJECTION_REASONS out and drops the values of hidden fields', async () => {
    const request = publicRequest();
    const detail = await readCourse(steps, request, COURSE);
    const data = form(person(), { APPLIED_TO_UCAS: '0', STATUS: 'S', REJECTION_REASONS: [{ MESSAGE: 'mine' }] }) as ApplySubmission;
    const { submission, status, reasons } = keySubmission(request, detail, data);
    expect(status).toBe('S');
    expect(reasons).toEqual([{ MESSAGE: 'mine' }]);
    expect(submission).not.toHaveProperty('STATUS');
    expect(submission).not.toHaveProperty('REJECTION_REASONS');
    // Not applied through UCAS: the UCAS Personal ID field is hidden, so its value is not kept.
    expect(submission).not.toHaveProperty('UCAS_PERSONAL_ID');
    expect(submission.SUBMISSION_ID).toBe(data.SUBMISSION_ID);
  });

  it("answers 400 with spec section 8's words for a broken rule, and names the field a value of the wrong shape is in", async () => {
    const detail = await readCourse(steps, publicRequest(), COURSE);
    expect(() => checkForm(detail, { ...form(person()), NAME1: '' })).toThrow(new HttpError(400, "'Given name' is required."));
    expect(() => checkForm(detail, { ...form(person()), SECOND_YEAR_ENTRY: ' 0' })).toThrow(
      new HttpError(400, "SECOND_YEAR_ENTRY: 'Second year entry' must be 0 or 1."),
    );
    const checked = checkForm(detail, form(person()));
    expect(checked.documentTypes).toEqual(['ALEVELS', 'GCSE5']);
    expect(checked.assessable.QUALIFICATIONS).toHaveLength(3);
  });
});

describe('step 2, submit facts: Clearing, a replayed key, a duplicate and the places left in one call', () => {
  it('answers a new person with nothing stored, then the same key as stored and the person as applied', async () => {
    const data = form(person());
    const first = await submitFacts(steps, publicRequest(), COURSE, data, data.SUBMISSION_ID);
    expect(first).toMatchObject({ clearing: { state: 1 }, stored: false, applied: false });
    expect((await client.send('POST', apiPath('apply', { course: COURSE }), data)).status).toBe(200);
    expect(await submitFacts(steps, publicRequest(), COURSE, data, data.SUBMISSION_ID)).toMatchObject({ stored: true, applied: true });
    // Another key of the same person: not a retry, a duplicate.
    expect(await submitFacts(steps, publicRequest(), COURSE, data, randomUUID())).toMatchObject({ stored: false, applied: true });
    // The UCAS Personal ID counts only when the person says they applied through UCAS.
    const byUcasId = { EMAIL: 'someone.else@example.com', APPLIED_TO_UCAS: '0', UCAS_PERSONAL_ID: data.UCAS_PERSONAL_ID };
    expect(await submitFacts(steps, publicRequest(), COURSE, byUcasId, randomUUID())).toMatchObject({ applied: false });
    expect(await submitFacts(steps, publicRequest(), COURSE, { ...byUcasId, APPLIED_TO_UCAS: '1' }, randomUUID())).toMatchObject({ applied: true });
  });
});

describe('step 3, course: read fresh from courses-svc', () => {
  it('answers the course with the public access, and passes a missing one on as 404', async () => {
    const detail = await readCourse(steps, publicRequest(), COURSE);
    expect(detail.courseData.UCAS_CODE).toBe(COURSE);
    expect(detail.access).toBeNull();
    expect((await refusal(readCourse(steps, publicRequest(), 'ZZ99'))).status).toBe(404);
  });
});

describe('step 4, assess and decide', () => {
  it('assesses the form as POST /api/apply/{course}/assess does and decides an automatic offer for a green public form', async () => {
    const data = form(person());
    const { outcome, body } = await decided(data);
    expect(outcome.result.TRAFFIC_LIGHT).toBe('G');
    expect(JSON.parse(outcome.resultJson)).toEqual(outcome.result);
    const assessed = await client.send('POST', apiPath('assess', { course: COURSE }), (await decided(data)).checked.assessable);
    expect(assessed.body).toEqual({ result: outcome.result });
    expect(body).toMatchObject({ user: PUBLIC_USER, decision: { confirmed_status: 'O' }, course: { UCAS_CODE: COURSE }, courseFacts: { UCAS_CODE: COURSE } });
    expect(body.submission).not.toHaveProperty('ALEVELS_DOCUMENT_1');
  });
});

describe('step 5, check duplicate', () => {
  it('finds a stored key and a person who applied, by email or by UCAS Personal ID', async () => {
    const data = form(person());
    const keyed = { ...data, SUBMISSION_ID: data.SUBMISSION_ID } as never;
    expect(await keyStored(steps, publicRequest(), keyed)).toBe(false);
    expect(await alreadyApplied(steps, publicRequest(), COURSE, data)).toBe(false);
    expect((await client.send('POST', apiPath('apply', { course: COURSE }), data)).status).toBe(200);
    expect(await keyStored(steps, publicRequest(), keyed)).toBe(true);
    expect(await alreadyApplied(steps, publicRequest(), COURSE, { EMAIL: data.EMAIL })).toBe(true);
    expect(await alreadyApplied(steps, publicRequest(), COURSE, { EMAIL: '', APPLIED_TO_UCAS: '1', UCAS_PERSONAL_ID: data.UCAS_PERSONAL_ID })).toBe(true);
    expect(await alreadyApplied(steps, publicRequest(), 'G401', { EMAIL: data.EMAIL })).toBe(false);
  });
});

describe('step 6, claim files', () => {
  it('claims nothing for a form without documents, binds a token to the SUBMISSION_ID, and refuses it to another with the words the form shows', async () => {
    const { checked } = await decided(form(person()));
    expect(await claimDocuments(steps, publicRequest(), checked.submission, checked.documentTypes)).toBe(false);

    const token = await uploadedToken();
    const mine = (await decided(form(person(), { ALEVELS_DOCUMENT_1: createDocumentReference(token) }))).checked;
    expect(await claimDocuments(steps, publicRequest(), mine.submission, mine.documentTypes)).toBe(true);
    // Idempotent for the same owner (a retried submission).
    expect(await claimDocuments(steps, publicRequest(), mine.submission, mine.documentTypes)).toBe(true);
    const theirs = (await decided(form(person(), { ALEVELS_DOCUMENT_1: createDocumentReference(token) }))).checked;
    expect(await refusal(claimDocuments(steps, publicRequest(), theirs.submission, theirs.documentTypes))).toEqual({
      status: 409,
      message: documentNotAttachedText('A levels / BTEC / IB document 1'),
    });

    // Released, the token is free for the other application.
    await releaseDocuments(steps, publicRequest(), mine.submission.SUBMISSION_ID);
    expect(await claimDocuments(steps, publicRequest(), theirs.submission, theirs.documentTypes)).toBe(true);
  });
});

describe('step 7, store (the commit), with the compensation for claimed files', () => {
  it('stores the decided submission and answers a retry of it with the same record', async () => {
    const { request, body } = await decided(form(person()));
    const stored = await storeApplication(steps, request, body);
    expect(stored).toMatchObject({ confirmed_status: 'O', rejection_reasons: [] });
    expect((await storeApplication(steps, publicRequest(), body)).id).toEqual(stored.id);
  });

  it("answers a second application of the person with spec section 8's words and releases the files it claimed", async () => {
    const someone = person();
    const first = await decided(form(someone));
    await storeApplication(steps, first.request, first.body);

    const token = await uploadedToken();
    const second = await decided(form(someone, { ALEVELS_DOCUMENT_1: createDocumentReference(token) }));
    // Told to claim (as when the duplicate check missed a concurrent first application): the store refuses, the claim is undone.
    expect(await refusal(claimAndStore(steps, second.request, second.checked, second.body, { claim: true }))).toEqual({
      status: 409,
      message: SPEC_DUPLICATE,
    });
    const other = (await decided(form(person(), { ALEVELS_DOCUMENT_1: createDocumentReference(token) }))).checked;
    expect(await claimDocuments(steps, publicRequest(), other.submission, other.documentTypes)).toBe(true);
  });
});

describe('the public submit through the steps', () => {
  it('checks for a duplicate before claiming documents: a second application leaves its upload free for another', async () => {
    const upload = await client.upload(createSampleDocument('pdf'), 'results.pdf', 'ALEVELS');
    const token = uploadResponseSchema.parse(upload.body).token;
    const someone = person();
    expect((await client.send('POST', apiPath('apply', { course: COURSE }), form(someone))).status).toBe(200);

    const second = await client.send('POST', apiPath('apply', { course: COURSE }), form(someone, { ALEVELS_DOCUMENT_1: createDocumentReference(token) }));
    expect(second).toEqual({ status: 409, body: { message: SPEC_DUPLICATE } });
    // Had the duplicate's claim bound the token, this would be refused as another application's document.
    const other = await client.send('POST', apiPath('apply', { course: COURSE }), form(person(), { ALEVELS_DOCUMENT_1: createDocumentReference(token) }));
    expect(other.status).toBe(200);
  });

  it('answers a retried submission with its stored record without claiming again', async () => {
    const upload = await client.upload(createSampleDocument('pdf'), 'results.pdf', 'ALEVELS');
    const token = uploadResponseSchema.parse(upload.body).token;
    const data = form(person(), { ALEVELS_DOCUMENT_1: createDocumentReference(token) });
    const first = await client.send('POST', apiPath('apply', { course: COURSE }), data);
    const again = await client.send('POST', apiPath('apply', { course: COURSE }), data);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(applyResponseSchema.parse(again.body).id).toEqual(applyResponseSchema.parse(first.body).id);
  });
});
