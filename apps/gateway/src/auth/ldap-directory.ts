import { Client, escapeFilter, InvalidCredentialsError, type Entry } from 'ldapts';
import type { GatewayConfig } from '../config';

/** A directory account that proved its password: its username, display name and group names. */
export type DirectoryAccount = { username: string; name: string; groups: string[] };

/**
 * A user found by the name typed at sign-in: `uid`, the directory's own spelling of the name
 * (LDAP_USER_ATTRIBUTE as stored, whatever case or width was typed), the entry's DN and display name.
 */
export type DirectoryUser = { uid: string; dn: string; name: string };

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
 * `find` answers the user a typed name matches (its canonical uid and DN; null for none or more
 * than one); `authenticate` that user's account, or null for a wrong password, an unknown user
 * or an empty password (an empty-password bind is an anonymous bind in LDAP and would "succeed").
 * An unknown user still costs one bind, so both refusals do the same work. `lookup` reads a signed-in user's account again (name and groups) without a
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

  /** The user of a found entry (null without its uid attribute). */
  function userOf(entry: Entry): DirectoryUser | null {
    const uid = first(entry[settings.LDAP_USER_ATTRIBUTE]);
    return uid ? { uid, dn: entry.dn, name: first(entry.displayName) ?? first(entry.cn) ?? uid } : null;
  }

  /** The account of a found user: its groups read by the service account. */
  async function accountOf(service: Client, user: DirectoryUser): Promise<DirectoryAccount> {
    const { searchEntries: groupEntries } = await service.search(settings.LDAP_GROUP_SEARCH_BASE, {
      scope: 'sub',
      filter: `(${settings.LDAP_GROUP_MEMBER_ATTRIBUTE}=${escapeFilter`${user.dn}`})`,
      attributes: [settings.LDAP_GROUP_NAME_ATTRIBUTE],
    });
    const groups = groupEntries.map((g) => first(g[settings.LDAP_GROUP_NAME_ATTRIBUTE])).filter((g): g is string => !!g);
    return { username: user.uid, name: user.name, groups };
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

  /**
   * The user the directory finds for a typed name (its matching rule ignores case and width, so
   * 'ＡＤＭＩＮ' finds admin), or null when none or more than one entry matches. Sign-in looks the
   * name up once and keys every limit on the `uid` found (login-limits).
   * @throws DirectoryUnavailableError when the directory cannot be reached, times out or fails.
   */
  async function find(username: string): Promise<DirectoryUser | null> {
    return asService(async (service) => {
      const entry = await findUser(service, username);
      return entry ? userOf(entry) : null;
    });
  }

  /**
   * The account of a user `find` answered when `password` is theirs, else null (an unknown user,
   * null, still costs one bind, so both refusals do the same work).
   * @throws DirectoryUnavailableError when the directory cannot be reached, times out or fails.
   */
  async function authenticate(user: DirectoryUser | null, password: string): Promise<DirectoryAccount | null> {
    // Same work for an unknown user: a bind that the directory refuses.
    const dn = user?.dn ?? `${settings.LDAP_USER_ATTRIBUTE}=${NO_SUCH_USER},${settings.LDAP_USER_SEARCH_BASE}`;
    let bound: boolean;
    try {
      bound = password !== '' && (await tryBind(dn, password));
    } catch (err) {
      throw new DirectoryUnavailableError(`directory ${settings.LDAP_URL}: ${(err as Error).message}`, { cause: err });
    }
    if (!user || !bound) return null;
    return asService(async (service) => accountOf(service, user));
  }

  /**
   * The account of `username` as the directory holds it now, without a password (a
   * signed-in user's roles re-read); null when the directory no longer has exactly one such user.
   * @throws DirectoryUnavailableError when the directory cannot be reached, times out or fails.
   */
  async function lookup(username: string): Promise<DirectoryAccount | null> {
    return asService(async (service) => {
      const entry = await findUser(service, username);
      const user = entry ? userOf(entry) : null;
      return user ? accountOf(service, user) : null;
    });
  }

  return { find, authenticate, lookup };
}
export type LdapDirectory = ReturnType<typeof createLdapDirectory>;
