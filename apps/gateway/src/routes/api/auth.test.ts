import { randomBytes } from 'node:crypto';
import {
  apiPath,
  courseDetailResponseSchema,
  courseSearchResponseSchema,
  FORM_OPEN_HEADER,
  sessionStateSchema,
  STAFF_SIGNED_IN_COOKIE,
  staffUserResponseSchema,
  apiRouteLabel,
} from '@clearing-desk/contracts';
import { DEMO_DIRECTORY, startDirectory, startStack, type Directory, type Stack } from '@clearing-desk/stack';
import { Redis } from 'ioredis';
import { signedSessionSerializer } from '../../plugins/app/staff-session';
import { StackClient, startTestStack } from '../../testing/stack-client';

const PASSWORD = DEMO_DIRECTORY.password;
const FAILURE_MIN_MS = 400;
const INCORRECT = { message: 'Incorrect username/password' };
const TOO_MANY = { message: 'Too many sign-in attempts. Please wait a few minutes and try again.' };
const USERNAME_DELAY_MAX_MS = 2_000;

let directory: Directory;
let stack: Stack;
let address = 0;
/** A client from its own made-up address (the gateway trusts X-Forwarded-For from 127.0.0.1: TRUST_PROXY), so per-address limits stay apart. */
const newClient = () => {
  address += 1;
  const ip = `198.51.100.${address}`;
  const client = new StackClient(stack.gatewayUrl);
  return { client, headers: { 'x-forwarded-for': ip } };
};

beforeAll(async () => {
  directory = await startDirectory({ port: 'free' });
  stack = await startTestStack({
    services: ['courses', 'applications'],
    directoryUrl: directory.url,
    // The test runner is the gateway's only proxy: its X-Forwarded-For names each made-up client.
    // Sign-in limits: 3 free refusals per pair, delays per username past 5 of
    // at most 2 s (a minute in production), 8 refusals per address.
    gatewayEnv: {
      LOGIN_FAILURE_MIN_MS: String(FAILURE_MIN_MS),
      LOGIN_PAIR_FREE_FAILURES: '3',
      LOGIN_RATE_MAX_PER_USERNAME: '5',
      LOGIN_USERNAME_DELAY_MAX_MS: String(USERNAME_DELAY_MAX_MS),
      LOGIN_RATE_MAX_PER_ADDRESS: '8',
      TRUST_PROXY: '127.0.0.1',
    },
  });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await directory?.stop();
});

