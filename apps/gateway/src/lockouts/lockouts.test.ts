import { apiPath } from '@clearing-desk/contracts';
import { DEMO_DIRECTORY, startDirectory, type Directory, type Stack } from '@clearing-desk/stack';
import { Redis } from 'ioredis';
import { StackClient, startTestStack } from '../testing/stack-client';

/**
 * Lockouts nobody can aim on the real Redis and the demo slapd: OWASP's device
 * cookies keep a browser that signed a user in before out of the reach of refusals from
 * elsewhere, and every count is keyed on the directory's canonical uid. This stack holds an
 * address for the whole window after one refusal (LOGIN_RATE_MAX_PER_ADDRESS 1), so an address an
 * attacker used is locked for certain while the test runs, and a device after 3 of its own.
 */

const PASSWORD = DEMO_DIRECTORY.password;
const PREFIX = `clearing-test-lockouts-${process.pid}`;
const TOO_MANY = { message: 'Too many sign-in attempts. Please wait a few minutes and try again.' };
const INCORRECT = { message: 'Incorrect username/password' };

let directory: Directory;
let stack: Stack;
let redis: Redis;
let address = 0;
/** A new browser (no cookies) from its own made-up address, or from `ip` (the gateway trusts X-Forwarded-For from 127.0.0.1). */
const browser = (ip?: string) => {
  address += 1;
  return { client: new StackClient(stack.gatewayUrl), headers: { 'x-forwarded-for': ip ?? `198.51.100.${address}` } };
};

beforeAll(async () => {
  directory = await startDirectory({ port: 'free' });
  stack = await startTestStack({
    services: [],
    directoryUrl: directory.url,
    gatewayEnv: {
      REDIS_KEY_PREFIX: PREFIX,
      LOGIN_FAILURE_MIN_MS: '50',
      LOGIN_PAIR_FREE_FAILURES: '3',
      LOGIN_RATE_MAX_PER_USERNAME: '5',
      LOGIN_RATE_MAX_PER_ADDRESS: '1',
      LOGIN_DEVICE_MAX_FAILURES: '3',
      TRUST_PROXY: '127.0.0.1',
    },
  });
  redis = new Redis('redis://127.0.0.1:6379');
}, 120_000);

afterAll(async () => {
  const keys = await redis.keys(`${PREFIX}:*`);
  if (keys.length > 0) await redis.del(...keys);
  redis?.disconnect();
  await stack?.stop();
  await directory?.stop();
});

