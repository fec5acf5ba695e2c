import { roleAssignmentSchema, type StaffUser } from '@clearing-desk/contracts';
import { DEMO_DIRECTORY, demoUserDn, startDirectory, type Directory } from '@clearing-desk/stack';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { createLdapDirectory, type LdapDirectory } from './ldap-directory';
import { loadRoleMapping } from './role-mapping';
import { createRolesRefresher, type DirectoryRoles } from './staff-roles';

/**
 * Roles that follow the directory, against a real slapd changed with
 * ldapmodify. The refresher is given the time of each request, so the refresh time and the
 * ceiling are crossed exactly, without waiting; the gateway's log lines are read back.
 */

const REFRESH_MS = 5 * 60 * 1000;
const MAX_AGE_MS = 30 * 60 * 1000;
const GROUP = (cn: string) => `cn=${cn},${DEMO_DIRECTORY.groupSearchBase}`;
const EDITOR_ALL: StaffUser['roles'] = [{ role: 'Editor', scope: 'all' }];

let directory: Directory;
let ldap: LdapDirectory;
let lines: Record<string, unknown>[] = [];
const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) }) as unknown as FastifyBaseLogger;
const logged = (msg: string) => lines.filter((line) => line.msg === msg);

/** A session's roles as signed in at `at` for a demo user. */
const signedIn = (username: string, at: number): DirectoryRoles => {
  const demo = DEMO_DIRECTORY.users.find((u) => u.username === username);
  if (!demo) throw new Error(`no demo user ${username}`);
  return { user: { username, name: demo.name, roles: roleAssignmentSchema.array().parse(demo.roles) }, readAt: at, triedAt: at };
};

beforeAll(async () => {
  directory = await startDirectory({ port: 'free' });
  ldap = createLdapDirectory({
    LDAP_URL: directory.url,
    LDAP_BIND_DN: DEMO_DIRECTORY.bindDn,
    LDAP_BIND_PASSWORD: DEMO_DIRECTORY.bindPassword,
    LDAP_USER_SEARCH_BASE: DEMO_DIRECTORY.userSearchBase,
    LDAP_USER_ATTRIBUTE: DEMO_DIRECTORY.userAttribute,
    LDAP_GROUP_SEARCH_BASE: DEMO_DIRECTORY.groupSearchBase,
    LDAP_GROUP_MEMBER_ATTRIBUTE: DEMO_DIRECTORY.groupMemberAttribute,
    LDAP_GROUP_NAME_ATTRIBUTE: DEMO_DIRECTORY.groupNameAttribute,
    LDAP_TIMEOUT_MS: 2_000,
  });
}, 60_000);

afterAll(async () => {
  await directory?.stop();
});

beforeEach(() => {
  lines = [];
});

const refresher = (lookup: LdapDirectory['lookup'] = (username) => ldap.lookup(username)) =>
  createRolesRefresher({ directory: { lookup }, roleMapping: loadRoleMapping(DEMO_DIRECTORY.roleMappingFile), refreshMs: REFRESH_MS, maxAgeMs: MAX_AGE_MS });

describe('roles that follow the directory', () => {
  it('keeps the roles unasked until the refresh time, then reads them: a user removed from their group loses the role, one added gains it', async () => {
    let reads = 0;
    const refresh = refresher((username) => {
      reads += 1;
      return ldap.lookup(username);
    });
    const t0 = Date.now();
    const editor = signedIn('editor', t0);
    const nogroups = signedIn('nogroups', t0);
    expect(editor.user.roles).toEqual(EDITOR_ALL);

    await directory.modify(
      [
        `dn: ${GROUP('cd-editors')}`,
        'changetype: modify',
        'add: member',
        `member: ${demoUserDn('nogroups')}`,
        '-',
        'delete: member',
        `member: ${demoUserDn('editor')}`,
        '',
      ].join('\n'),
    );

    // Before the refresh time the directory is not asked: the roles read at sign-in stand.
    expect(await refresh(editor, log, t0 + REFRESH_MS - 1)).toBe(editor);
    expect(reads).toBe(0);

    const editorLater = await refresh(editor, log, t0 + REFRESH_MS);
    expect(editorLater).toEqual({ user: { username: 'editor', name: 'Eddie Editor', roles: [] }, readAt: t0 + REFRESH_MS, triedAt: t0 + REFRESH_MS });
    const nogroupsLater = await refresh(nogroups, log, t0 + REFRESH_MS);
    expect(nogroupsLater?.user.roles).toEqual(EDITOR_ALL);
    expect(reads).toBe(2);
    expect(logged('staff roles changed in the directory')).toEqual([
      expect.objectContaining({ level: 30, username: 'editor', before: EDITOR_ALL, after: [] }),
      expect.objectContaining({ level: 30, username: 'nogroups', before: [], after: EDITOR_ALL }),
    ]);
  });

  it('reads the directory once for concurrent requests of one user', async () => {
    let reads = 0;
    const refresh = refresher((username) => {
      reads += 1;
      return ldap.lookup(username);
    });
    const t0 = Date.now();
    const session = signedIn('frontoffice', t0 - REFRESH_MS);
    const answers = await Promise.all([1, 2, 3, 4].map(() => refresh(session, log, t0)));
    expect(reads).toBe(1);
    for (const answer of answers) expect(answer?.user.roles).toEqual([{ role: 'Front Office', scope: 'all' }]);
  });

  it('ends the session of a user deleted from the directory, and logs it', async () => {
    const refresh = refresher();
    const t0 = Date.now();
    await directory.modify([`dn: ${demoUserDn('visateam')}`, 'changetype: delete', ''].join('\n'));
    expect(await refresh(signedIn('visateam', t0), log, t0 + REFRESH_MS)).toBeNull();
    expect(logged('staff session ended: the user is no longer in the directory')).toEqual([expect.objectContaining({ level: 40, username: 'visateam' })]);
  });

  it('while the directory cannot be reached keeps the last roles, logged, trying again after the refresh time; at the ceiling ends the session', async () => {
    const refresh = refresher();
    const t0 = Date.now();
    const admin = signedIn('admin', t0);
    await directory.stop();

    const kept = await refresh(admin, log, t0 + REFRESH_MS);
    expect(kept).toEqual({ user: admin.user, readAt: t0, triedAt: t0 + REFRESH_MS });
    expect(logged('staff directory cannot be reached: the roles last read stand')).toEqual([
      expect.objectContaining({
        level: 50,
        username: 'admin',
        rolesReadAt: new Date(t0).toISOString(),
        standUntil: new Date(t0 + MAX_AGE_MS).toISOString(),
        err: expect.objectContaining({ type: 'DirectoryUnavailableError' }),
      }),
    ]);
    // Not every request waits on a directory that is down: the next try is a refresh time later.
    expect(await refresh(kept as DirectoryRoles, log, t0 + 2 * REFRESH_MS - 1)).toBe(kept);
    const keptAgain = await refresh(kept as DirectoryRoles, log, t0 + 2 * REFRESH_MS);
    expect(keptAgain).toEqual({ user: admin.user, readAt: t0, triedAt: t0 + 2 * REFRESH_MS });

    // At the ceiling the directory is asked whatever the last try, and the roles no longer stand.
    expect(await refresh(keptAgain as DirectoryRoles, log, t0 + MAX_AGE_MS)).toBeNull();
    expect(logged('staff session ended: the directory cannot be reached and the roles are older than STAFF_ROLES_MAX_AGE_MS')).toEqual([
      expect.objectContaining({ level: 50, username: 'admin', rolesReadAt: new Date(t0).toISOString() }),
    ]);
  });
});
