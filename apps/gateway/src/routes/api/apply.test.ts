import { randomUUID } from 'node:crypto';
import {
  apiPath,
  statusPageResponseSchema,
  appliedResponseSchema,
  type ApplyResponse,
  applyResponseSchema,
  errorResponseSchema,
  publicReference,
  apiRouteLabel,
} from '@clearing-desk/contracts';
import { createApplicationForm } from '@clearing-desk/contracts/testing';
import type { Stack } from '@clearing-desk/stack';
import { StackClient, startTestStack } from '../../testing/stack-client';

/** Spec section 8's duplicate-application message, word for word. */
const SPEC_DUPLICATE =
  'You have already submitted an application for this course. You can only apply once for each course. Please check our list of open courses for alternative options.';
/** The 400s of a public submission that asks for a staff status, or whose keys differ, word for word. */
const PUBLIC_STATUS_ONLY_TEXT =
  "STATUS must be S (the 'Submit' button): an application from the public is decided by its assessment. Staff save their decisions as staff.";
const IDEMPOTENCY_KEY_MISMATCH_TEXT = 'The Idempotency-Key header and SUBMISSION_ID differ.';
/** Spec section 3's second-year text (the no-second-year description), word for word. */
const SPEC_FIRST_YEAR_ONLY = 'Applicants will only be considered for entry into the first year for this course.';
/** The 409 of an idempotency key that comes again with another applicant, word for word. */
const SUBMISSION_ID_OTHER_APPLICANT_TEXT = 'This idempotency key (SUBMISSION_ID or Idempotency-Key) was already used for another applicant.';

/** Demo catalogue codes (apps/courses-svc/src/db/seed/demo-catalogue.ts, DEMO_FIXTURES). */
const OPEN = 'G400'; // Computer Science BSc, SCI (5 GCSEs), advertised 128, accepted 112, automatic offer and rejection, depart 31
const SUSPENDED = 'H401';
const CLOSED = 'NN34';
const EXTERNAL = 'W310';
const NO_INTERNAL = 'G1G3'; // Mathematics with Statistics: external vacancies, no internal ones
const ECONOMICS = 'L100'; // Economics BSc, SAS (no 5-GCSE rule), advertised 136, accepted 112, IELTS 6.0, automatic offer
const SECOND_YEAR_COURSE = 'G600'; // Software Engineering, SCI, ALLOW_SECOND_YEAR_ENTRY

let stack: Stack;
let client: StackClient;