describe('device cookies (OWASP)', () => {
  it('30 refusals from 20 addresses, the adviser’s own among them, hold a new browser; the browser that signed in before gets in at once', async () => {
    const office = '203.0.113.1';
    const adviser = browser(office);
    expect((await adviser.client.login('backoffice', PASSWORD, adviser.headers)).status).toBe(200);
    expect((await adviser.client.sendWithHeaders('PUT', apiPath('authLogout'), null, adviser.headers)).status).toBe(204);

    // 30 wrong passwords for backoffice from 20 addresses (the office's first), none waiting out a lockout.
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const attacker = browser(`203.0.113.${(i % 20) + 1}`);
      const res = await attacker.client.login('backoffice', 'wrong', attacker.headers);
      statuses.push(res.status);
      expect(res.body).toEqual(res.status === 401 ? INCORRECT : TOO_MANY);
    }
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(5);

    // A new browser in the same office is held (its address is over its ceiling for the window).
    const colleague = browser(office);
    const held = await colleague.client.login('backoffice', PASSWORD, colleague.headers);
    expect(held.status).toBe(429);
    expect(held.body).toEqual(TOO_MANY);

    // The browser that signed backoffice in before is not slowed at all: 200 at its first try,
    // from the office and from anywhere else.
    const again = await adviser.client.login('backoffice', PASSWORD, adviser.headers);
    expect(again.status).toBe(200);
    expect((again.body as { username: string }).username).toBe('backoffice');
    const elsewhere = await adviser.client.login('backoffice', PASSWORD, { 'x-forwarded-for': '192.0.2.77' });
    expect(elsewhere.status).toBe(200);
  });

  it('gives the browser an HttpOnly, SameSite=Strict device cookie for the sign-in routes only, for 90 days, naming no user', async () => {
    const { client, headers } = browser();
    await client.get(apiPath('ping'));
    const res = await client.sendForm(apiPath('authLogin'), { username: 'visateam', password: PASSWORD }, headers);
    expect(res.status).toBe(200);
    const line = res.headers.getSetCookie().find((l) => l.startsWith('clearing_device_'));
    expect(line).toBeDefined();
    expect(line).toMatch(/; Path=\/api\/admin\/auth(;|$)/);
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Strict/);
    expect(line).toMatch(/; Max-Age=7776000/);
    // The name does not show the user, nor the value.
    expect(line).not.toMatch(/visateam/);
  });

  it('locks a device on its own after 3 refusals from it, while a new browser for the same user is not held by them; an Administrator lifts it', async () => {
    const device = browser();
    expect((await device.client.login('editor', PASSWORD, device.headers)).status).toBe(200);
    // Three wrong passwords from the trusted browser, each from a new address (no address ceiling holds it).
    for (let i = 0; i < 3; i += 1) {
      expect((await device.client.login('editor', 'wrong', { 'x-forwarded-for': `192.0.2.${10 + i}` })).status).toBe(401);
    }
    const locked = await device.client.login('editor', PASSWORD, { 'x-forwarded-for': '192.0.2.20' });
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual(TOO_MANY);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);

    // The device's refusals never counted on the username: a new browser gets in at once.
    const other = browser();
    expect((await other.client.login('editor', PASSWORD, other.headers)).status).toBe(200);

    // The Administrator sees the device lockout and lifts it; the device then gets in.
    const admin = browser();
    expect((await admin.client.login('admin', PASSWORD, admin.headers)).status).toBe(200);
    type Rows = { rows: { kind: string; username: string | null; address: string | null; refusals: number }[] };
    const listed = (await admin.client.get(`${apiPath('signInLockouts')}?_=1`)).body as Rows;
    expect(listed.rows.filter((row) => row.kind === 'device')).toEqual([
      expect.objectContaining({ kind: 'device', username: 'editor', address: null, refusals: 3 }),
    ]);
    const lifted = await admin.client.send('POST', apiPath('liftSignInLockout'), { kind: 'device', username: 'editor', address: null });
    expect(lifted.status).toBe(200);
    expect((lifted.body as Rows).rows.filter((row) => row.kind === 'device')).toEqual([]);
    expect((await device.client.login('editor', PASSWORD, { 'x-forwarded-for': '192.0.2.21' })).status).toBe(200);
  });

  it('does not trust a device cookie of another user, nor one whose value was changed', async () => {
    const device = browser();
    await device.client.get(apiPath('ping'));
    const first = await device.client.sendForm(apiPath('authLogin'), { username: 'frontoffice', password: PASSWORD }, device.headers);
    expect(first.status).toBe(200);
    const name = first.headers
      .getSetCookie()
      .find((l) => l.startsWith('clearing_device_'))!
      .split('=')[0] as string;
    const value = device.client.cookie(name) as string;
    // A wrong password for another user from this browser counts as an untrusted browser's: that address is held.
    const address = '192.0.2.90';
    expect((await device.client.login('bolimited', 'wrong', { 'x-forwarded-for': address })).status).toBe(401);
    expect((await device.client.login('bolimited', PASSWORD, { 'x-forwarded-for': address })).status).toBe(429);
    // frontoffice's cookie with another id under the same signature is no device cookie: the address ceiling holds it.
    device.client.setCookie(name, `x${value}`);
    expect((await device.client.login('frontoffice', PASSWORD, { 'x-forwarded-for': address })).status).toBe(429);
    device.client.setCookie(name, value);
    expect((await device.client.login('frontoffice', PASSWORD, { 'x-forwarded-for': address })).status).toBe(200);
  });
});

describe('usernames counted by the directory’s uid', () => {
  it('counts full-width ‘ａｄｍｉｎ’, ‘ADMİN’ and ‘Admin’ with ‘admin’, and signs ‘ａｄｍｉｎ’ in as admin', async () => {
    const typed = ['ａｄｍｉｎ', 'ADMİN', 'Admin', 'ａｄｍｉｎ', 'admin'];
    for (const username of typed) {
      const { client, headers } = browser();
      const res = await client.login(username, 'wrong', headers);
      expect(res.status).toBe(401);
    }
    // One count of five refusals, on the uid; none on the typed variants.
    expect(await redis.get(`${PREFIX}:login:username:admin`)).toBe('5');
    expect(await redis.keys(`${PREFIX}:login:username:ａ*`)).toEqual([]);
    expect(await redis.keys(`${PREFIX}:login:username:admi̇n`)).toEqual([]);

    const { client, headers } = browser();
    const res = await client.login('ａｄｍｉｎ', PASSWORD, headers);
    expect(res.status).toBe(200);
    expect((res.body as { username: string }).username).toBe('admin');
  });
});