describe(apiRouteLabel('authLogin'), () => {
  it.each(DEMO_DIRECTORY.users.map((u) => [u.username, u] as const))('signs in %s and answers the user with the roles of its groups', async (_name, demo) => {
    const { client, headers } = newClient();
    const res = await client.login(demo.username, PASSWORD, headers);
    expect(res.status).toBe(200);
    expect(staffUserResponseSchema.parse(res.body)).toEqual({ username: demo.username, name: demo.name, roles: demo.roles });
    const me = await client.get(apiPath('authUser'));
    expect(me.status).toBe(200);
    expect(me.body).toEqual(res.body);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie scoped to /api that carries no user data', async () => {
    const { client, headers } = newClient();
    const res = await client.login('editor', PASSWORD, headers);
    const line = res.headers.getSetCookie().find((c) => c.startsWith('clearing_session='));
    expect(line).toBeDefined();
    expect(line).toMatch(/; HttpOnly/i);
    expect(line).toMatch(/; SameSite=Lax/i);
    expect(line).toMatch(/; Path=\/api(;|$)/);
    expect(line).not.toMatch(/Secure/);
    expect(line).not.toMatch(/Eddie|Editor/);
  });

  it('sets the pages a readable sign-in hint beside the session, cleared by sign-out and by a call that finds no session', async () => {
    const { client, headers } = newClient();
    const res = await client.login('editor', PASSWORD, headers);
    const line = res.headers.getSetCookie().find((c) => c.startsWith(`${STAFF_SIGNED_IN_COOKIE}=`));
    expect(line).toMatch(new RegExp(`^${STAFF_SIGNED_IN_COOKIE}=1;`));
    expect(line).not.toMatch(/HttpOnly/i);
    expect(line).toMatch(/; Path=\/(;|$)/);
    expect(line).toMatch(/; SameSite=Lax/i);
    expect(client.cookie(STAFF_SIGNED_IN_COOKIE)).toBe('1');
    // A call with the hint and a live session keeps both.
    expect((await client.get(apiPath('authUser'))).status).toBe(200);
    expect(client.cookie(STAFF_SIGNED_IN_COOKIE)).toBe('1');
    expect((await client.sendWithHeaders('PUT', apiPath('authLogout'), null, headers)).status).toBe(204);
    expect(client.cookie(STAFF_SIGNED_IN_COOKIE)).toBeUndefined();
    // A hint left behind by a session that ended on the server goes with the 401.
    client.setCookie(STAFF_SIGNED_IN_COOKIE, '1');
    expect((await client.get(apiPath('authUser'))).status).toBe(401);
    expect(client.cookie(STAFF_SIGNED_IN_COOKIE)).toBeUndefined();
  });

  it.each([
    ['a wrong password', 'admin', 'not-the-password'],
    ['an unknown user', 'nobody-here', PASSWORD],
    ['an empty password', 'admin', ''],
    ['an empty username', '', PASSWORD],
  ])('refuses %s with 401, the same message, after at least the minimum time', async (_what, username, password) => {
    const { client, headers } = newClient();
    const started = Date.now();
    const res = await client.login(username, password, headers);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(INCORRECT);
    expect(Date.now() - started).toBeGreaterThanOrEqual(FAILURE_MIN_MS - 5);
    expect((await client.get(apiPath('authUser'))).status).toBe(401);
  });

  it.each(['*', '*)(uid=*', 'admin)(|(uid=*', 'adm*', 'admin\\2a', '*)(|(cn=*))'])('treats the injection attempt %j as a literal name', async (username) => {
    const { client, headers } = newClient();
    const res = await client.login(username, PASSWORD, headers);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(INCORRECT);
  });

  it('answers 400 for a username over 16 or a password over 256 characters', async () => {
    const { client, headers } = newClient();
    expect((await client.login('a'.repeat(17), PASSWORD, headers)).status).toBe(400);
    const long = await client.login('admin', 'p'.repeat(257), headers);
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ message: expect.stringContaining("'Password' max length is 256.") });
  });

  it('refuses a login without the XSRF token with 403, and stores no session', async () => {
    const { client, headers } = newClient();
    await client.get(apiPath('ping'));
    const res = await client.sendForm(apiPath('authLogin'), { username: 'admin', password: PASSWORD, token: 'forged' }, headers);
    expect(res.status).toBe(403);
    expect(client.cookie('clearing_session')).toBeUndefined();
  });

  it('gives a new session id at every sign-in, and the old one stops working (no fixation)', async () => {
    const { client, headers } = newClient();
    await client.login('frontoffice', PASSWORD, headers);
    const first = client.cookie('clearing_session');
    await client.login('backoffice', PASSWORD, headers);
    const second = client.cookie('clearing_session');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(((await client.get(apiPath('authUser'))).body as { username: string }).username).toBe('backoffice');
    client.setCookie('clearing_session', first as string);
    expect((await client.get(apiPath('authUser'))).status).toBe(401);
  });

  it('renews the CSRF secret and token at sign-in and at sign-out: a token read before either is refused after it', async () => {
    const { client, headers } = newClient();
    await client.get(apiPath('ping'));
    const before = { secret: client.cookie('_csrf'), token: client.xsrfToken };
    expect(before.secret).toBeDefined();
    expect((await client.login('admin', PASSWORD, headers)).status).toBe(200);
    const signedIn = { secret: client.cookie('_csrf'), token: client.xsrfToken };
    expect(signedIn.secret).toBeDefined();
    expect(signedIn.secret).not.toBe(before.secret);
    expect(signedIn.token).not.toBe(before.token);
    // The pre-sign-in token, sent with the new secret, no longer passes the check.
    const stale = await client.send('PUT', apiPath('clearingStatusUpdate'), { state: 1, closing_message: null }, before.token);
    expect(stale.status).toBe(403);
    expect((await client.send('PUT', apiPath('clearingStatusUpdate'), { state: 1, closing_message: null })).status).toBe(200);

    expect((await client.sendWithHeaders('PUT', apiPath('authLogout'), null, headers)).status).toBe(204);
    expect(client.cookie('_csrf')).toBeDefined();
    expect(client.cookie('_csrf')).not.toBe(signedIn.secret);
    expect(client.xsrfToken).not.toBe(signedIn.token);
    const afterLogout = await client.sendForm(apiPath('authLogin'), { username: 'admin', password: PASSWORD, token: signedIn.token as string }, headers);
    expect(afterLogout.status).toBe(403);
  });

  it('slows a username guessed from many addresses, never for longer than its delay ceiling: the right password from a new address gets in', async () => {
    // Six refusals, each from a new address: only the per-username count can hold them.
    for (let i = 0; i < 6; i += 1) {
      const { client, headers } = newClient();
      expect((await client.login('visateam', 'wrong', headers)).status).toBe(401);
    }
    // Past five, the username waits (here at most 2 s) from every address, the right password too.
    const statuses: number[] = [];
    let waitedMs = 0;
    for (;;) {
      const { client, headers } = newClient();
      const res = await client.login('visateam', PASSWORD, headers);
      statuses.push(res.status);
      if (res.status === 200) break;
      expect(res.status).toBe(429);
      expect(res.body).toEqual(TOO_MANY);
      const wait = Number(res.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(0);
      expect(wait * 1000).toBeLessThanOrEqual(USERNAME_DELAY_MAX_MS);
      waitedMs += wait * 1000;
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    }
    expect(statuses[0]).toBe(429);
    expect(statuses.at(-1)).toBe(200);
    // Within a minute by what the gateway asked for (its Retry-After), not by the clock of a loaded machine.
    expect(waitedMs).toBeLessThan(60_000);
  });

  it('limits attempts per client address across usernames', async () => {
    const { client, headers } = newClient();
    const statuses: number[] = [];
    for (let i = 0; i < 9; i += 1) statuses.push((await client.login(`guess${i}`, 'wrong', headers)).status);
    expect(statuses.slice(0, 8).every((s) => s === 401)).toBe(true);
    expect(statuses[8]).toBe(429);
  });
});

