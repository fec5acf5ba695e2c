import { randomUUID } from 'node:crypto';
import {
  apiPath,
  applicationReviewResponseSchema,
  appliedResponseSchema,
  type ApplyResponse,
  applyResponseSchema,
  courseDetailResponseSchema,
  errorResponseSchema,
  statusPageResponseSchema,
  apiRouteLabel,
} from '@clearing-desk/contracts';
import { offerDeadline } from '@clearing-desk/contracts/server';
import { createApplicationForm } from '@clearing-desk/contracts/testing';
import type { Stack } from '@clearing-desk/stack';
import { StackClient, startTestStack } from '../../testing/stack-client';

/** Demo catalogue: Computer Science [G400] (SCI: five GCSEs) and, same department, G401. */
const OPEN = 'G400';
const SAME_SCHOOL = 'G401';
const EMAIL = 'Review.Applicant@Example.com';
const UCAS_ID = '8123456789';

let stack: Stack;
let client: StackClient;
let saved: ApplyResponse;

beforeAll(async () => {
  // files-svc: the review page lists the application's documents.
  stack = await startTestStack({ services: ['courses', 'applications', 'assessment', 'files'] });
  client = new StackClient(stack.gatewayUrl);
  await client.get(apiPath('ping')); // collects XSRF-TOKEN and _csrf
  const GCSE_QUALIFICATIONS = ['English Language', 'Mathematics', 'Physics', 'Chemistry', 'Biology'].map((SUBJECT) => ({
    QUALIFICATION: 'GCSE',
    SUBJECT,
    GRADE: '6',
    YEAR: '2023',
  }));
  const res = await client.send('POST', apiPath('apply', { course: OPEN }), {
    ...createApplicationForm({ EMAIL, UCAS_PERSONAL_ID: UCAS_ID, GCSE_QUALIFICATIONS }),
    SUBMISSION_ID: randomUUID(),
  });
  saved = applyResponseSchema.parse(res.body);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

const applied = async (course: string, query: string) => {
  const res = await client.get(`${apiPath('applied', { ucasCode: course })}${query}`);
  expect(res.status).toBe(200);
  return appliedResponseSchema.parse(res.body);
};

describe(apiRouteLabel('applied'), () => {
  it('finds the application by email, case-insensitively and trimmed', async () => {
    expect(await applied(OPEN, `?email=${encodeURIComponent(`  ${EMAIL.toLowerCase()} `)}&_=${Date.now()}`)).toEqual({ rows: [{ UCAS_CODE: OPEN }] });
  });

  it('finds the application by UCAS Personal ID, or by either of the two', async () => {
    expect(await applied(OPEN, `?ucas_personal_id=${UCAS_ID}`)).toEqual({ rows: [{ UCAS_CODE: OPEN }] });
    expect(await applied(OPEN, `?email=someone.else@example.com&ucas_personal_id=${UCAS_ID}`)).toEqual({ rows: [{ UCAS_CODE: OPEN }] });
  });

  it('finds nothing for another person or another course', async () => {
    expect(await applied(OPEN, '?email=someone.else@example.com&ucas_personal_id=8000000000')).toEqual({ rows: [] });
    expect(await applied(SAME_SCHOOL, `?email=${encodeURIComponent(EMAIL)}&ucas_personal_id=${UCAS_ID}`)).toEqual({ rows: [] });
  });

  it('answers no rows when neither email nor UCAS Personal ID is given', async () => {
    expect(await applied(OPEN, '')).toEqual({ rows: [] });
    expect(await applied(OPEN, `?_=${Date.now()}`)).toEqual({ rows: [] });
    expect(await applied(OPEN, '?email=&ucas_personal_id=')).toEqual({ rows: [] });
  });
});

describe(apiRouteLabel('application'), () => {
  it('answers the application, its assessment, the course and its qualOptions', async () => {
    const res = await client.get(`${apiPath('application', { hash: saved.hash })}?_=${Date.now()}`);
    expect(res.status).toBe(200);
    const review = applicationReviewResponseSchema.parse(res.body);
    expect(review.applicationData).toMatchObject({ EMAIL, UCAS_PERSONAL_ID: UCAS_ID, STUDENT_ID: saved.id[0], STATUS: saved.confirmed_status });
    expect(review.assessment).toEqual(saved.assessment);
    const course = courseDetailResponseSchema.parse((await client.get(apiPath('course', { id: OPEN }))).body);
    expect(review.courseData).toEqual(course.courseData);
    expect(review.qualOptions).toEqual(course.qualOptions);
    expect(review.documents).toEqual([]);
  });

  it('answers the current decision for the status page, with the UCAS institution code', async () => {
    const { decision, applicationData } = statusPageResponseSchema.parse(
      (await client.get(`${apiPath('application', { hash: saved.hash })}?_=${Date.now()}`)).body,
    );
    expect(saved.confirmed_status).toBe('O');
    expect(decision).toMatchObject({ STATUS: 'O', SUB_STATUS: 'AO', INTERVIEW: null, RECOMMENDED_COURSES: [], INSTITUTION_CODE: 'Z99' });
    expect(decision.DECIDED_AT).toBe(applicationData.LOG[0]?.TIME);
    expect(decision.DEADLINE).toBe(offerDeadline(new Date(decision.DECIDED_AT)).toISOString());
    expect(new Date(decision.LINK_VALID_UNTIL).getTime()).toBeGreaterThan(Date.now());
  });

  it('answers 404 for an unknown hash', async () => {
    const res = await client.get(apiPath('application', { hash: 'ab'.repeat(32) }));
    expect(res.status).toBe(404);
    errorResponseSchema.parse(res.body);
  });
});
