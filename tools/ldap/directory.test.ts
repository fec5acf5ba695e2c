import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { DEMO_DIRECTORY, demoUserDn, type Directory, startDirectory } from '@clearing-desk/stack';
import { Client, InvalidCredentialsError, NoSuchObjectError } from 'ldapts';

/**
 * The demo staff directory (tools/ldap, tools/stack/directory.ts) on a real slapd: the accounts
 * and ACLs the gateway's staff sign-in relies on, and that DEMO_DIRECTORY, the LDIF and the role
 * mapping agree.
 */

jest.setTimeout(30_000);

let directory: Directory;
const clients: Client[] = [];

function client(): Client {
  const c = new Client({ url: directory.url, timeout: 5_000, connectTimeout: 2_000 });
  clients.push(c);
  return c;
}

beforeAll(async () => {
  directory = await startDirectory({ port: 'free' });
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.unbind().catch(() => undefined)));
});

afterAll(async () => {
  await directory?.stop();
});

describe('demo staff directory', () => {
  it('lets a demo user bind with the demo password', async () => {
    await expect(client().bind(demoUserDn('admin'), DEMO_DIRECTORY.password)).resolves.toBeUndefined();
  });

  it('refuses a wrong password with InvalidCredentialsError', async () => {
    await expect(client().bind(demoUserDn('admin'), 'not-the-password')).rejects.toBeInstanceOf(InvalidCredentialsError);
  });

  it('shows anonymous clients nothing', async () => {
    const entries = await client()
      .search(DEMO_DIRECTORY.baseDn, { scope: 'sub', filter: '(objectClass=*)' })
      .then(
        (result) => result.searchEntries,
        (err: unknown) => {
          // slapd hides the base entry itself: "no such object"
          expect(err).toBeInstanceOf(NoSuchObjectError);
          return [];
        },
      );
    expect(entries).toEqual([]);
  });

  it('lets the service account find a user and its groups, but not passwords', async () => {
    const c = client();
    await c.bind(DEMO_DIRECTORY.bindDn, DEMO_DIRECTORY.bindPassword);
    const { searchEntries: users } = await c.search(DEMO_DIRECTORY.userSearchBase, { scope: 'sub', filter: '(uid=fo-law)' });
    expect(users).toHaveLength(1);
    const user = users[0]!;
    expect(user.dn).toBe(demoUserDn('fo-law'));
    expect(user.cn).toBe('Laura Lawson');
    expect(user.mail).toBe('fo-law@clearing-desk.test');
    expect(user.userPassword).toBeUndefined();

    const { searchEntries: groups } = await c.search(DEMO_DIRECTORY.groupSearchBase, {
      scope: 'sub',
      filter: `(member=${user.dn})`,
      attributes: ['cn'],
    });
    expect(groups.map((g) => g.cn)).toEqual(['cd-front-office-law']);
  });

  it('holds every demo account in its groups, as DEMO_DIRECTORY and the role mapping say', async () => {
    const mapping = JSON.parse(readFileSync(DEMO_DIRECTORY.roleMappingFile, 'utf8')) as { groups: Record<string, unknown[]> };
    const c = client();
    await c.bind(DEMO_DIRECTORY.bindDn, DEMO_DIRECTORY.bindPassword);
    const { searchEntries: people } = await c.search(DEMO_DIRECTORY.userSearchBase, {
      scope: 'one',
      filter: '(objectClass=inetOrgPerson)',
      attributes: ['uid', 'cn'],
    });
    expect(people.map((p) => p.uid).sort()).toEqual(DEMO_DIRECTORY.users.map((u) => u.username).sort());

    for (const user of DEMO_DIRECTORY.users) {
      expect(people.find((p) => p.uid === user.username)?.cn).toBe(user.name);
      const { searchEntries: groups } = await c.search(DEMO_DIRECTORY.groupSearchBase, { filter: `(member=${demoUserDn(user.username)})`, attributes: ['cn'] });
      expect(groups.map((g) => g.cn).sort()).toEqual([...user.groups].sort());
      expect(user.groups.flatMap((g) => mapping.groups[g] ?? [])).toEqual(user.roles);
    }
    expect(Object.keys(mapping.groups).sort()).toEqual(DEMO_DIRECTORY.users.flatMap((u) => u.groups).sort());

    const login = client();
    for (const user of DEMO_DIRECTORY.users) await login.bind(demoUserDn(user.username), DEMO_DIRECTORY.password);
  });

  it('frees its port on stop()', async () => {
    const port = Number(new URL(directory.url).port);
    await directory.stop();
    await new Promise<void>((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
    });
  });
});
