import { apiPath } from '@clearing-desk/contracts';
import { DEMO_DIRECTORY, demoUserDn, startDirectory, type Directory, type Stack } from '@clearing-desk/stack';
import { Redis } from 'ioredis';
import { signedSessionSerializer } from '../../plugins/app/staff-session';
import { StackClient, startTestStack } from '../../testing/stack-client';

/**
 * Roles that follow the directory through the gateway, with a short refresh
 * time and ceiling from the config: a role removed with ldapmodify in slapd takes effect on the
 * first request after the refresh time; while slapd is down the last roles stand until the
 * ceiling, then the session ends with 401. Each step waits for the state it expects.
 */

const REFRESH_MS = 1_000;
const MAX_AGE_MS = 4_000;
const PASSWORD = DEMO_DIRECTORY.password;
const PREFIX = `clearing-test-roles-${process.pid}`;

let directory: Directory;
let stack: Stack;
let redis: Redis;

beforeAll(async () => {
  directory = await startDirectory({ port: 'free' });
  stack = await startTestStack({
    services: [],
    directoryUrl: directory.url,
    gatewayEnv: { STAFF_ROLES_REFRESH_MS: String(REFRESH_MS), STAFF_ROLES_MAX_AGE_MS: String(MAX_AGE_MS), REDIS_KEY_PREFIX: PREFIX },
  });
  redis = new Redis('redis://127.0.0.1:6379');
}, 120_000);

afterAll(async () => {
  redis?.disconnect();
  await stack?.stop();
  await directory?.stop();
});

const signIn = async (username: string) => {
  const client = new StackClient(stack.gatewayUrl);
  expect((await client.login(username, PASSWORD)).status).toBe(200);
  return client;
};

/** Asks `probe` every 100 ms until `done` holds for its answer (at most 20 s), and answers that answer. */
async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`still not there after 20 s: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type Me = { status: number; body: { roles?: { role: string }[]; message?: string } };
const me = async (client: StackClient) => (await client.get(apiPath('authUser'))) as Me;
const lockouts = async (client: StackClient) => (await client.get(`${apiPath('signInLockouts')}?_=1`)).status;

/** The client's session record in Redis, read as the gateway reads it. */
const sessionOf = async (client: StackClient) => {
  const signed = decodeURIComponent(client.cookie('clearing_session') as string);
  const sid = signed.slice(0, signed.lastIndexOf('.'));
  const text = await redis.get(`${PREFIX}:session:${sid}`);
  return text ? (signedSessionSerializer(stack.sessionSecret, () => undefined).parse(sid, text) as { rolesReadAt: number; rolesTriedAt: number }) : null;
};

it('takes a group change in slapd into account within the refresh time: the removed Administrator loses the lockouts page, the added user gains it', async () => {
  const admin = await signIn('admin');
  const nogroups = await signIn('nogroups');
  expect(await lockouts(admin)).toBe(200);
  expect(await lockouts(nogroups)).toBe(403);

  await directory.modify(
    [
      `dn: cn=cd-administrators,${DEMO_DIRECTORY.groupSearchBase}`,
      'changetype: modify',
      'add: member',
      `member: ${demoUserDn('nogroups')}`,
      '-',
      'delete: member',
      `member: ${demoUserDn('admin')}`,
      '',
    ].join('\n'),
  );

  const removed = await until(
    () => me(admin),
    (res) => res.status !== 200 || res.body.roles?.length === 0,
  );
  expect(removed).toEqual({ status: 200, body: { username: 'admin', name: 'Ada Administrator', roles: [] }, headers: expect.anything() });
  expect(await lockouts(admin)).toBe(403);
  await until(
    () => me(nogroups),
    (res) => res.status !== 200 || res.body.roles?.length !== 0,
  );
  expect((await me(nogroups)).body.roles).toEqual([{ role: 'Administrator', scope: 'all' }]);
  expect(await lockouts(nogroups)).toBe(200);
});

it('keeps the last roles while slapd is down (decisions go on), then ends the session with 401 at the ceiling', async () => {
  const editor = await signIn('editor');
  const signedIn = await sessionOf(editor);
  await directory.stop();

  // A request after the refresh time tries the directory, fails, and still has the roles.
  const kept = await until(
    async () => ({ me: await me(editor), session: await sessionOf(editor) }),
    ({ session }) => !session || session.rolesTriedAt > session.rolesReadAt,
  );
  expect(kept.me).toMatchObject({ status: 200, body: { username: 'editor', roles: [{ role: 'Editor', scope: 'all' }] } });
  expect(kept.session?.rolesReadAt).toBe(signedIn?.rolesReadAt);

  const ended = await until(
    () => me(editor),
    (res) => res.status !== 200,
  );
  expect(ended).toMatchObject({ status: 401, body: { message: 'Not logged in' } });
  expect(Date.now() - (signedIn?.rolesReadAt ?? 0)).toBeGreaterThanOrEqual(MAX_AGE_MS);
  expect(await sessionOf(editor)).toBeNull();
});
