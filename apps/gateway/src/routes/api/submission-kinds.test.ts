import { randomUUID } from 'node:crypto';
import { apiPath, applyResponseSchema, assessResponseSchema, createSubmissionId, FORM_OPEN_HEADER } from '@clearing-desk/contracts';
import { A_STAR_A_B_A_LEVELS, createApplicationForm, createAssessForm } from '@clearing-desk/contracts/testing';
import { DEMO_DIRECTORY, startDirectory, type Directory, type Stack } from '@clearing-desk/stack';
import { StackClient, staffClients, startTestStack } from '../../testing/stack-client';

/**
 * Whose form a submission comes from is bound to its SUBMISSION_ID when the form issues it
 * (domain.md 'Staff sessions on results day'): the public route refuses a staff id, the staff
 * create a public one, each with a 409 that says so and nothing stored; an unbound UUID (a
 * client following spec section 7) goes either way. And an open staff form's assessment without a
 * session is a 401, never the public's buttons.
 */

/** Demo catalogue: G400 Computer Science BSc, open. */
const COURSE = 'G400';
const STAFF_ID_ON_PUBLIC = 'This application was started on the staff form: it can only be saved by staff, signed in. Nothing was stored.';
const PUBLIC_ID_ON_STAFF = 'This application was started on the public form: it can only be submitted there. Nothing was stored.';

let directory: Directory;
let stack: Stack;
let publicClient: StackClient;

beforeAll(async () => {
  directory = await startDirectory({ port: 'free' });
  stack = await startTestStack({ services: ['courses', 'applications', 'assessment', 'files'], directoryUrl: directory.url });
  publicClient = new StackClient(stack.gatewayUrl);
  await publicClient.get(apiPath('ping'));
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await directory?.stop();
});

const as = staffClients(() => stack.gatewayUrl, DEMO_DIRECTORY.password);

const FIVE_GCSES = ['English Language', 'Mathematics', 'Physics', 'Chemistry', 'Biology'].map((SUBJECT) => ({
  QUALIFICATION: 'GCSE',
  SUBJECT,
  GRADE: '5',
  YEAR: '2023',
}));
let people = 0;
/** A green G400 form from a distinct person with the given SUBMISSION_ID. */
function form(SUBMISSION_ID: string) {
  people += 1;
  return {
    ...createApplicationForm({ DOB: '2006-05-14', NATIONALITY: 'GBR', GCSE_QUALIFICATIONS: FIVE_GCSES, QUALIFICATIONS: A_STAR_A_B_A_LEVELS }),
    EMAIL: `submission.kinds.${people}.${Date.now()}@example.com`,
    UCAS_PERSONAL_ID: String(7300000000 + people),
    SUBMISSION_ID,
  };
}
const publicPath = apiPath('apply', { course: COURSE });
const staffPath = apiPath('deskApplicationCreate', { student: 'new', course: COURSE });
/** Whether anything is stored under the id (the public review of the applied check would not tell: the store does). */
const storedCount = async (email: string) => {
  const res = await publicClient.get(`${apiPath('applied', { ucasCode: COURSE })}?email=${encodeURIComponent(email)}&_=${Date.now()}`);
  expect(res.status).toBe(200);
  return (res.body as { rows: unknown[] }).rows.length;
};

describe('submission ids bound to staff or public', () => {
  it('refuses a public POST carrying a staff-issued id: 409 with the message, nothing stored', async () => {
    const data = form(createSubmissionId('staff'));
    const res = await publicClient.send('POST', publicPath, data);
    expect(res).toEqual({ status: 409, body: { message: STAFF_ID_ON_PUBLIC } });
    expect(await storedCount(data.EMAIL)).toBe(0);
  });

  it('refuses a public POST whose Idempotency-Key header is a staff-issued id', async () => {
    const id = createSubmissionId('staff');
    const { SUBMISSION_ID: _left, ...data } = form(id);
    const res = await publicClient.sendWithHeaders('POST', publicPath, data, { 'idempotency-key': id });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: STAFF_ID_ON_PUBLIC });
  });

  it('refuses a staff create carrying a public-issued id: 409 with the message, nothing stored', async () => {
    const data = form(createSubmissionId('public'));
    const res = await (await as('backoffice')).send('POST', staffPath, { ...data, STATUS: 'O' });
    expect(res).toEqual({ status: 409, body: { message: PUBLIC_ID_ON_STAFF } });
    expect(await storedCount(data.EMAIL)).toBe(0);
  });

  it('stores each kind on its own route, and an unbound UUID on either', async () => {
    const staffSaved = await (await as('backoffice')).send('POST', staffPath, { ...form(createSubmissionId('staff')), STATUS: 'O' });
    expect(staffSaved.status).toBe(200);
    expect(applyResponseSchema.parse(staffSaved.body).confirmed_status).toBe('O');
    expect((await publicClient.send('POST', publicPath, form(createSubmissionId('public')))).status).toBe(200);
    expect((await publicClient.send('POST', publicPath, form(randomUUID()))).status).toBe(200);
    expect((await (await as('backoffice')).send('POST', staffPath, { ...form(randomUUID()), STATUS: 'O' })).status).toBe(200);
  });
});

describe('the assessment of an open staff form', () => {
  const assessPath = apiPath('assess', { course: COURSE });

  it('answers 401 without a session rather than the public buttons', async () => {
    const res = await publicClient.sendWithHeaders('POST', assessPath, createAssessForm(), { [FORM_OPEN_HEADER]: '1' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Not logged in' });
    // The public form (no header) is assessed as before.
    const open = await publicClient.send('POST', assessPath, createAssessForm());
    expect(open.status).toBe(200);
    expect(assessResponseSchema.parse(open.body).result.SUBMISSION_OPTIONS.BUTTONS.map((b) => b.STATUS)).toEqual(['S']);
  });

  it('answers the staff buttons with a session', async () => {
    const res = await (await as('backoffice')).sendWithHeaders('POST', assessPath, createAssessForm(), { [FORM_OPEN_HEADER]: '1' });
    expect(res.status).toBe(200);
    expect(assessResponseSchema.parse(res.body).result.SUBMISSION_OPTIONS.BUTTONS.map((b) => b.STATUS)).toContain('O');
  });
});
