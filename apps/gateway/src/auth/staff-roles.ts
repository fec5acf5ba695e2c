import { isDeepStrictEqual } from 'node:util';
import type { StaffUser } from '@clearing-desk/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { DirectoryUnavailableError, type DirectoryAccount, type LdapDirectory } from './ldap-directory';
import { rolesForGroups, type RoleMapping } from './role-mapping';

/**
 * A directory session's user and when its roles were read (epoch milliseconds): `readAt` the
 * last read that succeeded, `triedAt` the last attempt (a failed one too).
 */
export type DirectoryRoles = { user: StaffUser; readAt: number; triedAt: number };

export type RolesRefresherOptions = {
  directory: Pick<LdapDirectory, 'lookup'>;
  roleMapping: RoleMapping;
  /** STAFF_ROLES_REFRESH_MS: roles read longer ago than this are read again on the next request. */
  refreshMs: number;
  /** STAFF_ROLES_MAX_AGE_MS: roles the directory has not confirmed for this long end the session. */
  maxAgeMs: number;
};

/**
 * Roles that follow the directory. The session keeps the user's identity; on a
 * request that finds its roles read `refreshMs` ago or more, `refresh` reads the user's groups
 * again (ldap-directory `lookup`) and maps them with the role mapping file, so a user removed
 * from a group loses its role at that read, and one added gains it.
 *
 * Answers the roles to keep (the same object when no read was due), or null when the session must
 * end: the user is no longer in the directory, or the directory cannot be reached and the roles
 * were last read `maxAgeMs` ago or more. While the directory cannot be reached and the roles are
 * younger than that, the last roles stand (decisions go on during an outage) and the failure is
 * logged; the next attempt is `refreshMs` after this one. Concurrent requests of one user share
 * one directory read.
 */
export function createRolesRefresher({ directory, roleMapping, refreshMs, maxAgeMs }: RolesRefresherOptions) {
  const inFlight = new Map<string, Promise<DirectoryAccount | null>>();
  const lookup = (username: string) => {
    let read = inFlight.get(username);
    if (!read) {
      read = directory.lookup(username).finally(() => inFlight.delete(username));
      inFlight.set(username, read);
    }
    return read;
  };

  return async function refresh(current: DirectoryRoles, log: FastifyBaseLogger, now: number = Date.now()): Promise<DirectoryRoles | null> {
    const tooOld = now - current.readAt >= maxAgeMs;
    if (now - current.triedAt < refreshMs && !tooOld) return current;
    const { username } = current.user;
    let account: DirectoryAccount | null;
    try {
      account = await lookup(username);
    } catch (err) {
      if (!(err instanceof DirectoryUnavailableError)) throw err;
      const rolesReadAt = new Date(current.readAt).toISOString();
      if (tooOld) {
        log.error({ err, username, rolesReadAt }, 'staff session ended: the directory cannot be reached and the roles are older than STAFF_ROLES_MAX_AGE_MS');
        return null;
      }
      const standUntil = new Date(current.readAt + maxAgeMs).toISOString();
      log.error({ err, username, rolesReadAt, standUntil }, 'staff directory cannot be reached: the roles last read stand');
      return { ...current, triedAt: now };
    }
    if (!account) {
      log.warn({ username }, 'staff session ended: the user is no longer in the directory');
      return null;
    }
    const user: StaffUser = { username: account.username, name: account.name, roles: rolesForGroups(roleMapping, account.groups) };
    if (!isDeepStrictEqual(user.roles, current.user.roles)) {
      log.info({ username, before: current.user.roles, after: user.roles }, 'staff roles changed in the directory');
    }
    return { user, readAt: now, triedAt: now };
  };
}
export type RolesRefresher = ReturnType<typeof createRolesRefresher>;