/** Signs in with `password`, waiting out each 429's Retry-After (a lockout in force), until the directory answers. */
async function loginWaitingOutLockouts(client: StackClient, username: string, password: string) {
  const waits: number[] = [];
  for (;;) {
    const res = await client.login(username, password);
    if (res.status !== 429) return { res, waits };
    expect(res.body).toEqual(TOO_MANY);
    const wait = Number(res.headers.get('retry-after'));
    waits.push(wait);
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
  }
}

describe('sign-in lockouts from two client addresses', () => {
  type Lockouts = { rows: { kind: string; username: string | null; address: string | null; refusals: number; since: string; until: string }[] };

  it('six wrong passwords for editor from 127.0.0.2 hold that pair; the right one from 127.0.0.1 signs in within a minute; an Administrator sees and lifts the lockout', async () => {
    const attacker = new StackClient(stack.gatewayUrl, { localAddress: '127.0.0.2' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const { res } = await loginWaitingOutLockouts(attacker, 'editor', 'wrong');
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401]);
    // Three refusals are free, then 1 s, 2 s, 4 s: the pair now waits 4 s, even with the right password.
    const held = await attacker.login('editor', PASSWORD);
    expect(held.status).toBe(429);
    expect(held.body).toEqual(TOO_MANY);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    const staff = new StackClient(stack.gatewayUrl, { localAddress: '127.0.0.1' });
    const { res, waits } = await loginWaitingOutLockouts(staff, 'editor', PASSWORD);
    expect(res.status).toBe(200);
    expect((res.body as { username: string }).username).toBe('editor');
    // The username's own delay (past 5 refusals) may slow it, never past its ceiling (a minute in production).
    for (const wait of waits) expect(wait * 1000).toBeLessThanOrEqual(USERNAME_DELAY_MAX_MS);
    // Within a minute by the waits the gateway asked for, not by the clock of a loaded machine.
    expect(waits.reduce((sum, wait) => sum + wait * 1000, 0)).toBeLessThan(60_000);

    // An Administrator sees the pair's lockout and lifts it; the editor from 127.0.0.2 then gets in at once.
    const { client: admin, headers } = newClient();
    expect((await admin.login('admin', PASSWORD, headers)).status).toBe(200);
    const listed = await admin.get(`${apiPath('signInLockouts')}?_=1`);
    expect(listed.status).toBe(200);
    const pair = (listed.body as Lockouts).rows.find((row) => row.kind === 'pair' && row.username === 'editor');
    expect(pair).toMatchObject({ kind: 'pair', username: 'editor', address: '127.0.0.2', refusals: 6 });
    expect(Date.parse(pair!.until)).toBeGreaterThan(Date.now());

    const lifted = await admin.send('POST', apiPath('liftSignInLockout'), { kind: 'pair', username: 'editor', address: '127.0.0.2' });
    expect(lifted.status).toBe(200);
    expect((lifted.body as Lockouts).rows.filter((row) => row.kind === 'pair' && row.username === 'editor')).toEqual([]);
    const after = await attacker.login('editor', PASSWORD);
    expect(after.status).toBe(200);
  });

  it('shows the lockouts to an Administrator only: 403 for another role, 401 without a session, 403 for a lift without the XSRF token', async () => {
    const { client: editor, headers } = newClient();
    await editor.login('editor', PASSWORD, headers);
    expect(await editor.get(`${apiPath('signInLockouts')}?_=1`)).toMatchObject({ status: 403, body: { message: 'You do not have permission to do this.' } });
    expect((await editor.send('POST', apiPath('liftSignInLockout'), { kind: 'username', username: 'admin', address: null })).status).toBe(403);
    const { client: anonymous } = newClient();
    expect((await anonymous.get(`${apiPath('signInLockouts')}?_=1`)).status).toBe(401);
    const { client: admin, headers: adminHeaders } = newClient();
    await admin.login('admin', PASSWORD, adminHeaders);
    expect((await admin.send('POST', apiPath('liftSignInLockout'), { kind: 'username', username: 'x', address: null }, 'forged')).status).toBe(403);
    expect((await admin.send('POST', apiPath('liftSignInLockout'), { kind: 'everyone', username: 'x', address: null })).status).toBe(400);
  });
});