beforeAll(async () => {
  // files-svc: the review page lists the application's documents.
  // The public limits (applied check 30, submit 60 a minute) are rate-limit.test.ts's subject: this
  // file submits and looks people up more often than that in a minute, so they are raised.
  stack = await startTestStack({
    services: ['courses', 'applications', 'assessment', 'files'],
    gatewayEnv: {
      RATE_LIMIT_APPLIED_MAX: '1000',
      RATE_LIMIT_APPLY_MAX: '1000',
      RATE_LIMIT_APPLIED_PER_APPLICANT_MAX: '1000',
      RATE_LIMIT_APPLY_PER_APPLICANT_MAX: '1000',
    },
  });
  client = new StackClient(stack.gatewayUrl);
  await client.get(apiPath('ping')); // collects XSRF-TOKEN and _csrf
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

const applyPath = (course: string) => apiPath('apply', { course });
const apply = (data: unknown, course = OPEN) => client.send('POST', applyPath(course), data);
const applied = async (query: string, course = OPEN) => {
  const res = await client.get(`${apiPath('applied', { ucasCode: course })}?${query}&_=${Date.now()}`);
  expect(res.status).toBe(200);
  return appliedResponseSchema.parse(res.body).rows;
};
/** Nothing was stored for this person: the duplicate check finds them by neither key (an email over 256 characters is no key). */
const expectNothingStored = async (form: { EMAIL: string; UCAS_PERSONAL_ID: string }) => {
  if (form.EMAIL.length <= 256) expect(await applied(`email=${encodeURIComponent(form.EMAIL)}`)).toEqual([]);
  expect(await applied(`ucas_personal_id=${form.UCAS_PERSONAL_ID}`)).toEqual([]);
};

describe(apiRouteLabel('apply'), () => {
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
    const res = await client.get(`${apiPath('application', { hash: offered.hash })}?_=${Date.now()}`);
    expect(res.status).toBe(200);
    const review = statusPageResponseSchema.parse(res.body);
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
    const review = statusPageResponseSchema.parse((await client.get(apiPath('application', { hash: saved.hash }))).body);
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
    const review = statusPageResponseSchema.parse((await client.get(apiPath('application', { hash: saved.hash }))).body);
    expect(review.applicationData).toMatchObject({ STATUS: 'X', SUB_STATUS: 'AX', REJECTION_REASONS: saved.rejection_reasons });
  });

  it('leaves a red applicant whose red is not only a points shortfall to a person (S), never rejected unseen', async () => {
    // Highers give points, but without GCSEs the Mathematics and English rules are red too.
    const res = await apply(submission({ GCSE_QUALIFICATIONS: [], QUALIFICATIONS: aLevels(['C', 'C', 'C']) }));
    expect(res.status).toBe(200);
    const saved = applyResponseSchema.parse(res.body);
    expect(saved.assessment.TRAFFIC_LIGHT).toBe('R');
    expect(saved).toMatchObject({ confirmed_status: 'S', rejection_reasons: [] });
    const review = statusPageResponseSchema.parse((await client.get(apiPath('application', { hash: saved.hash }))).body);
    expect(review.applicationData).toMatchObject({ STATUS: 'S', SUB_STATUS: null });
  });

  it('leaves an applicant below the tariff with an unpriced Other qualification to a person (S)', async () => {
    const cbse = { QUALIFICATION: 'OTHER', TITLE: 'CBSE Class XII', GRADE: '78%', YEAR: '2025' };
    const res = await apply(submission({ NATIONALITY: 'IND', QUALIFICATIONS: [cbse] }));
    expect(res.status).toBe(200);
    const saved = applyResponseSchema.parse(res.body);
    expect(saved.assessment.TRAFFIC_LIGHT).not.toBe('R');
    expect(saved).toMatchObject({ confirmed_status: 'S', rejection_reasons: [] });
  });

  it('submits an amber applicant (120 points, between accepted 112 and advertised 128) for the back office (S)', async () => {
    const res = await apply(submission({ QUALIFICATIONS: aLevels(['A', 'B', 'C']), STATUS: 'S' }));
    expect(res.status).toBe(200);
    const saved = applyResponseSchema.parse(res.body);
    expect(saved.assessment).toMatchObject({ TRAFFIC_LIGHT: 'A', UCAS_POINTS_EFFECTIVE: 120 });
    expect(saved).toMatchObject({ confirmed_status: 'S', rejection_reasons: [], recommended_courses: [] });
    const review = statusPageResponseSchema.parse((await client.get(apiPath('application', { hash: saved.hash }))).body);
    expect(review.applicationData).toMatchObject({ STATUS: 'S', SUB_STATUS: null });
  });

  // No client files a staff decision as public (an adviser's expired session once did).
  it.each(['O', 'I', 'R', 'X', 'P', 'V', 'D', 'W'])('refuses STATUS %s with 400 and stores nothing', async (STATUS) => {
    const form = submission({ STATUS });
    const res = await apply(form);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: PUBLIC_STATUS_ONLY_TEXT });
    await expectNothingStored(form);
  });

  it('takes a submission without STATUS (a client that leaves it out) as the Submit button', async () => {
    const { STATUS: _none, ...form } = submission({ QUALIFICATIONS: aLevels(['A', 'B', 'C']) });
    const res = await apply(form);
    expect(res.status).toBe(200);
    expect(applyResponseSchema.parse(res.body).confirmed_status).toBe('S');
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
    expect(errorResponseSchema.parse(again.body)).toEqual({ message: SPEC_DUPLICATE });
    const sameId = await apply({ ...submission(), UCAS_PERSONAL_ID: form.UCAS_PERSONAL_ID });
    expect(sameId.status).toBe(409);
    expect(sameId.body).toEqual({ message: SPEC_DUPLICATE });
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
    ['second-year entry on a course without it', { SECOND_YEAR_ENTRY: '1' }, SPEC_FIRST_YEAR_ONLY],
    ['a missing year of entry', { SECOND_YEAR_ENTRY: undefined }, "'Year of entry' is required."],
    ['an empty year of entry', { SECOND_YEAR_ENTRY: '' }, "'Year of entry' is required."],
    ['an email over 256 characters', { EMAIL: `${'a'.repeat(245)}@example.com` }, "'Email address' max length is 256."],
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
    const badId = submission({ SUBMISSION_ID: 'not-a-uuid' });
    const res = await apply(badId);
    expect(res.status).toBe(400);
    expect(errorResponseSchema.parse(res.body).message).toMatch(/^data\.SUBMISSION_ID: /);
    await expectNothingStored(badId);
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

  it('answers 409 COURSE_CLOSED for a course with external but no internal vacancies (where the search shows no enabled Apply)', async () => {
    const form = submission();
    const res = await apply(form, NO_INTERNAL);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'COURSE_CLOSED' });
    expect(await applied(`email=${encodeURIComponent(form.EMAIL)}`, NO_INTERNAL)).toEqual([]);
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

describe(`${apiRouteLabel('apply')}: the API contract`, () => {
  const review = async (saved: ApplyResponse) =>
    statusPageResponseSchema.parse((await client.get(`${apiPath('application', { hash: saved.hash })}?_=${Date.now()}`)).body);

  it('takes a submission without SUBMISSION_ID (a client following spec section 7 exactly), once per person', async () => {
    const form = submission();
    delete form.SUBMISSION_ID;
    const res = await apply(form);
    expect(res.status).toBe(200);
    expect(applyResponseSchema.parse(res.body).confirmed_status).toBe('O');
    const again = await apply(form);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: SPEC_DUPLICATE });
  });

  it('takes an Idempotency-Key header instead: the same key answers the stored record', async () => {
    const form = submission();
    delete form.SUBMISSION_ID;
    const key = `client-retry-${randomUUID()}`;
    const first = await client.sendWithHeaders('POST', applyPath(OPEN), form, { 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    const again = await client.sendWithHeaders('POST', applyPath(OPEN), form, { 'Idempotency-Key': key });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
  });

  it("answers 409 for a replayed key with another applicant, never someone else's record", async () => {
    const form = submission();
    expect((await apply(form)).status).toBe(200);
    const otherEmail = submission({ SUBMISSION_ID: form.SUBMISSION_ID, UCAS_PERSONAL_ID: form.UCAS_PERSONAL_ID });
    const res = await apply(otherEmail);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: SUBMISSION_ID_OTHER_APPLICANT_TEXT });
    const otherId = { ...form, UCAS_PERSONAL_ID: '7999999999' };
    const byId = await apply(otherId);
    expect(byId.status).toBe(409);
    expect(byId.body).toEqual({ message: SUBMISSION_ID_OTHER_APPLICANT_TEXT });

    const key = `key-${randomUUID()}`;
    const a = submission();
    delete a.SUBMISSION_ID;
    expect((await client.sendWithHeaders('POST', applyPath(OPEN), a, { 'Idempotency-Key': key })).status).toBe(200);
    const b = submission();
    delete b.SUBMISSION_ID;
    const stolen = await client.sendWithHeaders('POST', applyPath(OPEN), b, { 'Idempotency-Key': key });
    expect(stolen.status).toBe(409);
    expect(stolen.body).toEqual({ message: SUBMISSION_ID_OTHER_APPLICANT_TEXT });
    await expectNothingStored(b as { EMAIL: string; UCAS_PERSONAL_ID: string });
  });

  it('answers 400 when the Idempotency-Key header and SUBMISSION_ID differ', async () => {
    const form = submission();
    const res = await client.sendWithHeaders('POST', applyPath(OPEN), form, { 'Idempotency-Key': randomUUID() });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: IDEMPOTENCY_KEY_MISMATCH_TEXT });
    await expectNothingStored(form);
  });

  it('refuses unknown keys of the form and of a qualification item with 400 naming the key, storing nothing', async () => {
    const form = submission({ FAVOURITE_COLOUR: 'blue' });
    const res = await apply(form);
    expect(res.status).toBe(400);
    expect(errorResponseSchema.parse(res.body).message).toMatch(/FAVOURITE_COLOUR/);
    await expectNothingStored(form);
    const item = submission({ QUALIFICATIONS: [{ ...aLevels(['A*', 'A', 'B'])[0], PREDICTED: 'A*' }, ...aLevels(['A*', 'A', 'B']).slice(1)] });
    const itemRes = await apply(item);
    expect(itemRes.status).toBe(400);
    expect(errorResponseSchema.parse(itemRes.body).message).toBe("'PREDICTED' is not a field of A Level.");
    await expectNothingStored(item);
  });

  it('drops the values of hidden fields before storing (VISA_TYPE for GBR, UCAS_PERSONAL_ID unless applied to UCAS)', async () => {
    const form = submission({ VISA_TYPE: 't4gen', APPLIED_TO_UCAS: '0', PREVIOUS_UNI_STUDY: '0', PREVIOUS_STUDY_NOTES: 'not shown' });
    const res = await apply(form);
    expect(res.status).toBe(200);
    const stored = (await review(applyResponseSchema.parse(res.body))).applicationData;
    expect(stored.VISA_TYPE ?? '').toBe('');
    expect(stored.UCAS_PERSONAL_ID ?? '').toBe('');
    expect(stored.PREVIOUS_STUDY_NOTES ?? '').toBe('');
    expect(stored.NAME1).toBe('Amara');
  });
});

