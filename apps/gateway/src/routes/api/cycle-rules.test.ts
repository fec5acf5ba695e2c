import { randomUUID } from 'node:crypto';
import { apiPath, applyResponseSchema } from '@clearing-desk/contracts';
import { createApplicationForm, A_STAR_A_B_A_LEVELS } from '@clearing-desk/contracts/testing';
import { DEMO_DIRECTORY, startDirectory, type Directory, type Stack } from '@clearing-desk/stack';
import { Client } from 'pg';
import { StackClient, staffClients, startTestStack } from '../../testing/stack-client';

/**
 * The cycle rules a decision passes through the gateway (domain.md "Recruitment cycles",
 * "Decision emails"), on the test stack's clock (CLEARING_CLOCK: 09:00 on results day, 14 August
 * 2025): an interview must be in the future and before the course starts; no offer or invitation
 * on a course that has started, for staff or the public. Nothing is stored when refused.
 */
const INTERVIEWING = 'B740'; // Adult Nursing: interviews, starts 22 September 2025
const OPEN = 'G400';

let directory: Directory;
let stack: Stack;
let courses: Client;
let applications: Client;

beforeAll(async () => {
  directory = await startDirectory({ port: 'free' });
  stack = await startTestStack({ services: ['courses', 'applications', 'assessment', 'files'], directoryUrl: directory.url });
  courses = new Client({ connectionString: stack.databaseUrls.courses });
  applications = new Client({ connectionString: stack.databaseUrls.applications });
  await courses.connect();
  await applications.connect();
}, 120_000);

afterAll(async () => {
  await courses?.end();
  await applications?.end();
  await stack?.stop();
  await directory?.stop();
});

const as = staffClients(() => stack.gatewayUrl, DEMO_DIRECTORY.password);
const GCSES = ['English Language', 'Mathematics', 'Physics', 'Chemistry', 'Biology'].map((SUBJECT) => ({
  QUALIFICATION: 'GCSE',
  SUBJECT,
  GRADE: '5',
  YEAR: '2023',
}));
let people = 0;
function greenForm(): Record<string, unknown> {
  people += 1;
  return {
    ...createApplicationForm({ DOB: '2006-05-14', NATIONALITY: 'GBR', GCSE_QUALIFICATIONS: GCSES, QUALIFICATIONS: A_STAR_A_B_A_LEVELS }),
    EMAIL: `cycle.rules.${people}@example.com`,
    UCAS_PERSONAL_ID: String(7400000000 + people),
  };
}
const stored = async (email: unknown) =>
  (await applications.query('select count(*)::int as n from applications where email_normalised = lower($1)', [email])).rows[0].n as number;
const invite = async (course: string, INTERVIEW: Record<string, string>) => {
  const data = greenForm();
  const res = await (
    await as('backoffice')
  ).send('POST', apiPath('deskApplicationCreate', { student: 'new', course }), { ...data, SUBMISSION_ID: randomUUID(), STATUS: 'I', INTERVIEW });
  return { res, email: data['EMAIL'] };
};

describe('interview dates (domain.md "Decision emails")', () => {
  it('takes an interview in the future, before the course starts', async () => {
    const { res } = await invite(INTERVIEWING, { INTERVIEW_DATE: '2025-08-20', INTERVIEW_TIME: '14:30', INTERVIEW_VENUE: 'Room A101' });
    expect(res.status).toBe(200);
    expect(applyResponseSchema.parse(res.body).confirmed_status).toBe('I');
  });

  it('refuses a past interview with a clear message, storing nothing', async () => {
    const { res, email } = await invite(INTERVIEWING, { INTERVIEW_DATE: '2025-08-14', INTERVIEW_TIME: '08:30', INTERVIEW_VENUE: 'Room A101' });
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toBe('The interview must be in the future: choose a date and time after 09:00 on 14 August 2025.');
    expect(await stored(email)).toBe(0);
  });

  it('refuses an interview on or after the start of the course', async () => {
    const { res, email } = await invite(INTERVIEWING, { INTERVIEW_DATE: '2025-09-22', INTERVIEW_TIME: '10:00', INTERVIEW_VENUE: 'Room A101' });
    expect([res.status, (res.body as { message: string }).message]).toEqual([400, 'The interview must be before the course starts on 22 September 2025.']);
    expect(await stored(email)).toBe(0);
  });
});

describe('a course whose start date has passed (domain.md "Recruitment cycles")', () => {
  const STARTED = 'This course started on 1 August 2025: no offer or interview can be made on it. Suggest a course that starts later.';
  let saved: string;
  beforeAll(async () => {
    saved = (await courses.query('select course_start_date::text as d from courses where ucas_code = $1', [OPEN])).rows[0].d as string;
    await courses.query('update courses set course_start_date = $1 where ucas_code = $2', ['2025-08-01', OPEN]);
  });
  afterAll(async () => {
    await courses.query('update courses set course_start_date = $1 where ucas_code = $2', [saved, OPEN]);
  });

  it('refuses a staff offer with 409 and the message, storing nothing', async () => {
    const data = greenForm();
    const res = await (
      await as('backoffice')
    ).send('POST', apiPath('deskApplicationCreate', { student: 'new', course: OPEN }), { ...data, SUBMISSION_ID: randomUUID(), STATUS: 'O' });
    expect([res.status, (res.body as { message: string }).message]).toEqual([409, STARTED]);
    expect(await stored(data['EMAIL'])).toBe(0);
  });

  it('still lets staff refer (a person decides)', async () => {
    const data = greenForm();
    const res = await (
      await as('backoffice')
    ).send('POST', apiPath('deskApplicationCreate', { student: 'new', course: OPEN }), { ...data, SUBMISSION_ID: randomUUID(), STATUS: 'R' });
    expect(res.status).toBe(200);
  });

  it('refuses a public application with 409 and the message', async () => {
    const data = greenForm();
    const visitor = new StackClient(stack.gatewayUrl);
    await visitor.get(apiPath('ping'));
    const res = await visitor.send('POST', apiPath('apply', { course: OPEN }), { ...data, SUBMISSION_ID: randomUUID() });
    expect([res.status, (res.body as { message: string }).message]).toEqual([409, STARTED]);
    expect(await stored(data['EMAIL'])).toBe(0);
  });
});