describe(apiRouteLabel('authLogout'), () => {
  it('destroys the session server-side: the old cookie no longer works', async () => {
    const { client, headers } = newClient();
    await client.login('admin', PASSWORD, headers);
    const sessionCookie = client.cookie('clearing_session') as string;
    const res = await client.send('PUT', apiPath('authLogout'), {});
    expect(res.status).toBe(204);
    expect(client.cookie('clearing_session')).toBeUndefined();
    client.setCookie('clearing_session', sessionCookie);
    const replay = await client.get(apiPath('authUser'));
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ message: 'Not logged in' });
  });

  // A call that read the session before the sign-out used to write it back after (the
  // rolling save at its end), and the ended session came back. Redis's MONITOR tells when the
  // gateway has read the session, so the sign-out lands while that call is surely in flight.
  it('is not undone by a call in flight that read the session before it: the same cookie gets 401 after', async () => {
    const { client, headers } = newClient();
    await client.login('backoffice', PASSWORD, headers);
    const sessionCookie = client.cookie('clearing_session') as string;
    const sessionKey = `:session:${sessionCookie.slice(0, sessionCookie.lastIndexOf('.'))}`;
    const redis = new Redis('redis://127.0.0.1:6379');
    const monitor = await redis.monitor();
    try {
      const sessionRead = new Promise<void>((resolve) => {
        monitor.on('monitor', (_time: string, args: string[]) => {
          if (args[0]?.toLowerCase() === 'get' && args[1]?.endsWith(sessionKey)) resolve();
        });
      });
      // 'Stay signed in' (an active call, which the session hook records) with its body held back.
      const inFlight = client.startSlowly('PUT', apiPath('authSessionExtend'), null);
      await sessionRead;
      expect((await client.sendWithHeaders('PUT', apiPath('authLogout'), null, headers)).status).toBe(204);
      expect((await inFlight.finish()).status).toBe(200);
    } finally {
      monitor.disconnect();
      redis.disconnect();
    }
    expect(await client.get(apiPath('authUser'))).toMatchObject({ status: 401, body: { message: 'Not logged in' } });
    client.setCookie('clearing_session', sessionCookie);
    expect(await client.get(apiPath('authUser'))).toMatchObject({ status: 401, body: { message: 'Not logged in' } });
  });

  it('refuses a logout with a wrong XSRF token with 403 and keeps the session', async () => {
    const { client, headers } = newClient();
    await client.login('admin', PASSWORD, headers);
    const res = await client.send('PUT', apiPath('authLogout'), {}, 'forged');
    expect(res.status).toBe(403);
    expect((await client.get(apiPath('authUser'))).status).toBe(200);
  });

  // Spec section 7: the logout's payload is "none". The session cookie is SameSite=Lax, so a
  // cross-site PUT never carries it: no token is needed to end one's own session.
  it.each([
    ['no body and no Content-Type', {}],
    ['an empty JSON body', { headers: { 'content-type': 'application/json' } }],
    ['an empty form body', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }],
  ])('ends the session for a logout with %s (204)', async (_name, request) => {
    const { client, headers } = newClient();
    await client.login('editor', PASSWORD, headers);
    const sessionCookie = client.cookie('clearing_session') as string;
    const res = await client.raw('PUT', apiPath('authLogout'), request);
    expect(res.body).toBe('');
    expect(res.status).toBe(204);
    expect(client.cookie('clearing_session')).toBeUndefined();
    client.setCookie('clearing_session', sessionCookie);
    expect((await client.get(apiPath('authUser'))).status).toBe(401);
  });

  it('refuses a logout without a token that the browser marks as cross-site (403), keeping the session', async () => {
    const { client, headers } = newClient();
    await client.login('editor', PASSWORD, headers);
    const res = await client.raw('PUT', apiPath('authLogout'), { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(403);
    expect((await client.get(apiPath('authUser'))).status).toBe(200);
  });
});

