import formBody from '@fastify/formbody';
import { API_ENDPOINTS, canManageSignInLockouts, LOGIN_MESSAGES, routeOf, type StaffUser, XSRF_HEADER } from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { setTimeout as sleep } from 'node:timers/promises';
import { createDeviceCookies } from '../../auth/device-cookies';
import { DirectoryUnavailableError, type DirectoryUser, type LdapDirectory } from '../../auth/ldap-directory';
import { canonicalUsername, createLoginLimits, type LoginAttempt } from '../../auth/login-limits';
import { rolesForGroups, type RoleMapping } from '../../auth/role-mapping';
import { oidcConfigured, type GatewayConfig } from '../../config';

/** 403 for a sign-out the browser reports as made by another site. */
export const CROSS_SITE_SIGN_OUT = 'A sign-out from another site is refused.';

/**
 * The logout's CSRF check. A token that is sent must be right (the XSRF check, 403); without one
 * (a spec section 7 client sends no payload) the sign-out goes ahead unless the browser says the
 * request comes from another site (`Sec-Fetch-Site` cross-site or same-site, or an `Origin` of
 * another host). The session cookie is SameSite=Lax, so a cross-site PUT carries none anyway:
 * the worst a forged sign-out could do is end a session it cannot send.
 */
function signOutGuard(fastify: FastifyInstance) {
  return function guard(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void): void {
    const body = request.body as { token?: unknown } | undefined;
    if (typeof body?.token === 'string' || request.headers[XSRF_HEADER] !== undefined) {
      fastify.csrfProtection.call(this, request, reply, done);
      return;
    }
    done(fromAnotherSite(request) ? new HttpError(403, CROSS_SITE_SIGN_OUT) : undefined);
  };
}

/** Whether the browser says a request was made by another site (Fetch Metadata, else Origin). */
function fromAnotherSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'cross-site' || site === 'same-site';
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true; // 'null' (a sandboxed or opaque origin) or garbage
  }
}

export type AuthRoutesOptions = { config: GatewayConfig; directory: LdapDirectory; roleMapping: RoleMapping };

/**
 * Staff sign-in routes (spec section 7, the staff sign-in issue):
 * - `PUT /admin/auth/ldap`: form-encoded `username`, `password` and the XSRF `token`. The name is
 *   looked up in the directory once and every limit counts its canonical uid. A browser with a
 *   device cookie of that user (`createDeviceCookies`) is held only by its own refusals; any
 *   other by refusals per (username, address), per username and per address; lockouts answer 429
 *   with Retry-After and a message (`createLoginLimits`). The directory decides (401 'Incorrect
 *   username/password' alike for a wrong password, an unknown user and an empty password, each
 *   taking at least LOGIN_FAILURE_MIN_MS; 503 when the directory is down); a success starts a new
 *   session, gives the browser a new device cookie of the user and answers the user.
 * - `PUT /admin/auth/logout`: destroys the session server-side (204, also without one). Spec
 *   section 7 gives it no payload: a body (JSON `{ data, token }` or form) is optional, and so is
 *   the XSRF token (`signOutGuard`).
 * - `GET /admin/auth/user`: the signed-in user (401 without a session), for a reloaded page.
 * - `GET /admin/auth/options`: whether the enterprise (OIDC) sign-in replaces the password form.
 * - `GET /admin/auth/lockouts`, `POST /admin/auth/lockouts/lift`: the sign-in lockouts in force, and
 *   lifting one (an Administrator over all courses: `canManageSignInLockouts`; 403 otherwise).
 */
