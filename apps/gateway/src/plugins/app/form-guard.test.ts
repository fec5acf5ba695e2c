import { once } from 'node:events';
import {
  apiPath,
  FORM_PROOF_HEADER,
  FORM_PROOF_REQUIRED_MESSAGE,
  FORM_START_HEADER,
  FORM_START_INVALID_MESSAGE,
  formProofRequiredSchema,
  formStartResponseSchema,
  formTooFastMessage,
  tooManyRequestsMessage,
} from '@clearing-desk/contracts';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { testGatewayConfig } from '../../testing/test-config';
import { formGuardKeys, readFormStart, signFormStart } from './form-guard';

// Built in-process as openapi.test.ts does, without the two ES modules Jest's runtime cannot load.
jest.mock('../external/web-app', () => ({ webAppPlugin: async () => undefined }));
jest.mock('openid-client', () => ({}));

/**
 * The form guard of the public submission, on the real Redis. Every call here
 * stops at the guard or just after it, at the body's validation (400 naming the missing form):
 * `through` shows the guard let the call through. Times are given, never waited for: a token is signed
 * with the issue time a case needs.
 */
const env = { RATE_LIMIT_APPLY_BUDGET: '1', FORM_MIN_FILL_MS: '10000', FORM_POW_COST: '1', FORM_POW_COUNTER_MAX: '20' };
const config = testGatewayConfig(env);
const { tokenKey } = formGuardKeys(config);
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildApp(config);
  // The gateway's Redis never queues a command before it is connected, and a count it cannot make
  // lets the call through: the budget is only counted once the connection is ready.
  if (app.redis.status !== 'ready') await once(app.redis, 'ready');
});
afterAll(async () => {
  await app?.close();
});

const apply = (headers: Record<string, string>, remoteAddress: string) =>
  app.inject({ method: 'POST', url: apiPath('apply', { course: 'G400' }), payload: { data: {} }, headers, remoteAddress });
/**
 * A call the guard let through: the next check refuses it (its empty form, or the XSRF check that
 * follows the schema), never with the guard's answers (428, 429, or a form-start refusal).
 */
const through = (res: { statusCode: number; json: () => unknown }) => {
  const { message } = res.json() as { message?: string };
  return [400, 403].includes(res.statusCode) && message !== FORM_START_INVALID_MESSAGE && !/^This form was sent too soon/.test(message ?? '');
};
const opened = (msAgo: number) => signFormStart(tokenKey, Date.now() - msAgo);

describe('form-start tokens', () => {
  it('are read back with their age, and refused when altered or signed with another key', () => {
    const token = signFormStart(tokenKey, 1_000);
    expect(readFormStart(tokenKey, token, 31_000)).toEqual({ valid: true, ageMs: 30_000 });
    expect(readFormStart(tokenKey, token.replace('.1000.', '.999.'), 31_000)).toEqual({ valid: false });
    expect(readFormStart(formGuardKeys({ SESSION_SECRET: 'another-secret-0123456789abcdef-xyz' }).tokenKey, token, 31_000)).toEqual({ valid: false });
    expect(readFormStart(tokenKey, 'f1.1.2', 31_000)).toEqual({ valid: false });
  });

  it('GET /api/form-start answers a token of now', async () => {
    const res = await app.inject({ method: 'GET', url: apiPath('formStart') });
    expect(res.statusCode).toBe(200);
    const { token } = formStartResponseSchema.parse(res.json());
    const read = readFormStart(tokenKey, token, Date.now());
    expect(read.valid && read.ageMs >= 0 && read.ageMs < 60_000).toBe(true);
  });

  it('refuses a form sent sooner than FORM_MIN_FILL_MS after it was opened, or a day after', async () => {
    const fast = await apply({ [FORM_START_HEADER]: opened(2_500) }, '10.9.0.1');
    expect(fast.statusCode).toBe(400);
    expect(fast.json()).toEqual({ message: formTooFastMessage(8) });
    const old = await apply({ [FORM_START_HEADER]: opened(25 * 60 * 60 * 1000) }, '10.9.0.1');
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual({ message: FORM_START_INVALID_MESSAGE });
    const forged = await apply({ [FORM_START_HEADER]: `${opened(60_000).slice(0, -4)}AAAA` }, '10.9.0.1');
    expect(forged.json()).toEqual({ message: FORM_START_INVALID_MESSAGE });
  });
});

describe('the submission budget of an address', () => {
  it('lets the budget through, then refuses a call without a token and asks a proof of work of one with it, once per challenge', async () => {
    const address = '10.9.0.2';
    // Within the budget (1 here): through to the next check.
    expect(through(await apply({}, address))).toBe(true);
    // Past it, without the form: 429 with Retry-After.
    const bare = await apply({}, address);
    expect(bare.statusCode).toBe(429);
    expect(bare.json()).toEqual({ message: tooManyRequestsMessage(Number(bare.headers['retry-after'])) });
    // With the form opened 30 s ago: 428 and a challenge.
    const token = opened(30_000);
    const asked = await apply({ [FORM_START_HEADER]: token }, address);
    expect(asked.statusCode).toBe(428);
    const { message, challenge } = formProofRequiredSchema.parse(asked.json());
    expect(message).toBe(FORM_PROOF_REQUIRED_MESSAGE);
    // A wrong solution: asked again.
    const wrong = Buffer.from(JSON.stringify({ challenge, solution: { counter: 99_999, derivedKey: '00' } })).toString('base64');
    expect((await apply({ [FORM_START_HEADER]: token, [FORM_PROOF_HEADER]: wrong }, address)).statusCode).toBe(428);
    // Solved: through; the same solution again: asked again.
    const solution = await solveChallenge({ challenge: challenge as Challenge, deriveKey });
    const proof = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    expect(through(await apply({ [FORM_START_HEADER]: token, [FORM_PROOF_HEADER]: proof }, address))).toBe(true);
    expect((await apply({ [FORM_START_HEADER]: token, [FORM_PROOF_HEADER]: proof }, address)).statusCode).toBe(428);
    // Another address has its own budget.
    expect(through(await apply({}, '10.9.0.3'))).toBe(true);
  });
});
