import { createAssessForm } from '@clearing-desk/contracts/testing';
import { apiPath, errorResponseSchema, tooManyRequestsMessage } from '@clearing-desk/contracts';
import type { Stack } from '@clearing-desk/stack';
import { StackClient, startTestStack } from '../../testing/stack-client';

/**
 * Public route limits on the real Redis, per client address. The test runner is
 * the gateway's only trusted proxy (TRUST_PROXY=127.0.0.1), so X-Forwarded-For names each client.
 */
const WINDOW_MS = 60_000;
let stack: Stack;
let untrusted: Stack;
let address = 0;
const newAddress = () => `203.0.113.${(address += 1)}`;

beforeAll(async () => {
  [stack, untrusted] = await Promise.all([
    startTestStack({
      services: ['courses', 'applications', 'assessment'],
      gatewayEnv: {
        TRUST_PROXY: '127.0.0.1',
        RATE_LIMIT_WINDOW_MS: String(WINDOW_MS),
        RATE_LIMIT_APPLIED_MAX: '5',
        RATE_LIMIT_APPLIED_PER_APPLICANT_MAX: '2',
        RATE_LIMIT_ASSESS_MAX: '4',
        RATE_LIMIT_APPLY_MAX: '2',
        // A public submission counts on the address's budget (form-guard.ts), the ceiling being for staff and proven ones.
        RATE_LIMIT_APPLY_BUDGET: '2',
        RATE_LIMIT_UPLOAD_MAX: '2',
      },
    }),
    // Default TRUST_PROXY (none): X-Forwarded-For is ignored, the TCP peer is the client.
    startTestStack({ services: ['applications'], gatewayEnv: { RATE_LIMIT_APPLIED_MAX: '2' } }),
  ]);
}, 180_000);

afterAll(async () => {
  await Promise.all([stack?.stop(), untrusted?.stop()]);
});

let applicant = 0;
/** The applied check for a new applicant each time unless `email` is given. */
const applied = (client: StackClient, ip: string, email = `applicant.${(applicant += 1)}@example.com`) =>
  client.get(`${apiPath('applied', { ucasCode: 'G400' })}?email=${encodeURIComponent(email)}&_=1`, { 'x-forwarded-for': ip });

function expect429(res: { status: number; body: unknown; headers: Headers }) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_MS / 1000);
  expect(errorResponseSchema.parse(res.body)).toEqual({ message: tooManyRequestsMessage(retryAfter) });
}

describe('rate limits of the public routes', () => {
  it('limits the applied check per (address, applicant e-mail) under the address ceiling', async () => {
    const client = new StackClient(stack.gatewayUrl);
    const ip = newAddress();
    const hammer = 'hammer@example.com';
    expect((await applied(client, ip, hammer)).status).toBe(200);
    expect((await applied(client, ip, 'HAMMER@example.com ')).status).toBe(200);
    expect429(await applied(client, ip, hammer));
    // Another applicant behind the same address is not held by it.
    expect((await applied(client, ip, 'someone.else@example.com')).status).toBe(200);
    // Nor is the same e-mail from another address.
    expect((await applied(client, newAddress(), hammer)).status).toBe(200);
  });

  it('bounds a script rotating e-mails by the address ceiling, with Retry-After and the message the web app shows', async () => {
    const client = new StackClient(stack.gatewayUrl);
    const ip = newAddress();
    for (let i = 0; i < 5; i += 1) expect((await applied(client, ip)).status).toBe(200);
    const refused = await applied(client, ip);
    expect429(refused);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    // Another address behind the same proxy has its own count.
    expect((await applied(client, newAddress())).status).toBe(200);
  });

  it('limits assess and apply per client address, each route with its own count', async () => {
    const client = new StackClient(stack.gatewayUrl);
    await client.get(apiPath('ping'));
    const ip = newAddress();
    for (let i = 0; i < 4; i += 1)
      expect((await client.sendWithHeaders('POST', apiPath('assess', { course: 'G400' }), createAssessForm(), { 'x-forwarded-for': ip })).status).toBe(200);
    expect429(await client.sendWithHeaders('POST', apiPath('assess', { course: 'G400' }), createAssessForm(), { 'x-forwarded-for': ip }));
    // A refused burst is refused before the body is read: even a malformed body gets 429.
    expect429(await client.sendWithHeaders('POST', apiPath('assess', { course: 'G400' }), { NOT: 'a form' }, { 'x-forwarded-for': ip }));
    // apply counts apart from assess (its budget per address); its bodies here are refused (400) but still counted.
    for (let i = 0; i < 2; i += 1)
      expect((await client.sendWithHeaders('POST', apiPath('apply', { course: 'G400' }), {}, { 'x-forwarded-for': ip })).status).toBe(400);
    expect429(await client.sendWithHeaders('POST', apiPath('apply', { course: 'G400' }), {}, { 'x-forwarded-for': ip }));
  });

  it('limits uploads per client address', async () => {
    const client = new StackClient(stack.gatewayUrl);
    await client.get(apiPath('ping'));
    const ip = newAddress();
    const post = () =>
      fetch(`${stack.gatewayUrl}${apiPath('fileUpload')}`, {
        method: 'POST',
        headers: { 'x-forwarded-for': ip, 'content-type': 'text/plain' },
        body: 'x',
      }).then(async (res) => ({
        status: res.status,
        body: (await res.json()) as unknown,
        headers: res.headers,
      }));
    // Without the XSRF token these are refused (403), but every attempt counts.
    expect((await post()).status).toBe(403);
    expect((await post()).status).toBe(403);
    expect429(await post());
  });

  it('ignores X-Forwarded-For unless its sender is a trusted proxy (default: none)', async () => {
    const client = new StackClient(untrusted.gatewayUrl);
    const ip = newAddress();
    expect((await applied(client, ip)).status).toBe(200);
    // A new made-up address each time does not escape the limit of the real peer address.
    expect((await applied(client, newAddress())).status).toBe(200);
    expect429(await applied(client, newAddress()));
  });
});