describe('admin routes and access', () => {
  it.each([apiPath('authUser'), apiPath('deskCourse', { id: 'G400' }), apiPath('clearingStatusAudit')])('%s answers 401 without a session', async (path) => {
    const res = await new StackClient(stack.gatewayUrl).get(path);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Not logged in' });
  });

  it.each([
    ['admin', 'Administrator'],
    ['editor-cmps', 'Editor'],
    ['fo-law', null],
    ['nogroups', null],
  ])('GET /api/admin/courses/G400 as %s answers access %p', async (username, access) => {
    const { client, headers } = newClient();
    await client.login(username, PASSWORD, headers);
    const res = await client.get(apiPath('deskCourse', { id: 'G400' }));
    expect(res.status).toBe(200);
    expect(courseDetailResponseSchema.parse(res.body).access).toBe(access);
  });

  it('shows each course row with the staff user’s role, and none to the public', async () => {
    const { client, headers } = newClient();
    await client.login('fo-law', PASSWORD, headers);
    const staff = courseSearchResponseSchema.parse((await client.get(`${apiPath('courseSearch')}?q=law&page_size=50`)).body);
    expect(staff.rows.length).toBeGreaterThan(0);
    for (const row of staff.rows) expect(row.access).toBe(row.SCHOOL === 'LAW' ? 'Front Office' : null);
    const publicRows = (await new StackClient(stack.gatewayUrl).get(`${apiPath('courseSearch')}?q=law`)).body as { rows: object[] };
    for (const row of publicRows.rows) expect(row).not.toHaveProperty('access');
  });

  it('lets only an Administrator change Clearing, and audits the change', async () => {
    const { client: editor, headers: editorHeaders } = newClient();
    await editor.login('editor', PASSWORD, editorHeaders);
    expect((await editor.send('PUT', apiPath('clearingStatusUpdate'), { state: 0, closing_message: 'Closed by an editor' })).status).toBe(403);

    const { client: admin, headers } = newClient();
    await admin.login('admin', PASSWORD, headers);
    const closed = await admin.send('PUT', apiPath('clearingStatusUpdate'), { state: 0, closing_message: 'Clearing has closed for 2025/26.' });
    // The answer is the public state, the stored setting and the cycle (the Settings page's form reads them).
    expect(closed).toMatchObject({
      status: 200,
      body: { state: 0, closing_message: 'Clearing has closed for 2025/26.', setting: { state: 0, closing_message: 'Clearing has closed for 2025/26.' } },
    });
    expect((closed.body as { cycle: { NAME: string } }).cycle.NAME).toBe('2025/26');
    const audit = await admin.get(apiPath('clearingStatusAudit'));
    expect((audit.body as { rows: object[] }).rows[0]).toMatchObject({ username: 'admin', state: 0, closing_message: 'Clearing has closed for 2025/26.' });
    // The public sees the closed state; the signed-in Administrator reopens it.
    expect((await new StackClient(stack.gatewayUrl).get(apiPath('ping'))).body).toEqual({ state: 0 });
    expect((await admin.send('PUT', apiPath('clearingStatusUpdate'), { state: 1, closing_message: null })).status).toBe(200);
    expect((await admin.send('PUT', apiPath('clearingStatusUpdate'), { state: 1, closing_message: null }, 'forged')).status).toBe(403);
  });
});

/**
 * Session expiry without waiting on a clock: the timeouts are long, and the test
 * moves the session's own record in Redis back in time (its cookie expiry, its sign-in time), as
 * the time passing would have left it, then asks the gateway. What Redis itself does with the
 * idle timeout (the key's time to live) is asserted as a value.
 */