export const authApiRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (fastify, { config, directory, roleMapping }) => {
  await fastify.register(formBody, { bodyLimit: 4096 });
  // The logout's payload is "none" (spec section 7): an empty body under a JSON Content-Type is
  // no body, not a 400. Fastify's own parser (proto-poisoning checks included) reads the rest.
  const defaultJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 4096 }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    return defaultJson(request, text, done);
  });

  const limits = createLoginLimits(fastify.redis, config);
  /** Runs a limits call; a Redis failure becomes 503 (never a sign-in without the limits). */
  const guarded = async <T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      request.log.error({ err }, 'login rate limit store failed');
      throw new HttpError(503, LOGIN_MESSAGES.SESSIONS_UNAVAILABLE);
    }
  };
  const devices = createDeviceCookies(config);

  /** Runs a directory call; the directory down becomes 503 with its message (never a sign-in). */
  const fromDirectory = async <T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      if (!(err instanceof DirectoryUnavailableError)) throw err;
      request.log.error({ err }, 'staff directory unavailable');
      throw new HttpError(503, LOGIN_MESSAGES.DIRECTORY_UNAVAILABLE);
    }
  };

  /**
   * A lockout in force (`createLoginLimits`) answers 429 with Retry-After before the password is
   * tried. `attempt` null: the address's lockout alone, before the directory is asked, for a
   * browser with no device cookie at all (a locked-out script then costs the directory nothing).
   */
  const enforceLoginLimits = async (request: FastifyRequest, reply: FastifyReply, attempt: LoginAttempt | null) => {
    const refusal = await guarded(request, () => (attempt ? limits.check(attempt) : limits.addressHeld(request.ip)));
    if (refusal) {
      request.log.info({ kind: refusal.kind, address: request.ip, trusted: !!attempt?.device }, 'sign-in refused: locked out');
      reply.header('retry-after', String(Math.max(1, Math.ceil(refusal.retryAfterMs / 1000))));
      throw new HttpError(429, LOGIN_MESSAGES.TOO_MANY_ATTEMPTS);
    }
  };

  fastify.route({
    ...routeOf(API_ENDPOINTS.authLogin),
    config: { public: true },
    preHandler: fastify.csrfProtection,
    handler: async (request, reply) => {
      const { username, password } = request.body;
      const started = Date.now();
      if (!devices.any(request)) await enforceLoginLimits(request, reply, null);
      // The name is looked up once; every limit counts the uid found (or the typed name, folded, when none).
      const found: DirectoryUser | null = username === '' ? null : await fromDirectory(request, () => directory.find(username));
      const key = canonicalUsername(username, found?.uid ?? null);
      const attempt: LoginAttempt = { username: key, address: request.ip, device: found ? devices.read(request, key) : null };
      await enforceLoginLimits(request, reply, attempt);
      const account = await fromDirectory(request, () => directory.authenticate(found, password));
      if (!account) {
        await guarded(request, () => limits.refused(attempt, request.log));
        // Every refusal takes as long as the slowest, so timing does not tell which part was wrong.
        await sleep(Math.max(0, started + config.LOGIN_FAILURE_MIN_MS - Date.now()));
        request.log.info({ username, uid: found?.uid, trusted: attempt.device !== null }, 'staff sign-in refused');
        throw new HttpError(401, LOGIN_MESSAGES.INCORRECT);
      }
      const user: StaffUser = { username: account.username, name: account.name, roles: rolesForGroups(roleMapping, account.groups) };
      await guarded(request, () => limits.succeeded(attempt));
      await fastify.signIn(request, reply, user, { from: 'directory' });
      devices.issue(reply, key);
      request.log.info({ username: user.username, roles: user.roles, trusted: attempt.device !== null }, 'staff signed in');
      return user;
    },
  });

  fastify.route({
    ...routeOf(API_ENDPOINTS.authLogout),
    config: { public: true },
    preHandler: signOutGuard(fastify),
    handler: async (request, reply) => {
      const username = request.staffUser?.username;
      await fastify.signOut(request, reply);
      if (username) request.log.info({ username }, 'staff signed out');
      return reply.status(204).send(null);
    },
  });

  // The session's ends: the GET is passive (reading it is not activity); the PUT
  // is 'Stay signed in', an action of the adviser, which the session hook counts as activity.
  const sessionState = (request: FastifyRequest) => {
    const state = fastify.sessionState(request);
    if (!state) throw new HttpError(401, LOGIN_MESSAGES.NOT_LOGGED_IN);
    return state;
  };
  fastify.route({ ...routeOf(API_ENDPOINTS.authSession), config: { passive: true }, handler: async (request) => sessionState(request) });
  fastify.route({ ...routeOf(API_ENDPOINTS.authSessionExtend), preHandler: fastify.csrfProtection, handler: async (request) => sessionState(request) });

  fastify.route({ ...routeOf(API_ENDPOINTS.authUser), handler: async (request) => request.staffUser as StaffUser });

  /** 403 unless the user may see and lift lockouts. */
  const requireLockoutManager = async (request: FastifyRequest) => {
    if (!canManageSignInLockouts(request.staffUser)) throw new HttpError(403, LOGIN_MESSAGES.FORBIDDEN);
  };

  fastify.route({
    ...routeOf(API_ENDPOINTS.signInLockouts),
    preHandler: requireLockoutManager,
    handler: async (request) => ({ rows: await guarded(request, () => limits.list()) }),
  });

  fastify.route({
    ...routeOf(API_ENDPOINTS.liftSignInLockout),
    preHandler: [fastify.csrfProtection, requireLockoutManager],
    handler: async (request) => {
      const by = (request.staffUser as StaffUser).username;
      await guarded(request, () => limits.lift(request.body.data, by, request.log));
      return { rows: await guarded(request, () => limits.list()) };
    },
  });

  fastify.route({ ...routeOf(API_ENDPOINTS.authOptions), config: { public: true }, handler: async () => ({ enterprise: oidcConfigured(config) }) });
};
