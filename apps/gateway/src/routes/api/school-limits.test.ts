import { randomUUID } from 'node:crypto';
import { apiPath, applyResponseSchema, type AssessForm, formStartResponseSchema, toAssessForm, tooManyRequestsMessage } from '@clearing-desk/contracts';
import { createApplicationForm } from '@clearing-desk/contracts/testing';
import type { Stack } from '@clearing-desk/stack';
import { Redis } from 'ioredis';
import { applyAsBrowser, StackClient, startTestStack } from '../../testing/stack-client';

/**
 * The public limits fit a school on results day. Every student of the class comes
 * from one address (127.0.0.1, no trusted proxy) under the default ceilings, counted over one
 * window of a day (RATE_LIMIT_WINDOW_MS; the ceilings are counts per window, whatever its length,
 * and a window no run can outlast means no clock races the class, however loaded the machine;
 * the default minute would let a slow run spread the class over two windows): 300 students apply, each checking twice whether they applied
 * and assessing their form about 40 times as it changes, and all are accepted; the ceilings are
 * exactly the class, so the next distinct e-mail from that address is refused (a script rotating
 * e-mails is bounded). One e-mail hammering, from another address, is stopped at its own limit
 * while another student there goes on.
 *
 * To keep the run short each form makes 2 real assessments; the class's other 38 each are counted
 * into the address's assess count in Redis before the class starts, as the gateway counts them
 * (@fastify/rate-limit's key), so the ceiling is still reached exactly.
 *
 * Each student sends the form as the web app does: with the form-start token from opening it and,
 * once the address is past its budget of submissions (RATE_LIMIT_APPLY_BUDGET, 10), with the proof
 * of work the gateway asks for (428). The proof is made cheap here (FORM_POW_COST, _COUNTER_MAX)
 * and the minimum time to fill 0, so the run is not slowed; both are tested for themselves in
 * form-guard.test.ts. A script rotating e-mails on one address, running beside
 * a class of 40 there, stores no more than that budget, while all 40 are stored.
 */
const STUDENTS = 300;
/** Live assessments a form makes as it changes, which RATE_LIMIT_ASSESS_MAX is sized for (config.ts). */
const ASSESSMENTS_SIZED_PER_FORM = 40;
/** Of those, the ones each form here makes for real. */
const ASSESSMENTS_PER_FORM = 2;
const WINDOW_MS = 86_400_000;
/** RATE_LIMIT_APPLY_BUDGET's default (config.ts). */
const BUDGET = 10;
const COURSE = 'G400';
const PREFIX = `clearing-test-school-${process.pid}`;

let stack: Stack;