describe('sessions expire', () => {
  const IDLE_MS = 600_000;
  const ABSOLUTE_MS = 1_200_000;
  const CEILING_MS = 1_800_000;
  const prefix = `clearing-test-${randomBytes(4).toString('hex')}`;
  let shortStack: Stack;
  let redis: Redis;
  beforeAll(async () => {
    redis = new Redis('redis://127.0.0.1:6379');
    shortStack = await startStack({
      database: 'test',
      services: [],
      directoryUrl: directory.url,
      gatewayEnv: {
        INTERNAL_TOKEN: stack.internalToken,
        COURSES_URL: stack.urls.courses as string,
        APPLICATIONS_URL: stack.urls.applications as string,
        REDIS_KEY_PREFIX: prefix,
        SESSION_IDLE_TIMEOUT_MS: String(IDLE_MS),
        SESSION_ABSOLUTE_TIMEOUT_MS: String(ABSOLUTE_MS),
        SESSION_HARD_CEILING_MS: String(CEILING_MS),
      },
    });
  }, 60_000);
  afterAll(async () => {
    await shortStack?.stop();
    redis?.disconnect();
  });

  type StoredSession = { cookie: { expires: string }; signedInAt: number; lastActiveAt?: number; formOpen?: boolean };
  /** The Redis key of the client's session (the signed cookie is `<id>.<signature>`). */
  const keyOf = (client: StackClient) => {
    const signed = decodeURIComponent(client.cookie('clearing_session') as string);
    return `${prefix}:session:${signed.slice(0, signed.lastIndexOf('.'))}`;
  };
  /** The session id of a record's key. */
  const sidOf = (key: string) => key.slice(`${prefix}:session:`.length);
  /** The stack's own record signing (the test plays the gateway, so its rewrites carry a valid HMAC). */
  const records = () => signedSessionSerializer(shortStack.sessionSecret, () => undefined);
  const read = async (key: string) => records().parse(sidOf(key), (await redis.get(key)) as string) as StoredSession;
  /** Rewrites the stored session, keeping the key's time to live. */
  const rewrite = async (key: string, change: (session: StoredSession) => void) => {
    const session = await read(key);
    change(session);
    await redis.set(key, records().stringify(sidOf(key), session), 'KEEPTTL');
  };
  const signedInClient = async () => {
    const client = new StackClient(shortStack.gatewayUrl);
    await client.login('editor', PASSWORD);
    expect((await client.get(apiPath('authUser'))).status).toBe(200);
    return { client, key: keyOf(client) };
  };

  it('lives the idle timeout in Redis, renewed by each call', async () => {
    const { client, key } = await signedInClient();
    const ttl = await redis.pttl(key);
    expect(ttl).toBeGreaterThan(IDLE_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(IDLE_MS);
    await rewrite(key, (session) => (session.cookie.expires = new Date(Date.now() + 5_000).toISOString()));
    const before = Date.now();
    expect((await client.get(apiPath('authUser'))).status).toBe(200);
    expect(Date.parse((await read(key)).cookie.expires)).toBeGreaterThanOrEqual(before + IDLE_MS);
  });

  it('after the idle timeout without a call', async () => {
    const { client, key } = await signedInClient();
    await rewrite(key, (session) => (session.cookie.expires = new Date(Date.now() - 1_000).toISOString()));
    expect((await client.get(apiPath('authUser'))).status).toBe(401);
    expect(await redis.exists(key)).toBe(0);
  });

  it('after the absolute lifetime however busy the session is', async () => {
    const { client, key } = await signedInClient();
    // Busy until a minute before the end of its lifetime: still signed in.
    await rewrite(key, (session) => (session.signedInAt = Date.now() - ABSOLUTE_MS + 60_000));
    for (let call = 0; call < 3; call += 1) expect((await client.get(apiPath('authUser'))).status).toBe(200);
    // Past it, however recent the last call: signed out, and the session is gone from Redis.
    await rewrite(key, (session) => (session.signedInAt = Date.now() - ABSOLUTE_MS - 1_000));
    expect((await client.get(apiPath('authUser'))).status).toBe(401);
    expect(await redis.exists(key)).toBe(0);
  });

  // Activity is what the adviser does.
  it('is not kept alive by the background status ping nor by reading its state', async () => {
    const { client, key } = await signedInClient();
    const idleSince = Date.now() - IDLE_MS + 60_000;
    await rewrite(key, (session) => (session.lastActiveAt = idleSince));
    expect((await client.get(apiPath('ping'))).status).toBe(200);
    // Nor by an open form's presence heartbeat (here on an application that does not exist).
    expect((await client.send('PUT', apiPath('deskPresence', { student: '9999999', course: 'G400' }), { take_over: false })).status).toBe(404);
    const state = await client.get(apiPath('authSession'));
    expect(state.status).toBe(200);
    expect(sessionStateSchema.parse(state.body)).toMatchObject({ idleEndsAt: new Date(idleSince + IDLE_MS).toISOString(), warnBeforeMs: 120_000 });
    expect((await read(key)).lastActiveAt).toBe(idleSince);
    // A minute later nothing the adviser did: signed out, whatever the ping did meanwhile.
    await rewrite(key, (session) => (session.lastActiveAt = Date.now() - IDLE_MS - 1_000));
    expect((await client.get(apiPath('ping'))).status).toBe(200);
    expect((await client.get(apiPath('authUser'))).status).toBe(401);
    expect(await redis.exists(key)).toBe(0);
  });

  it('stays signed in with PUT /api/admin/auth/session (Stay signed in), an action of the adviser', async () => {
    const { client, key } = await signedInClient();
    await rewrite(key, (session) => (session.lastActiveAt = Date.now() - IDLE_MS + 60_000));
    const before = Date.now();
    const stay = await client.send('PUT', apiPath('authSessionExtend'), null);
    expect(stay.status).toBe(200);
    expect(Date.parse(sessionStateSchema.parse(stay.body).idleEndsAt)).toBeGreaterThanOrEqual(before + IDLE_MS);
    expect((await read(key)).lastActiveAt).toBeGreaterThanOrEqual(before);
    expect((await new StackClient(shortStack.gatewayUrl).get(apiPath('authSession'))).status).toBe(401);
  });

  it('outlives its absolute lifetime while a form is open, up to the hard ceiling', async () => {
    const { client, key } = await signedInClient();
    const formOpen = { [FORM_OPEN_HEADER]: '1' };
    expect((await client.get(apiPath('authUser'), formOpen)).status).toBe(200);
    expect((await read(key)).formOpen).toBe(true);
    const signedInAt = Date.now() - ABSOLUTE_MS - 60_000;
    await rewrite(key, (session) => (session.signedInAt = signedInAt));
    expect((await client.get(apiPath('authUser'), formOpen)).status).toBe(200);
    expect(sessionStateSchema.parse((await client.get(apiPath('authSession'))).body).endsAt).toBe(new Date(signedInAt + CEILING_MS).toISOString());
    // Past the ceiling: signed out even with the form open.
    await rewrite(key, (session) => (session.signedInAt = Date.now() - CEILING_MS - 1_000));
    expect((await client.get(apiPath('authUser'), formOpen)).status).toBe(401);
    expect(await redis.exists(key)).toBe(0);
  });
});

describe('when Redis is down', () => {
  let noRedis: Stack;
  beforeAll(async () => {
    noRedis = await startStack({
      database: 'test',
      services: [],
      directoryUrl: directory.url,
      gatewayEnv: {
        INTERNAL_TOKEN: stack.internalToken,
        SESSION_SECRET: stack.sessionSecret,
        COURSES_URL: stack.urls.courses as string,
        APPLICATIONS_URL: stack.urls.applications as string,
        REDIS_URL: 'redis://127.0.0.1:1',
      },
    });
  }, 60_000);
  afterAll(async () => {
    await noRedis?.stop();
  });

  it('keeps public routes working and answers staff sign-in with 503 and a message', async () => {
    const client = new StackClient(noRedis.gatewayUrl);
    expect((await client.get(`${apiPath('courseSearch')}?q=law`)).status).toBe(200);
    const res = await client.login('admin', PASSWORD);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: 'Staff sign-in is unavailable at the moment. Please try again in a few minutes.' });
  });

  it('answers a request that carries a session with 503, not 500', async () => {
    // A session cookie signed by another gateway instance (same secret) while Redis is unreachable here.
    const { client, headers } = newClient();
    await client.login('admin', PASSWORD, headers);
    const other = new StackClient(noRedis.gatewayUrl);
    other.setCookie('clearing_session', client.cookie('clearing_session') as string);
    const res = await other.get(apiPath('authUser'));
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: 'Staff sign-in is unavailable at the moment. Please try again in a few minutes.' });
  });
});

