import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../config';

type DeviceCookiesConfig = Pick<GatewayConfig, 'SESSION_SECRET' | 'BASE_PATH' | 'COOKIE_SECURE' | 'LOGIN_DEVICE_COOKIE_TTL_MS'>;

/** Prefix of the device cookies' names; each user's cookie is `<prefix><16 hex of an HMAC of the uid>`. */
export const DEVICE_COOKIE_PREFIX = 'clearing_device_';

const b64 = (bytes: Buffer) => bytes.toString('base64url');

export type DeviceCookies = {
  /** The name of the device cookie of `username` (canonical) in this browser. */
  nameOf(username: string): string;
  /** The id of the valid device cookie of `username` the request carries (signed by this gateway, for this user, not expired), or null. */
  read(request: FastifyRequest, username: string, now?: number): string | null;
  /** Whether the request carries any device cookie (of any user, valid or not). */
  any(request: FastifyRequest): boolean;
  /** Gives the browser a new device cookie of `username` (a new id: its old one's count stays behind). */
  issue(reply: FastifyReply, username: string, now?: number): void;
};

/**
 * OWASP's device cookies ("Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * signed a user in gets an HttpOnly cookie `<id>.<issued ms>.<HMAC-SHA256>` over the user, id and
 * issue time, keyed by a key derived from SESSION_SECRET, valid LOGIN_DEVICE_COOKIE_TTL_MS. The
 * sign-in limits then count that browser's refusals on its own (login-limits). The cookie's name
 * is derived from the uid with the same key, so a shared PC does not show who signed in on it;
 * it is sent only to the sign-in routes (path `<BASE_PATH>api/admin/auth`), SameSite=Strict.
 * Sign-out leaves it: the browser stays known.
 */
export function createDeviceCookies(config: DeviceCookiesConfig): DeviceCookies {
  const key = createHmac('sha256', config.SESSION_SECRET).update('clearing-desk device cookie').digest();
  const mac = (text: string) => createHmac('sha256', key).update(text).digest();
  const nameOf = (username: string) => `${DEVICE_COOKIE_PREFIX}${mac(`name|${username}`).toString('hex').slice(0, 16)}`;
  const signed = (username: string, id: string, issuedAt: number) => mac(JSON.stringify(['device', username, id, issuedAt]));
  const options = {
    path: `${config.BASE_PATH}api/admin/auth`,
    httpOnly: true,
    sameSite: 'strict',
    secure: config.COOKIE_SECURE,
    maxAge: Math.ceil(config.LOGIN_DEVICE_COOKIE_TTL_MS / 1000),
  } as const;

  return {
    nameOf,
    read(request, username, now = Date.now()) {
      const value = request.cookies[nameOf(username)];
      const [id, issued, given, ...rest] = (value ?? '').split('.');
      if (!id || !issued || !given || rest.length > 0 || !/^\d{1,15}$/.test(issued)) return null;
      const issuedAt = Number(issued);
      if (issuedAt > now || now - issuedAt >= config.LOGIN_DEVICE_COOKIE_TTL_MS) return null;
      const expected = signed(username, id, issuedAt);
      const sent = Buffer.from(given, 'base64url');
      return sent.length === expected.length && timingSafeEqual(sent, expected) ? id : null;
    },
    any: (request) => Object.keys(request.cookies).some((name) => name.startsWith(DEVICE_COOKIE_PREFIX)),
    issue(reply, username, now = Date.now()) {
      const id = b64(randomBytes(16));
      reply.setCookie(nameOf(username), `${id}.${now}.${b64(signed(username, id, now))}`, options);
    },
  };
}
