import { randomUUID } from 'node:crypto';
import {
  APPLY_MESSAGES,
  applicationReviewResponseSchema,
  appliedResponseSchema,
  applyResponseSchema,
  errorResponseSchema,
  publicReference,
  SECOND_YEAR_NOT_ALLOWED,
  type ApplyResponse,
} from '@clearing-desk/contracts';
import { createApplicationForm } from '@clearing-desk/contracts/testing';
import type { Stack } from '@clearing-desk/stack';
import { StackClient, startTestStack } from '../../testing/stack-client';

/** Demo catalogue codes (apps/courses-svc/src/db/seed/demo-catalogue.ts, DEMO_FIXTURES). */
const OPEN = 'G400'; // Computer Science BSc, SCI (5 GCSEs), advertised 128, accepted 112, automatic offer and rejection, depart 31
const SUSPENDED = 'H401';
const CLOSED = 'NN34';
const EXTERNAL = 'W310';

let stack: Stack;
let client: StackClient;

beforeAll(async () => {
  // files-svc: the review page lists the application's documents.
  stack = await startTestStack({ services: ['courses', 'applications', 'assessment', 'files'] });
  client = new StackClient(stack.gatewayUrl);
  await client.get('/api/ping'); // collects XSRF-TOKEN and _csrf
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

const FIVE_GCSES = ['English Language', 'Mathematics', 'Physics', 'Chemistry', 'Biology'].map((SUBJECT) => ({
  QUALIFICATION: 'GCSE',
  SUBJECT,
  GRADE: '5',
  YEAR: '2023',
}));
const aLevels = (grades: [string, string, string]) =>
  ['Mathematics', 'Physics', 'Chemistry'].map((SUBJECT, i) => ({ QUALIFICATION: 'ALEVEL', SUBJECT, GRADE: grades[i] as string, YEAR: '2025' }));

let people = 0;
/**
 * A submission for G400 from a distinct person: A*AB (144 points), five GCSEs at grade 5 incl.
 * English Language and Mathematics, born 2006-05-14, GBR. Override any field.
 */
function submission(overrides: Record<string, unknown> = {}): Record<string, unknown> & { EMAIL: string; UCAS_PERSONAL_ID: string } {
  people += 1;
  const EMAIL = `gateway.applicant.${people}@example.com`;
  const UCAS_PERSONAL_ID = String(7000000000 + people);
  return {
    ...createApplicationForm({ DOB: '2006-05-14', NATIONALITY: 'GBR', GCSE_QUALIFICATIONS: FIVE_GCSES, QUALIFICATIONS: aLevels(['A*', 'A', 'B']) }),
    EMAIL,
    UCAS_PERSONAL_ID,
    SUBMISSION_ID: randomUUID(),
    ...overrides,
  };
}

const applyPath = (course: string) => `/api/apply/${course}`;
const apply = (data: unknown, course = OPEN) => client.send('POST', applyPath(course), data);
const applied = async (query: string, course = OPEN) => {
  const res = await client.get(`/api/applications/${course}/applied?${query}&_=${Date.now()}`);
  expect(res.status).toBe(200);
  return appliedResponseSchema.parse(res.body).rows;
};
/** Nothing was stored for this person: the duplicate check finds them by neither key. */
const expectNothingStored = async (form: { EMAIL: string; UCAS_PERSONAL_ID: string }) => {
  expect(await applied(`email=${encodeURIComponent(form.EMAIL)}`)).toEqual([]);
  expect(await applied(`ucas_personal_id=${form.UCAS_PERSONAL_ID}`)).toEqual([]);
};

describe('POST /api/apply/:course', () => {
  let offered: ApplyResponse;

  it('offers a green, over-18, first-year applicant at once (O, AO) with a public reference', async () => {
    const form = submission();
    const res = await apply(form);
    expect(res.status).toBe(200);
    offered = applyResponseSchema.parse(res.body);
    expect(offered.confirmed_status).toBe('O');
    expect(offered.rejection_reasons).toEqual([]);
    expect(offered.recommended_courses).toEqual([]);
    expect(offered.assessment).toMatchObject({ TRAFFIC_LIGHT: 'G', UCAS_POINTS_EFFECTIVE: 144, OVER18: 1 });
    expect(offered.id[0]).toMatch(/^\d{7}$/);
    expect(offered.id[1]).toBe(OPEN);
    expect(offered.id[2]).toBe(offered.app_id);
    expect(offered.depart_number).toBe('31');
    expect(publicReference(offered)).toMatch(/^31\d{6}$/);
  });

  it('shows the stored application on the review page by its hash', async () => {
    const res = await client.get(`/api/applications/${offered.hash}?_=${Date.now()}`);
    expect(res.status).toBe(200);
    const review = applicationReviewResponseSchema.parse(res.body);
    expect(review.applicationData).toMatchObject({
      STUDENT_ID: offered.id[0],
      APPLICATION_ID: offered.app_id,
      UCAS_CODE: OPEN,
      STATUS: 'O',
      SUB_STATUS: 'AO',
      OVER18: 1,
      NAME1: 'Amara',
      SECOND_YEAR_ENTRY: '0',
    });
    expect(review.applicationData.LOG).toHaveLength(1);
    expect(review.applicationData.LOG[0]).toMatchObject({ USER: 'public', STATUS: 'O' });
    expect(review.assessment).toEqual(offered.assessment);
    expect(review.courseData.UCAS_CODE).toBe(OPEN);
    expect(review.qualOptions.map((o) => o.qualification)).toContain('ALEVEL');
  });

  it('marks the automatic offer Non-UCAS (AR) when the applicant has not applied to UCAS', async () => {
    const res = await apply(submission({ APPLIED_TO_UCAS: '0' }));
    expect(res.status).toBe(200);
    const saved = applyResponseSchema.parse(res.body);
    expect(saved.confirmed_status).toBe('O');
    const review = applicationReviewResponseSchema.parse((await client.get(`/api/applications/${saved.hash}`)).body);
    expect(review.applicationData.SUB_STATUS).toBe('AR');
  });

  it('rejects a red applicant at once (X, AX) with the reasons and recommended courses', async () => {
    const res = await apply(submission({ QUALIFICATIONS: aLevels(['C', 'C', 'C']) }));
    expect(res.status).toBe(200);
    const saved = applyResponseSchema.parse(res.body);
    expect(saved.confirmed_status).toBe('X');
    expect(saved.assessment.TRAFFIC_LIGHT).toBe('R');
    expect(saved.rejection_reasons).toContainEqual({ MESSAGE: 'Effective UCAS points 96 are below the accepted tariff of 112.' });
    expect(saved.rejection_reasons).toEqual(saved.assessment.EXPLANATION.filter((e) => e.STATUS === 'R').map((e) => ({ MESSAGE: e.MESSAGE })));
    expect(saved.recommended_courses.length).toBeGreaterThan(0);
    expect(saved.recommended_courses.map((c) => c.UCAS_CODE)).toEqual(saved.assessment.ALTERNATE.map((a) => a.COURSE));
    expect(saved.recommended_courses.map((c) => c.UCAS_CODE)).not.toContain(OPEN);
    for (const course of saved.recommended_courses) {
      expect(course.COURSE_TITLE).not.toBe('');
      expect(course.QUALIFICATION).not.toBe('');
    }
    const review = applicationReviewResponseSchema.parse((await client.get(`/api/applications/${saved.hash}`)).body);
    expect(review.applicationData).toMatchObject({ STATUS: 'X', SUB_STATUS: 'AX', REJECTION_REASONS: saved.rejection_reasons });
  });

  it('submits an amber applicant (120 points, between accepted 112 and advertised 128) for the back office (S), whatever STATUS the body asks for', async () => {
    const res = await apply(submission({ QUALIFICATIONS: aLevels(['A', 'B', 'C']), STATUS: 'O' }));
    expect(res.status).toBe(200);
    const saved = applyResponseSchema.parse(res.body);
    expect(saved.assessment).toMatchObject({ TRAFFIC_LIGHT: 'A', UCAS_POINTS_EFFECTIVE: 120 });
    expect(saved).toMatchObject({ confirmed_status: 'S', rejection_reasons: [], recommended_courses: [] });
    const review = applicationReviewResponseSchema.parse((await client.get(`/api/applications/${saved.hash}`)).body);
    expect(review.applicationData).toMatchObject({ STATUS: 'S', SUB_STATUS: null });
  });

  it('submits a green applicant who is under 18 on the course start date (S)', async () => {
    const res = await apply(submission({ DOB: '2010-01-01' }));
    expect(res.status).toBe(200);
    const saved = applyResponseSchema.parse(res.body);
    expect(saved.assessment).toMatchObject({ TRAFFIC_LIGHT: 'G', OVER18: 0 });
    expect(saved.confirmed_status).toBe('S');
  });

  it('refuses a second application by the same person with the duplicate text, and the applied check finds the first', async () => {
    const form = submission();
    expect((await apply(form)).status).toBe(200);
    const again = await apply({ ...form, SUBMISSION_ID: randomUUID(), EMAIL: form.EMAIL.toUpperCase() });
    expect(again.status).toBe(409);
    expect(errorResponseSchema.parse(again.body)).toEqual({ message: APPLY_MESSAGES.DUPLICATE });
    const sameId = await apply({ ...submission(), UCAS_PERSONAL_ID: form.UCAS_PERSONAL_ID });
    expect(sameId.status).toBe(409);
    expect(sameId.body).toEqual({ message: APPLY_MESSAGES.DUPLICATE });
    expect(await applied(`email=${encodeURIComponent(form.EMAIL)}`)).toEqual([{ UCAS_CODE: OPEN }]);
    expect(await applied(`ucas_personal_id=${form.UCAS_PERSONAL_ID}`)).toEqual([{ UCAS_CODE: OPEN }]);
  });

  it('answers the stored record again for the same SUBMISSION_ID (double click, retry), also concurrently', async () => {
    const form = submission();
    const first = await apply(form);
    const again = await apply(form);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const other = submission();
    const together = await Promise.all([apply(other), apply(other), apply(other)]);
    expect(together.map((r) => r.status)).toEqual([200, 200, 200]);
    const answers = together.map((r) => applyResponseSchema.parse(r.body));
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it.each([
    ['a missing given name', { NAME1: undefined }, "'Given name' is required."],
    ['a date of birth that does not exist', { DOB: '2006-02-30' }, 'Incorrect day 30: Day must be between 1 and 28.'],
    ['a malformed email', { EMAIL: 'amara.okafor@example' }, "'Email address' must have have email format."],
    ['an 11-digit UCAS Personal ID', { UCAS_PERSONAL_ID: '12345678901' }, "'UCAS Personal ID' must be 10 numeric digits."],
    ['second-year entry on a course without it', { SECOND_YEAR_ENTRY: '1' }, SECOND_YEAR_NOT_ALLOWED],
  ])('answers 400 with the spec message for %s and stores nothing', async (_case, override, message) => {
    const form = submission(override);
    const res = await apply(form);
    expect(res.status).toBe(400);
    expect(errorResponseSchema.parse(res.body)).toEqual({ message });
    await expectNothingStored(form);
  });

  it('joins several messages with a space, in form order', async () => {
    const form = submission({ NAME1: '', NAME2: '', TEL1: '' });
    const res = await apply(form);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "'Given name' is required. 'Family name' is required. 'Telephone number' is required." });
  });

  it('answers 400 naming the field for a malformed body', async () => {
    const noId = submission();
    delete noId.SUBMISSION_ID;
    const res = await apply(noId);
    expect(res.status).toBe(400);
    expect(errorResponseSchema.parse(res.body).message).toMatch(/^data\.SUBMISSION_ID: /);
    await expectNothingStored(noId);
    const groups = await apply(submission({ QUALIFICATIONS: 'A*AB' }));
    expect(groups.status).toBe(400);
    expect(errorResponseSchema.parse(groups.body).message).toMatch(/^data\.QUALIFICATIONS: /);
  });

  it('answers 409 COURSE_SUSPENDED for a suspended course', async () => {
    const form = submission();
    const res = await apply(form, SUSPENDED);
    expect(res.status).toBe(409);
    expect(errorResponseSchema.parse(res.body)).toEqual({ message: 'COURSE_SUSPENDED' });
    expect(await applied(`email=${encodeURIComponent(form.EMAIL)}`, SUSPENDED)).toEqual([]);
  });

  it('answers 409 COURSE_CLOSED for a course without external vacancies, and for an external course', async () => {
    const closed = await apply(submission(), CLOSED);
    expect(closed.status).toBe(409);
    expect(errorResponseSchema.parse(closed.body)).toEqual({ message: 'COURSE_CLOSED' });
    const external = await apply(submission(), EXTERNAL);
    expect(external.status).toBe(409);
    expect(external.body).toEqual({ message: 'COURSE_CLOSED' });
  });

  it('answers 404 for an unknown course', async () => {
    const res = await apply(submission(), 'ZZZZ9');
    expect(res.status).toBe(404);
    errorResponseSchema.parse(res.body);
  });

  it('answers 403 without the XSRF token or with a wrong one, storing nothing', async () => {
    const form = submission();
    const missing = await client.send('POST', applyPath(OPEN), form, '');
    expect(missing.status).toBe(403);
    errorResponseSchema.parse(missing.body);
    const wrong = await client.send('POST', applyPath(OPEN), form, 'not-the-token');
    expect(wrong.status).toBe(403);
    await expectNothingStored(form);
  });
});

describe('POST /api/apply/:course while Clearing is closed', () => {
  let closed: Stack;
  let visitor: StackClient;

  beforeAll(async () => {
    closed = await startTestStack({
      services: ['courses', 'applications', 'assessment', 'files'],
      env: { CLEARING_INITIAL_STATE: '0', CLEARING_INITIAL_CLOSING_MESSAGE: 'Clearing 2025/26 has now closed.' },
    });
    visitor = new StackClient(closed.gatewayUrl);
    await visitor.get('/api/ping');
  }, 120_000);

  afterAll(async () => {
    await closed?.stop();
  });

  it('refuses the public with the closing message and stores nothing', async () => {
    const form = submission();
    const res = await visitor.send('POST', applyPath(OPEN), form);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Clearing 2025/26 has now closed.' });
    const check = await visitor.get(`/api/applications/${OPEN}/applied?email=${encodeURIComponent(form.EMAIL)}`);
    expect(appliedResponseSchema.parse(check.body).rows).toEqual([]);
  });
});