beforeAll(async () => {
  stack = await startTestStack({
    services: ['courses', 'applications', 'assessment'],
    gatewayEnv: {
      LOG_LEVEL: 'error',
      RATE_LIMIT_WINDOW_MS: String(WINDOW_MS),
      REDIS_KEY_PREFIX: PREFIX,
      // The default budget (startTestStack raises it for other tests), a cheap proof of work.
      RATE_LIMIT_APPLY_BUDGET: String(BUDGET),
      FORM_MIN_FILL_MS: '0',
      FORM_POW_COST: '1',
      FORM_POW_COUNTER_MAX: '20',
    },
  });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  // The day-long windows' counts are this run's alone (PREFIX): nothing is left in Redis for a day.
  const redis = new Redis('redis://127.0.0.1:6379');
  try {
    const keys = await redis.keys(`${PREFIX}:*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
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

/** The form-start token of a form opened now, as the web app fetches it. */
async function formStart(client: StackClient): Promise<string> {
  const res = await client.get(`${apiPath('formStart')}?_=${Date.now()}`);
  expect(res.status).toBe(200);
  return formStartResponseSchema.parse(res.body).token;
}

/** Runs `work` for 0..count-1, `width` at a time (a class at its keyboards, not one after another). */
async function inParallel(count: number, width: number, work: (n: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

describe('a class of 300 applying from one address', () => {
  it('accepts every student, with their applied checks and live assessments, while one e-mail hammering is limited', async () => {
    const statuses = new Map<string, number>();
    const count = (what: string, status: number) => statuses.set(`${what} ${status}`, (statuses.get(`${what} ${status}`) ?? 0) + 1);
    // The class's other assessments, counted where the gateway counts the address's (its
    // @fastify/rate-limit key, found after one real assessment, which is one of them).
    const probe = new StackClient(stack.gatewayUrl);
    await probe.get(apiPath('ping'));
    expect((await probe.send('POST', apiPath('assess', { course: COURSE }), toAssessForm(student(STUDENTS + 4) as unknown as AssessForm))).status).toBe(200);
    const redis = new Redis('redis://127.0.0.1:6379');
    try {
      const keys = await redis.keys(`${PREFIX}:rate:*assess:ip:127.0.0.1`);
      expect(keys).toHaveLength(1);
      await redis.incrby(keys[0] as string, STUDENTS * (ASSESSMENTS_SIZED_PER_FORM - ASSESSMENTS_PER_FORM) - 1);
    } finally {
      redis.disconnect();
    }
    const started = Date.now();

    await inParallel(STUDENTS, 12, async (n) => {
      const client = new StackClient(stack.gatewayUrl);
      await client.get(apiPath('ping'));
      const form = student(n);
      const query = `email=${encodeURIComponent(form.EMAIL)}&ucas_personal_id=${form.UCAS_PERSONAL_ID}`;
      count('applied', (await client.get(`${apiPath('applied', { ucasCode: COURSE })}?${query}&_=${Date.now()}`)).status);
      for (let i = 0; i < ASSESSMENTS_PER_FORM; i += 1) {
        count('assess', (await client.send('POST', apiPath('assess', { course: COURSE }), toAssessForm(form as unknown as AssessForm))).status);
      }
      count('applied', (await client.get(`${apiPath('applied', { ucasCode: COURSE })}?${query}&_=${Date.now()}`)).status);
      const res = await applyAsBrowser(client, apiPath('apply', { course: COURSE }), form, await formStart(client));
      count('apply', res.status);
      if (res.proofAsked) count('proof asked', res.status);
      if (res.status === 200) expect(applyResponseSchema.parse(res.body).confirmed_status).toBe('X');
    });
    const seconds = (Date.now() - started) / 1000;
    console.log(`${STUDENTS} students from one address: ${[...statuses].map(([k, v]) => `${k}: ${v}`).join(', ')} in ${seconds.toFixed(1)} s`);
    expect(Object.fromEntries(statuses)).toEqual({
      'applied 200': STUDENTS * 2,
      'assess 200': STUDENTS * ASSESSMENTS_PER_FORM,
      'apply 200': STUDENTS,
      // Past the address's budget every student was asked for the proof of work, and passed.
      'proof asked 200': STUDENTS - BUDGET,
    });

    // The class used the address's whole ceilings (applied check 600, assess 12000) and its budget of
    // submissions (10): one more e-mail from it, sent without the form, is refused, so rotating e-mails
    // gains a script nothing past them.
    const script = new StackClient(stack.gatewayUrl);
    await script.get(apiPath('ping'));
    const rotated = student(STUDENTS + 1);
    const rotatedQuery = `email=${encodeURIComponent(rotated.EMAIL)}&_=${Date.now()}`;
    expect((await script.get(`${apiPath('applied', { ucasCode: COURSE })}?${rotatedQuery}`)).status).toBe(429);
    expect((await script.send('POST', apiPath('apply', { course: COURSE }), rotated)).status).toBe(429);
    expect((await script.send('POST', apiPath('assess', { course: COURSE }), toAssessForm(rotated as unknown as AssessForm))).status).toBe(429);

    // One e-mail hammering the applied check (from another address, whose ceilings are untouched):
    // stopped at its own limit (10 a window by default), with the message the web app shows.
    const hammer = new StackClient(stack.gatewayUrl, { localAddress: '127.0.0.2' });
    const hammered: number[] = [];
    for (let i = 0; i < 12; i += 1) hammered.push((await hammer.get(`${apiPath('applied', { ucasCode: COURSE })}?email=hammer%40example.com&_=${i}`)).status);
    expect(hammered).toEqual([...Array<number>(10).fill(200), 429, 429]);
    const refused = await hammer.get(`${apiPath('applied', { ucasCode: COURSE })}?email=hammer%40example.com&_=x`);
    const wait = Number(refused.headers.get('retry-after'));
    expect(refused.body).toEqual({ message: tooManyRequestsMessage(wait) });
    // Submitting again and again as one person: 5 a window, then 429.
    const same = student(STUDENTS + 2);
    await hammer.get(apiPath('ping'));
    const applies: number[] = [];
    for (let i = 0; i < 6; i += 1)
      applies.push((await hammer.send('POST', apiPath('apply', { course: COURSE }), { ...same, SUBMISSION_ID: randomUUID() })).status);
    expect(applies[5]).toBe(429);
    expect(applies.slice(0, 5)).not.toContain(429);
    // Another student from that address is not held by it.
    const next = new StackClient(stack.gatewayUrl, { localAddress: '127.0.0.2' });
    await next.get(apiPath('ping'));
    expect((await next.send('POST', apiPath('apply', { course: COURSE }), student(STUDENTS + 3))).status).toBe(200);
  }, 600_000);

  it('stores all of a class of 40 while a script rotating e-mails on their address stores no more than the budget', async () => {
    const ADDRESS = '127.0.0.3';
    const CLASS = 40;
    const SCRIPT_CALLS = 400;
    const path = apiPath('apply', { course: COURSE });
    const classStatuses = new Map<string, number>();
    const scriptStatuses = new Map<string, number>();
    const tally = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

    // The script: one connection, a new e-mail and UCAS Personal ID each call, never opening the
    // form; a tenth of its calls do fetch a form-start token, but it solves no proof of work.
    const script = async () => {
      const client = new StackClient(stack.gatewayUrl, { localAddress: ADDRESS });
      await client.get(apiPath('ping'));
      await inParallel(SCRIPT_CALLS, 8, async (n) => {
        const form = student(20_000 + n);
        const res =
          n % 10 === 0 ? await client.sendWithHeaders('POST', path, form, { 'x-form-start': await formStart(client) }) : await client.send('POST', path, form);
        tally(scriptStatuses, String(res.status));
      });
    };
    // The class: each student opens the form and sends it as the web app does.
    const klass = () =>
      inParallel(CLASS, 8, async (n) => {
        const client = new StackClient(stack.gatewayUrl, { localAddress: ADDRESS });
        await client.get(apiPath('ping'));
        const token = await formStart(client);
        const res = await applyAsBrowser(client, path, student(10_000 + n), token);
        tally(classStatuses, `${res.status}${res.proofAsked ? ' after proof' : ''}`);
        if (res.status === 200) expect(applyResponseSchema.parse(res.body).confirmed_status).toBe('X');
      });
    await Promise.all([script(), klass()]);
    console.log(
      `class of ${CLASS} and a script of ${SCRIPT_CALLS} calls on one address: class ${JSON.stringify(Object.fromEntries(classStatuses))}, script ${JSON.stringify(Object.fromEntries(scriptStatuses))}`,
    );

    // Every student stored, those past the budget after their proof of work.
    const stored = (classStatuses.get('200') ?? 0) + (classStatuses.get('200 after proof') ?? 0);
    expect(stored).toBe(CLASS);
    expect([...classStatuses.keys()].every((k) => k.startsWith('200'))).toBe(true);
    // The script stored what was left of the budget of the window (10 together with the students
    // who came under it), no more; its tokenless calls were refused 429, its tokened ones asked 428.
    const scriptStored = scriptStatuses.get('200') ?? 0;
    expect(scriptStored + (classStatuses.get('200') ?? 0)).toBe(BUDGET);
    expect(scriptStored).toBeLessThanOrEqual(BUDGET);
    expect((scriptStatuses.get('429') ?? 0) + (scriptStatuses.get('428') ?? 0)).toBe(SCRIPT_CALLS - scriptStored);
    expect(scriptStatuses.get('428')).toBeGreaterThan(0);
  }, 600_000);
});