describe(`${apiRouteLabel('apply')}: the admissions rules`, () => {
  const international = (overrides: Record<string, unknown> = {}) =>
    submission({
      NATIONALITY: 'CHN',
      VISA_TYPE: 't4gen',
      GCSE_QUALIFICATIONS: [{ QUALIFICATION: 'GCSE', SUBJECT: 'Mathematics', GRADE: '7', YEAR: '2023' }],
      QUALIFICATIONS: [...aLevels(['A', 'A', 'A']), { QUALIFICATION: 'ENGLISH_TEST', TEST: 'ielts', SCORE: '7.5', YEAR: '2025' }],
      ...overrides,
    });

  it('offers an international applicant with AAA, GCSE Mathematics and IELTS 7.5 (no longer rejected)', async () => {
    const res = await apply(international(), ECONOMICS);
    expect(res.status).toBe(200);
    const saved = applyResponseSchema.parse(res.body);
    expect(saved.assessment).toMatchObject({ TRAFFIC_LIGHT: 'G', UCAS_POINTS_EFFECTIVE: 144 });
    expect(saved.confirmed_status).toBe('O');
  });

  it('submits (S) an international applicant whose English test is below the minimum: amber, naming score and minimum', async () => {
    const form = international({ QUALIFICATIONS: [...aLevels(['A', 'A', 'A']), { QUALIFICATION: 'ENGLISH_TEST', TEST: 'toefl', SCORE: '50', YEAR: '2025' }] });
    const res = await apply(form, ECONOMICS);
    expect(res.status).toBe(200);
    const saved = applyResponseSchema.parse(res.body);
    expect(saved.confirmed_status).toBe('S');
    expect(saved.assessment.EXPLANATION).toContainEqual({
      STATUS: 'A',
      MESSAGE:
        'TOEFL score 50 (equivalent to IELTS 5.5) is below the minimum of IELTS 6.0 for this course. Please provide evidence of English at the required level.',
    });
  });

  it('answers 400 for an English test score outside its range', async () => {
    const form = international({
      QUALIFICATIONS: [...aLevels(['A', 'A', 'A']), { QUALIFICATION: 'ENGLISH_TEST', TEST: 'pearson', SCORE: '95', YEAR: '2025' }],
    });
    const res = await apply(form, ECONOMICS);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "'Score' must be a PTE Academic score from 10 to 90." });
  });

  it('never lets a grade 3 in GCSE French make a strong applicant red, and counts a resit once at its best grade', async () => {
    const gcses = [
      ...FIVE_GCSES.filter((g) => g.SUBJECT !== 'Mathematics'),
      { QUALIFICATION: 'GCSE', SUBJECT: 'Mathematics', GRADE: '3', YEAR: '2022' },
      { QUALIFICATION: 'GCSE', SUBJECT: 'Mathematics', GRADE: '5', YEAR: '2023' },
      { QUALIFICATION: 'GCSE', SUBJECT: 'French', GRADE: '3', YEAR: '2023' },
    ];
    const res = await apply(submission({ GCSE_QUALIFICATIONS: gcses }));
    expect(res.status).toBe(200);
    const saved = applyResponseSchema.parse(res.body);
    expect(saved.assessment.TRAFFIC_LIGHT).toBe('G');
    expect(saved.confirmed_status).toBe('O');
  });

  it('takes a GCSE subject outside the suggestions (free text)', async () => {
    const res = await apply(
      submission({ GCSE_QUALIFICATIONS: [...FIVE_GCSES, { QUALIFICATION: 'GCSE', SUBJECT: 'Citizenship Studies', GRADE: '6', YEAR: '2023' }] }),
    );
    expect(res.status).toBe(200);
  });

  it('counts only GCSEs at 4/C or above for a Sciences course: four good ones and a grade 3 are red', async () => {
    const gcses = [...FIVE_GCSES.slice(0, 4), { QUALIFICATION: 'GCSE', SUBJECT: 'Biology', GRADE: '3', YEAR: '2023' }];
    const saved = applyResponseSchema.parse((await apply(submission({ GCSE_QUALIFICATIONS: gcses }))).body);
    expect(saved.assessment.TRAFFIC_LIGHT).toBe('R');
    expect(saved.assessment.EXPLANATION).toContainEqual({
      STATUS: 'R',
      MESSAGE: 'Courses in the Sciences school require at least 5 GCSEs at grade 4/C or above; 4 were given.',
    });
  });

  it('always submits (S) a red under-18 or second-year applicant', async () => {
    const young = applyResponseSchema.parse((await apply(submission({ DOB: '2010-01-01', QUALIFICATIONS: aLevels(['C', 'C', 'C']) }))).body);
    expect(young.assessment).toMatchObject({ TRAFFIC_LIGHT: 'R', OVER18: 0 });
    expect(young).toMatchObject({ confirmed_status: 'S', rejection_reasons: [] });
    const secondYear = applyResponseSchema.parse(
      (await apply(submission({ SECOND_YEAR_ENTRY: '1', QUALIFICATIONS: aLevels(['C', 'C', 'C']) }), SECOND_YEAR_COURSE)).body,
    );
    expect(secondYear.assessment.TRAFFIC_LIGHT).toBe('R');
    expect(secondYear.confirmed_status).toBe('S');
  });

  it('accepts 29 February in a leap year', async () => {
    const res = await apply(submission({ DOB: '2004-02-29' }));
    expect(res.status).toBe(200);
    const bad = await apply(submission({ DOB: '2005-02-29' }));
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'Incorrect day 29: Day must be between 1 and 28.' });
  });

  it('recommends only courses the same form passes, the same school first', async () => {
    const form = submission({ QUALIFICATIONS: aLevels(['C', 'C', 'C']) });
    const saved = applyResponseSchema.parse((await apply(form)).body);
    expect(saved.confirmed_status).toBe('X');
    const alternates = saved.assessment.ALTERNATE;
    expect(alternates.length).toBeGreaterThan(0);
    const schools = alternates.map((a) => (a.SCHOOL === 'SCI' ? 0 : 1));
    expect([...schools].sort((x, y) => x - y)).toEqual(schools);
    const { SUBMISSION_ID: _id, ...assessable } = form;
    for (const alternate of alternates) {
      const res = await client.send('POST', apiPath('assess', { course: alternate.COURSE }), assessable);
      expect(res.status).toBe(200);
      expect(['G', 'A']).toContain((res.body as { result: { TRAFFIC_LIGHT: string } }).result.TRAFFIC_LIGHT);
    }
  });

  it('prices a partial Access to HE profile at 0 points with an explanation', async () => {
    const access = { QUALIFICATION: 'ACCESS_HE', SUBJECT: 'Science', DISTINCTION_CREDITS: '30', YEAR: '2025' };
    const res = await client.send('POST', apiPath('assess', { course: 'N200' }), { ...submission({ QUALIFICATIONS: [access] }), SUBMISSION_ID: undefined });
    expect(res.status).toBe(200);
    const result = (res.body as { result: { UCAS_POINTS_TOTAL: number; EXPLANATION: { MESSAGE: string }[] } }).result;
    expect(result.UCAS_POINTS_TOTAL).toBe(0);
    expect(result.EXPLANATION.map((e) => e.MESSAGE)).toContain(
      'Access to HE Diploma with 30 graded credits carries 0 UCAS points: UCAS gives points only for a complete profile of 45 graded credits.',
    );
  });
});

describe(`${apiRouteLabel('apply')} while Clearing is closed`, () => {
  let closed: Stack;
  let visitor: StackClient;

  beforeAll(async () => {
    closed = await startTestStack({
      services: ['courses', 'applications', 'assessment', 'files'],
      env: { CLEARING_INITIAL_STATE: '0', CLEARING_INITIAL_CLOSING_MESSAGE: 'Clearing 2025/26 has now closed.' },
    });
    visitor = new StackClient(closed.gatewayUrl);
    await visitor.get(apiPath('ping'));
  }, 120_000);

  afterAll(async () => {
    await closed?.stop();
  });

  it('refuses the public with the closing message and stores nothing', async () => {
    const form = submission();
    const res = await visitor.send('POST', applyPath(OPEN), form);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Clearing 2025/26 has now closed.' });
    const check = await visitor.get(`${apiPath('applied', { ucasCode: OPEN })}?email=${encodeURIComponent(form.EMAIL)}`);
    expect(appliedResponseSchema.parse(check.body).rows).toEqual([]);
  });
});
