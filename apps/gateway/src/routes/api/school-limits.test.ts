import { randomUUID } from 'node:crypto';
import { applyResponseSchema, toAssessForm, tooManyRequestsMessage, type AssessForm } from '@clearing-desk/contracts';
import { createApplicationForm } from '@clearing-desk/contracts/testing';
import type { Stack } from '@clearing-desk/stack';
import { StackClient, startTestStack } from '../../testing/stack-client';

/**
 * Issue 25 item 7: the public limits fit a school on results day. Every student below comes from
 * one address (127.0.0.1, no trusted proxy) with the default limits: 300 students apply, each
 * checking twice whether they applied and assessing their form as it changes, and all are
 * accepted; one e-mail hammering from the same address is stopped early.
 */
const STUDENTS = 300;
const ASSESSMENTS_PER_FORM = 5;
const COURSE = 'G400';

let stack: Stack;

beforeAll(async () => {
  stack = await startTestStack({ services: ['courses', 'applications', 'assessment'], gatewayEnv: { LOG_LEVEL: 'warn' } });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

const GCSES = ['English Language', 'Mathematics', 'Physics', 'Chemistry', 'Biology'].map((SUBJECT) => ({
  QUALIFICATION: 'GCSE',
  SUBJECT,
  GRADE: '5',
  YEAR: '2023',
}));
/** CCC: rejected at once (X), so the class never fills the course's places and every one is stored. */
const A_LEVELS = ['Mathematics', 'Physics', 'Chemistry'].map((SUBJECT) => ({ QUALIFICATION: 'ALEVEL', SUBJECT, GRADE: 'C', YEAR: '2025' }));

const student = (n: number) => ({
  ...createApplicationForm({ DOB: '2006-05-14', NATIONALITY: 'GBR', GCSE_QUALIFICATIONS: GCSES, QUALIFICATIONS: A_LEVELS }),
  EMAIL: `student.${n}@sixth-form.example.ac.uk`,
  UCAS_PERSONAL_ID: String(8100000000 + n),
  SUBMISSION_ID: randomUUID(),
});

/** Runs `work` for 0..count-1, `width` at a time (a class at its keyboards, not one after another). */
async function inParallel(count: number, width: number, work: (n: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

describe('a class of 300 applying from one address (issue 25 item 7)', () => {
  it('accepts every student, with their applied checks and live assessments, while one e-mail hammering is limited', async () => {
    const statuses = new Map<string, number>();
    const count = (what: string, status: number) => statuses.set(`${what} ${status}`, (statuses.get(`${what} ${status}`) ?? 0) + 1);
    const started = Date.now();

    await inParallel(STUDENTS, 12, async (n) => {
      const client = new StackClient(stack.gatewayUrl);
      await client.get('/api/ping');
      const form = student(n);
      const query = `email=${encodeURIComponent(form.EMAIL)}&ucas_personal_id=${form.UCAS_PERSONAL_ID}`;
      count('applied', (await client.get(`/api/applications/${COURSE}/applied?${query}&_=${Date.now()}`)).status);
      for (let i = 0; i < ASSESSMENTS_PER_FORM; i += 1) {
        count('assess', (await client.send('POST', `/api/apply/${COURSE}/assess`, toAssessForm(form as unknown as AssessForm))).status);
      }
      count('applied', (await client.get(`/api/applications/${COURSE}/applied?${query}&_=${Date.now()}`)).status);
      const res = await client.send('POST', `/api/apply/${COURSE}`, form);
      count('apply', res.status);
      if (res.status === 200) expect(applyResponseSchema.parse(res.body).confirmed_status).toBe('X');
    });
    const seconds = (Date.now() - started) / 1000;
    console.log(`${STUDENTS} students from one address: ${[...statuses].map(([k, v]) => `${k}: ${v}`).join(', ')} in ${seconds.toFixed(1)} s`);
    expect(Object.fromEntries(statuses)).toEqual({
      'applied 200': STUDENTS * 2,
      'assess 200': STUDENTS * ASSESSMENTS_PER_FORM,
      'apply 200': STUDENTS,
    });
    expect(seconds).toBeLessThan(600); // within ten minutes, as the ceilings are sized for

    // One e-mail hammering the applied check from the same address: stopped at its own limit (10 a
    // minute by default), with the message the web app shows.
    const hammer = new StackClient(stack.gatewayUrl);
    const hammered: number[] = [];
    for (let i = 0; i < 12; i += 1) hammered.push((await hammer.get(`/api/applications/${COURSE}/applied?email=hammer%40example.com&_=${i}`)).status);
    expect(hammered).toEqual([...Array<number>(10).fill(200), 429, 429]);
    const refused = await hammer.get(`/api/applications/${COURSE}/applied?email=hammer%40example.com&_=x`);
    const wait = Number(refused.headers.get('retry-after'));
    expect(refused.body).toEqual({ message: tooManyRequestsMessage(wait) });
    // Submitting again and again as one person: 5 a minute, then 429.
    const same = student(STUDENTS + 1);
    await hammer.get('/api/ping');
    const applies: number[] = [];
    for (let i = 0; i < 6; i += 1) applies.push((await hammer.send('POST', `/api/apply/${COURSE}`, { ...same, SUBMISSION_ID: randomUUID() })).status);
    expect(applies[5]).toBe(429);
    expect(applies.slice(0, 5)).not.toContain(429);
    // The class's next student from the same address is not held by it.
    const next = new StackClient(stack.gatewayUrl);
    await next.get('/api/ping');
    expect((await next.send('POST', `/api/apply/${COURSE}`, student(STUDENTS + 2))).status).toBe(200);
  }, 600_000);
});