describe('session storage', () => {
  it('keeps the session in Redis and removes it at logout', async () => {
    const redis = new Redis('redis://127.0.0.1:6379');
    try {
      const { client, headers } = newClient();
      await client.login('bolimited', PASSWORD, headers);
      const sid = decodeURIComponent(client.cookie('clearing_session') as string).split('.')[0] as string;
      const keys = await redis.keys(`*:session:${sid}`);
      expect(keys).toHaveLength(1);
      const record = JSON.parse((await redis.get(keys[0] as string)) as string) as { mac: string; data: string };
      expect(JSON.parse(record.data).user.username).toBe('bolimited');
      await client.send('PUT', apiPath('authLogout'), {});
      expect(await redis.exists(keys[0] as string)).toBe(0);
    } finally {
      redis.disconnect();
    }
  });

  it('refuses a session record edited in Redis, whatever field changed: the request is signed out', async () => {
    const redis = new Redis('redis://127.0.0.1:6379');
    try {
      const signedIn = async () => {
        const { client, headers } = newClient();
        expect((await client.login('frontoffice', PASSWORD, headers)).status).toBe(200);
        const sid = decodeURIComponent(client.cookie('clearing_session') as string).split('.')[0] as string;
        const [key] = await redis.keys(`*:session:${sid}`);
        return { client, key: key as string, record: JSON.parse((await redis.get(key as string)) as string) as { mac: string; data: string } };
      };
      // Made Administrator in Redis, keeping the old MAC.
      const promoted = await signedIn();
      const data = JSON.parse(promoted.record.data) as { user: { roles: { role: string; scope: string }[] } };
      data.user.roles = [{ role: 'Administrator', scope: 'all' }];
      await redis.set(promoted.key, JSON.stringify({ mac: promoted.record.mac, data: JSON.stringify(data) }), 'KEEPTTL');
      expect(await promoted.client.get(apiPath('authUser'))).toMatchObject({ status: 401, body: { message: 'Not logged in' } });
      // The sign-in time pushed forward, with a MAC of its own making; and a record with no MAC at all.
      const older = await signedIn();
      const moved = JSON.parse(older.record.data) as { signedInAt: number };
      moved.signedInAt = Date.now() + 3_600_000;
      await redis.set(older.key, JSON.stringify({ mac: 'ab'.repeat(32), data: JSON.stringify(moved) }), 'KEEPTTL');
      expect((await older.client.get(apiPath('authUser'))).status).toBe(401);
      const bare = await signedIn();
      await redis.set(bare.key, bare.record.data, 'KEEPTTL');
      expect((await bare.client.get(apiPath('authUser'))).status).toBe(401);
      // Untouched, a record still reads.
      const kept = await signedIn();
      expect((await kept.client.get(apiPath('authUser'))).status).toBe(200);
    } finally {
      redis.disconnect();
    }
  });
});

