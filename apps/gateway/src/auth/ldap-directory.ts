import { Client, escapeFilter, InvalidCredentialsError, type Entry } from 'ldapts';
import type { GatewayConfig } from '../config';

/** A directory account that proved its password: its username, display name and group names. */
export type DirectoryAccount = { username: string; name: string; groups: string[] };

/** The directory could not be reached or answered with an error: sign-in answers 503, never 500 or a login. */
export class DirectoryUnavailableError extends Error {
  override readonly name = 'DirectoryUnavailableError';
}

type DirectorySettings = Pick<
  GatewayConfig,
  | 'LDAP_URL'
  | 'LDAP_BIND_DN'
  | 'LDAP_BIND_PASSWORD'
  | 'LDAP_USER_SEARCH_BASE'
  | 'LDAP_USER_ATTRIBUTE'
  | 'LDAP_GROUP_SEARCH_BASE'
  | 'LDAP_GROUP_MEMBER_ATTRIBUTE'
  | 'LDAP_GROUP_NAME_ATTRIBUTE'
  | 'LDAP_TIMEOUT_MS'
>;

/** RDN value of the entry an unknown user's bind is tried against (it never exists, so the bind is refused). */
const NO_SUCH_USER = 'clearing-desk-no-such-user';

const first = (value: unknown): string | undefined => {
  const v = Array.isArray(value) ? value[0] : value;
  if (typeof v === 'string') return v;
  return Buffer.isBuffer(v) ? v.toString('utf8') : undefined;
};

/**
 * Staff directory sign-in with ldapts (the staff sign-in issue, item 1): the service account
 * searches the user by LDAP_USER_ATTRIBUTE, the user's own DN binds with the password, then the
 * service account reads the groups that list that DN. Every value put into a filter is escaped
 * (RFC 4515, ldapts `escapeFilter`), so `*)(uid=*` is searched for literally.
 *
 * `authenticate` answers the account, or null for a wrong password, an unknown user, an empty
 * password (an empty-password bind is an anonymous bind in LDAP and would "succeed") or a name
 * that matches more than one entry. An unknown user still costs one bind, so both refusals do
 * the same work. `lookup` reads a signed-in user's account again (name and groups) without a
 * password, for roles that follow the directory.
 * @throws DirectoryUnavailableError when the directory cannot be reached, times out or fails.
 */
export function createLdapDirectory(settings: DirectorySettings) {
  const newClient = () => new Client({ url: settings.LDAP_URL, timeout: settings.LDAP_TIMEOUT_MS, connectTimeout: settings.LDAP_TIMEOUT_MS });

  /** Binds as `dn`; false for refused credentials, throws for anything else. */
  async function tryBind(dn: string, password: string): Promise<boolean> {
    const client = newClient();
    try {
      await client.bind(dn, password);
      return true;
    } catch (err) {
      if (err instanceof InvalidCredentialsError) return false;
      throw err;
    } finally {
      await client.unbind().catch(() => undefined);
    }
  }

  /** The entry of `username` (null when none, or when the name matches more than one), searched by the bound service account. */
  async function findUser(service: Client, username: string): Promise<Entry | undefined> {
    const userAttribute = settings.LDAP_USER_ATTRIBUTE;
    const { searchEntries } = await service.search(settings.LDAP_USER_SEARCH_BASE, {
      scope: 'sub',
      filter: `(${userAttribute}=${escapeFilter`${username}`})`,
      attributes: ['cn', 'displayName', userAttribute],
      sizeLimit: 2,
    });
    return searchEntries.length === 1 ? searchEntries[0] : undefined;
  }

  /** The account of a found entry: its groups read by the service account. */
  async function accountOf(service: Client, entry: Entry, username: string): Promise<DirectoryAccount> {
    const { searchEntries: groupEntries } = await service.search(settings.LDAP_GROUP_SEARCH_BASE, {
      scope: 'sub',
      filter: `(${settings.LDAP_GROUP_MEMBER_ATTRIBUTE}=${escapeFilter`${entry.dn}`})`,
      attributes: [settings.LDAP_GROUP_NAME_ATTRIBUTE],
    });
    const groups = groupEntries.map((g) => first(g[settings.LDAP_GROUP_NAME_ATTRIBUTE])).filter((g): g is string => !!g);
    return {
      username: first(entry[settings.LDAP_USER_ATTRIBUTE]) ?? username,
      name: first(entry.displayName) ?? first(entry.cn) ?? username,
      groups,
    };
  }

  /** Runs `work` with the service account bound; every failure but DirectoryUnavailableError's own becomes one. */
  async function asService<T>(work: (service: Client) => Promise<T>): Promise<T> {
    const service = newClient();
    try {
      await service.bind(settings.LDAP_BIND_DN, settings.LDAP_BIND_PASSWORD);
      return await work(service);
    } catch (err) {
      if (err instanceof DirectoryUnavailableError) throw err;
      throw new DirectoryUnavailableError(`directory ${settings.LDAP_URL}: ${(err as Error).message}`, { cause: err });
    } finally {
      await service.unbind().catch(() => undefined);
    }
  }

  async function authenticate(username: string, password: string): Promise<DirectoryAccount | null> {
    return asService(async (service) => {
      const entry = await findUser(service, username);
      // Same work for an unknown user: a bind that the directory refuses.
      const dn = entry?.dn ?? `${settings.LDAP_USER_ATTRIBUTE}=${NO_SUCH_USER},${settings.LDAP_USER_SEARCH_BASE}`;
      const bound = password !== '' && (await tryBind(dn, password));
      if (!entry || !bound) return null;
      return accountOf(service, entry, username);
    });
  }

  /**
   * The account of `username` as the directory holds it now, without a password (issue 25 item 3:
   * a signed-in user's roles re-read); null when the directory no longer has exactly one such user.
   * @throws DirectoryUnavailableError when the directory cannot be reached, times out or fails.
   */
  async function lookup(username: string): Promise<DirectoryAccount | null> {
    return asService(async (service) => {
      const entry = await findUser(service, username);
      return entry ? accountOf(service, entry, username) : null;
    });
  }

  return { authenticate, lookup };
}
export type LdapDirectory = ReturnType<typeof createLdapDirectory>;