describe('session records bound to their id', () => {
  it("answers 401 to a session whose record was replaced by an Administrator's record copied from another id, and keeps the Administrator signed in", async () => {
    const redis = new Redis('redis://127.0.0.1:6379');
    try {
      const keyOf = async (client: StackClient) => {
        const sid = decodeURIComponent(client.cookie('clearing_session') as string).split('.')[0] as string;
        const [key] = await redis.keys(`*:session:${sid}`);
        return key as string;
      };
      const { client: admin, headers: adminHeaders } = newClient();
      expect((await admin.login('admin', PASSWORD, adminHeaders)).status).toBe(200);
      const { client: attacker, headers } = newClient();
      expect((await attacker.login('frontoffice', PASSWORD, headers)).status).toBe(200);
      // The Administrator's record, MAC and all, written under the attacker's own session id.
      await redis.set(await keyOf(attacker), (await redis.get(await keyOf(admin))) as string, 'KEEPTTL');
      expect(await attacker.get(apiPath('authUser'))).toMatchObject({ status: 401, body: { message: 'Not logged in' } });
      expect((await attacker.get(`${apiPath('signInLockouts')}?_=1`)).status).toBe(401);
      const own = await admin.get(apiPath('authUser'));
      expect(own.status).toBe(200);
      expect((own.body as { username: string }).username).toBe('admin');
    } finally {
      redis.disconnect();
    }
  });
});

describe('when the directory is down', () => {
  it('answers sign-in with 503 and a clear message, never a login', async () => {
    await directory.stop();
    const { client, headers } = newClient();
    const res = await client.login('admin', PASSWORD, headers);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: 'The staff directory cannot be reached. Please try again in a few minutes.' });
    expect(client.cookie('clearing_session')).toBeUndefined();
  });
});
