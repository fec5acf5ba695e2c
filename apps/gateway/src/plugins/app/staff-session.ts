import { createHmac, timingSafeEqual } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { recordStaffEvent, rolesText } from './audit-events';
import fastifySession, { type FastifySessionObject, type FastifySessionOptions, type SessionStore } from '@fastify/session';
import {
  FORM_OPEN_HEADER,
  hasStaffSignedInHint,
  LOGIN_MESSAGES,
  SESSION_IDLE_WARNING_MS,
  STAFF_SIGNED_IN_COOKIE,
  staffUserSchema,
  type SessionState,
  type StaffUser,
} from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { RolesRefresher } from '../../auth/staff-roles';
import type { GatewayConfig } from '../../config';

/**
 * Where a session's roles come from: a directory sign-in's roles are re-read
 * from the directory; an enterprise (OIDC) sign-in's come from its ID token, whose expiry
 * (epoch milliseconds) ends the session, since no refresh token is held.
 */
export type SignInOrigin = { from: 'directory' } | { from: 'oidc'; expiresAt: number };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff user, or null for the public. */
    staffUser: StaffUser | null;
  }
  interface FastifyContextConfig {
    /**
     * A background call that is not the adviser's activity (the status ping, the session state):
     * it neither extends the idle timeout nor changes what the session records.
     */
    passive?: boolean;
  }
  interface FastifyInstance {
    /** When the request's session ends (its idle and absolute ends), or null without one. */
    sessionState(request: FastifyRequest): SessionState | null;
    /** Starts a staff session: a new session id (no fixation), the user and the sign-in time, and a new CSRF secret. */
    signIn(request: FastifyRequest, reply: FastifyReply, user: StaffUser, origin: SignInOrigin): Promise<void>;
    /** Ends the request's session in Redis, clears its cookie and renews the CSRF secret. */
    signOut(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /**
     * The staff signed in now with at least one role (the wallboard's advisers): every session
     * record in Redis that its MAC vouches for and that has not reached its idle or absolute end,
     * one entry per username (the latest active session's name), by name.
     */
    signedInStaff(): Promise<{ username: string; name: string }[]>;
  }
}

declare module '@fastify/session' {
  interface FastifySessionObject {
    user?: StaffUser;
    /** Epoch milliseconds of the sign-in, for the absolute lifetime. */
    signedInAt?: number;
    /** Where the roles come from: 'directory' sessions re-read them, 'oidc' ones end at `expiresAt`. */
    rolesFrom?: SignInOrigin['from'];
    /** Directory sessions: epoch ms of the last read of the roles that succeeded, and of the last attempt. */
    rolesReadAt?: number;
    rolesTriedAt?: number;
    /** OIDC sessions: epoch ms of the ID token's expiry, when the session ends. */
    expiresAt?: number;
    /** Epoch milliseconds of the adviser's last call (not a passive one), for the idle timeout. */
    lastActiveAt?: number;
    /** The last active call was made with an application form open (FORM_OPEN_HEADER). */
    formOpen?: boolean;
  }
}

/** Name of the session cookie (HttpOnly; its value is the signed session id, never data). */
export const SESSION_COOKIE = 'clearing_session';

/** The callbacks of @fastify/session's store methods. */
type StoreCallback = Parameters<SessionStore['destroy']>[1];
type GetCallback = Parameters<SessionStore['get']>[1];

/**
 * The session record's serializer (bound to its id): the JSON
 * of the session with an HMAC-SHA256 keyed by SESSION_SECRET over the session id and that JSON
 * (the user, the sign-in time and everything else the session holds), stored as
 * `{"mac":"<hex>","data":"<session JSON>"}`. A record whose MAC does not match (edited in Redis,
 * whatever the field, or copied under another session id) or of another shape reads as no
 * session (`onTampered` is told), so the request is the public's: 401 on staff routes.
 */
export function signedSessionSerializer(secret: string, onTampered: () => void) {
  // The id and the JSON as one JSON array: no id/data split can be read two ways.
  const mac = (sid: string, data: string) =>
    createHmac('sha256', secret)
      .update(JSON.stringify([sid, data]))
      .digest('hex');
  return {
    /** The record of session `sid`. */
    stringify: (sid: string, session: unknown): string => {
      const data = JSON.stringify(session);
      return JSON.stringify({ mac: mac(sid, data), data });
    },
    /** The session a record holds when it was written for `sid` as it stands, else null. */
    parse: (sid: string, text: string): unknown => {
      try {
        const record = JSON.parse(text) as { mac?: unknown; data?: unknown };
        if (typeof record.mac === 'string' && typeof record.data === 'string') {
          const expected = Buffer.from(mac(sid, record.data), 'hex');
          const given = Buffer.from(record.mac, 'hex');
          if (given.length === expected.length && timingSafeEqual(given, expected)) return JSON.parse(record.data);
        }
      } catch {
        // not JSON: tampered as well
      }
      onTampered();
      return null;
    },
  };
}

/**
 * Writes a session record unless its id has ended: KEYS[1] the record, KEYS[2] the
 * id's end marker; ARGV[1] the record, ARGV[2] its time to live (ms). Answers 1 written, 0 not.
 * One script, so no sign-out can fall between the check and the write.
 */
const SAVE_UNLESS_ENDED = `if redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;

/**
 * Deletes a session record and, when there was one, marks its id ended (KEYS as SAVE_UNLESS_ENDED;
 * ARGV[1] the marker's time to live, ms). An id never stored (a sign-out without a session, the
 * id a sign-in regenerates from) leaves no marker, so calls without a session cannot fill Redis.
 */
const END_SESSION = `if redis.call('DEL', KEYS[1]) == 1 then redis.call('SET', KEYS[2], '1', 'PX', ARGV[1]) end
return 0`;

type StaffSessionStoreOptions = {
  client: Redis;
  /** Prefix of the session records. */
  prefix: string;
  /** Reads and writes a record's text for a session id (signedSessionSerializer). */
  serializer: { stringify: (sid: string, session: unknown) => string; parse: (sid: string, text: string) => unknown };
  /** Prefix of the end markers of ended session ids. */
  endedPrefix: string;
  /** How long an ended id stays ended (ms): as long as any session can live, so none comes back. */
  endedTtlMs: number;
  /** Told when a call that read a session before it ended tried to write it back (refused). */
  onEndedSave: (sid: string) => void;
};

/**
 * @fastify/session's store on the gateway's ioredis connection: one record per session id,
 * `<prefix><id>`, living as long as its cookie. (connect-redis, used before, supports only
 * node-redis clients since its version 8, and this store already wrote and deleted records itself.)
 * - every store failure becomes 503 'Staff sign-in is unavailable...', so a request that carries
 *   a session while Redis is down gets a clear answer instead of a 500;
 * - an ended session stays ended. @fastify/session writes the session back at the end
 *   of every call (rolling), so a call that read it before a sign-out (or an idle or lifetime
 *   end) used to write it again after the destroy, and the session came back. `destroy` leaves an
 *   end marker in place of the deleted record (END_SESSION), and `set` writes only while the
 *   id has none (`SAVE_UNLESS_ENDED`). A new session (sign-in) has a new id, so it is never refused.
 */
class StaffSessionStore implements SessionStore {
  private readonly redis: Redis;
  private readonly prefix: string;
  private readonly serializer: StaffSessionStoreOptions['serializer'];
  private readonly endedPrefix: string;
  private readonly endedTtlMs: number;
  private readonly onEndedSave: (sid: string) => void;

  constructor({ client, prefix, serializer, endedPrefix, endedTtlMs, onEndedSave }: StaffSessionStoreOptions) {
    this.redis = client;
    this.prefix = prefix;
    this.serializer = serializer;
    this.endedPrefix = endedPrefix;
    this.endedTtlMs = endedTtlMs;
    this.onEndedSave = onEndedSave;
  }

  private static unavailable(err: unknown): HttpError | undefined {
    return err ? new HttpError(503, LOGIN_MESSAGES.SESSIONS_UNAVAILABLE) : undefined;
  }
  /** The session of `sid`, or null: none stored, or a record its serializer refuses. */
  get(sid: string, cb: GetCallback) {
    this.redis.get(this.prefix + sid).then(
      (text) => cb(undefined, text ? (this.serializer.parse(sid, text) as Parameters<GetCallback>[1]) : null),
      (err: unknown) => cb(StaffSessionStore.unavailable(err)),
    );
  }
  /** Writes the record for the time its cookie has left (none left: ends it), unless the id has ended. */
  set(sid: string, sess: Parameters<SessionStore['set']>[1], cb: StoreCallback) {
    const expires = sess.cookie?.expires;
    const ttlMs = expires ? new Date(expires).getTime() - Date.now() : 0;
    if (ttlMs <= 0) return this.destroy(sid, cb);
    this.redis.eval(SAVE_UNLESS_ENDED, 2, this.prefix + sid, this.endedPrefix + sid, this.serializer.stringify(sid, sess), ttlMs).then(
      (written) => {
        if (written !== 1) this.onEndedSave(sid);
        cb();
      },
      (err: unknown) => cb(StaffSessionStore.unavailable(err)),
    );
  }
  /** Deletes the record and marks its id ended for `endedTtlMs` (END_SESSION). */
  destroy(sid: string, cb: StoreCallback) {
    this.redis.eval(END_SESSION, 2, this.prefix + sid, this.endedPrefix + sid, this.endedTtlMs).then(
      () => cb(),
      (err: unknown) => cb(StaffSessionStore.unavailable(err)),
    );
  }
}

/**
 * @fastify/session with its onRequest hook run only for a request that carries the session cookie
 *. For any other, every public call among them, the hook made a new session
 * that nothing stores (an id, its HMAC signature, a cookie object and two SHA-256 of its content:
 * a tenth of the gateway's CPU per assessment); such a request's `request.session` stays null
 * (as after a destroy), and `signIn` makes one (`startSession`). The plugin is given the app with
 * only `addHook` changed, so everything else it does (decorators, the onSend hook that saves a
 * session and sets its cookie) is as registered normally.
 */
function sessionOnlyWithCookie(cookieName: string): typeof fastifySession {
  const plugin = (fastify: FastifyInstance, options: FastifySessionOptions, done: (err?: Error) => void) => {
    const addHook = (name: string, hook: onRequestHookHandler) =>
      name === 'onRequest'
        ? fastify.addHook('onRequest', function sessionWhenCookie(request, reply, next) {
            if (request.cookies[cookieName] === undefined) return next();
            return hook.call(this, request, reply, next);
          })
        : fastify.addHook(name as 'onSend', hook as unknown as onSendHookHandler);
    const host = new Proxy(fastify, {
      get: (target, key) => {
        if (key === 'addHook') return addHook;
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    fastifySession(host, options, done);
  };
  return fp(plugin, { name: 'staff-session-store', dependencies: ['@fastify/cookie'] }) as unknown as typeof fastifySession;
}

/** The request's staff session, or null: none was sent (sessionOnlyWithCookie) or it was destroyed. */
const sessionOf = (request: FastifyRequest): FastifySessionObject | null => request.session as FastifySessionObject | null;

/**
 * Staff sessions (the staff sign-in issue, item 3): @fastify/session with a Redis store
 * (StaffSessionStore) on the gateway's ioredis connection, so every gateway instance sees every session.
 *
 * - The cookie is HttpOnly, SameSite=Lax, Secure when COOKIE_SECURE, and scoped to
 *   `${BASE_PATH}api`: pages and static files never touch Redis.
 * - Idle timeout: the cookie and the Redis entry live SESSION_IDLE_TIMEOUT_MS and are renewed on
 *   every staff call (rolling); and a session whose adviser did nothing for SESSION_IDLE_TIMEOUT_MS
 *   ends (activity is what the adviser does, so passive calls, the background
 *   status ping among them, do not count). Absolute lifetime: a session older than
 *   SESSION_ABSOLUTE_TIMEOUT_MS since sign-in is destroyed whatever its use, unless its last active
 *   call came from an open application form (FORM_OPEN_HEADER): then it lives up to
 *   SESSION_HARD_CEILING_MS since sign-in, so a caller is never cut off mid-call.
 * - The record in Redis carries an HMAC over its session id and its content with SESSION_SECRET
 *   (`signedSessionSerializer`): a record edited in Redis, or copied under another id, is refused,
 *   so nobody with Redis access can make themselves Administrator or take another's session.
 * - Roles follow the directory: a directory session's roles are read again
 *   every STAFF_ROLES_REFRESH_MS by `refreshRoles` (auth/staff-roles.ts), and the session ends when
 *   the user left the directory or the roles could not be confirmed for STAFF_ROLES_MAX_AGE_MS; an
 *   enterprise (OIDC) session ends at its ID token's expiry. Ended means destroyed: 401 after.
 * - An ended session stays ended: a call that read it before it ended cannot write it back
 *   (`StaffSessionStore`).
 * - Public calls carry no session cookie and never reach Redis, so they keep working when it is down;
 *   no session is made for them at all (`sessionOnlyWithCookie`).
 * - Beside the session cookie, a hint cookie readable by the pages (STAFF_SIGNED_IN_COOKIE, value
 *   `1`, path BASE_PATH) says a session may exist, so public pages ask for the user only then
 *  . Set at sign-in, cleared at sign-out and by any API call that finds no session.
 */
export const staffSessionPlugin = fp<{ config: GatewayConfig; refreshRoles: RolesRefresher }>(
  async (fastify, { config, refreshRoles }) => {
    // No session lives past this since its sign-in (endsOf): an id ended now can never be valid again after it.
    const ceiling = Math.max(config.SESSION_HARD_CEILING_MS, config.SESSION_ABSOLUTE_TIMEOUT_MS);
    const sessionPrefix = `${config.REDIS_KEY_PREFIX}:session:`;
    const serializer = signedSessionSerializer(config.SESSION_SECRET, () =>
      fastify.log.warn('staff session record refused: its HMAC does not match its id and content (edited in Redis, or copied from another id?)'),
    );
    await fastify.register(sessionOnlyWithCookie(SESSION_COOKIE), {
      secret: config.SESSION_SECRET,
      cookieName: SESSION_COOKIE,
      cookie: {
        path: `${config.BASE_PATH}api`,
        httpOnly: true,
        sameSite: 'lax',
        secure: config.COOKIE_SECURE,
        maxAge: config.SESSION_IDLE_TIMEOUT_MS,
      },
      rolling: true,
      saveUninitialized: false,
      store: new StaffSessionStore({
        client: fastify.redis,
        prefix: sessionPrefix,
        endedPrefix: `${config.REDIS_KEY_PREFIX}:session-ended:`,
        endedTtlMs: ceiling,
        onEndedSave: () => fastify.log.info('an ended staff session was not written back by a call that read it before it ended'),
        serializer,
      }),
    });

    /** The absolute end (an OIDC session's ID token expiry when sooner) and the idle end of a session (epoch ms). */
    const endsOf = (session: { signedInAt: number; lastActiveAt?: number | undefined; formOpen?: boolean | undefined; expiresAt?: number | undefined }) => ({
      endsAt: Math.min(session.signedInAt + (session.formOpen ? ceiling : config.SESSION_ABSOLUTE_TIMEOUT_MS), session.expiresAt ?? Infinity),
      idleEndsAt: (session.lastActiveAt ?? session.signedInAt) + config.SESSION_IDLE_TIMEOUT_MS,
    });

    fastify.decorateRequest('staffUser', null);
    fastify.addHook('onRequest', async (request) => {
      const session = sessionOf(request);
      if (!session?.user) return;
      const { user, signedInAt } = session;
      const parsed = staffUserSchema.safeParse(user);
      const now = Date.now();
      if (!parsed.success || typeof signedInAt !== 'number') {
        await session.destroy();
        return;
      }
      const ends = endsOf({ ...session, signedInAt });
      if (now > ends.endsAt || now > ends.idleEndsAt) {
        await session.destroy();
        return;
      }
      const current = await currentUser(request, parsed.data);
      if (!current) {
        await session.destroy();
        return;
      }
      request.staffUser = current;
      if (request.routeOptions.config?.passive) return;
      session.lastActiveAt = now;
      session.formOpen = request.headers[FORM_OPEN_HEADER] === '1';
    });

    // A hint left behind by a session that ended (idle, lifetime, roles) goes with the first API call that finds none.
    const apiPrefix = `${config.BASE_PATH}api`;
    const hintOptions = { path: config.BASE_PATH, sameSite: 'lax', httpOnly: false, secure: config.COOKIE_SECURE } as const;
    fastify.addHook('onRequest', async (request, reply) => {
      if (request.staffUser || !request.url.startsWith(apiPrefix) || !hasStaffSignedInHint(request.headers.cookie ?? '')) return;
      reply.clearCookie(STAFF_SIGNED_IN_COOKIE, hintOptions);
    });

    fastify.decorate('sessionState', (request: FastifyRequest): SessionState | null => {
      const session = sessionOf(request);
      if (!session?.user || typeof session.signedInAt !== 'number') return null;
      const ends = endsOf({ ...session, signedInAt: session.signedInAt });
      return { idleEndsAt: new Date(ends.idleEndsAt).toISOString(), endsAt: new Date(ends.endsAt).toISOString(), warnBeforeMs: SESSION_IDLE_WARNING_MS };
    });

    /** The session's user with roles as they stand now, or null when the session must end (see the plugin's doc). */
    async function currentUser(request: FastifyRequest, user: StaffUser): Promise<StaffUser | null> {
      const { session } = request;
      if (session.rolesFrom === 'oidc') {
        if (typeof session.expiresAt === 'number' && Date.now() < session.expiresAt) return user;
        request.log.info({ username: user.username }, 'staff session ended: its ID token expired');
        return null;
      }
      // A record of another shape (none is written without its origin) cannot be kept current.
      if (session.rolesFrom !== 'directory' || typeof session.rolesReadAt !== 'number') return null;
      const current = { user, readAt: session.rolesReadAt, triedAt: session.rolesTriedAt ?? session.rolesReadAt };
      const refreshed = await refreshRoles(current, request.log);
      if (refreshed && refreshed !== current) {
        if (!isDeepStrictEqual(refreshed.user.roles, user.roles)) {
          await recordStaffEvent(fastify, request, {
            ACTION: 'ROLE_CHANGE',
            USERNAME: user.username,
            DETAIL: `${rolesText(user.roles)} -> ${rolesText(refreshed.user.roles)}`,
          });
        }
        session.user = refreshed.user;
        session.rolesReadAt = refreshed.readAt;
        session.rolesTriedAt = refreshed.triedAt;
      }
      return refreshed?.user ?? null;
    }

    /**
     * A new session for a sign-in (a new id: no fixation): the one the request carried is
     * regenerated (its record deleted and its id ended); a request without one gets a new one.
     */
    async function startSession(request: FastifyRequest): Promise<void> {
      const session = sessionOf(request);
      if (session) return session.regenerate();
      // decryptSession of no signed id makes a new session for the request (@fastify/session's own path for a bad cookie).
      await new Promise<void>((resolve, reject) => fastify.decryptSession('', request, (err?: Error) => (err ? reject(err) : resolve())));
    }

    // Sign-in and sign-out renew the CSRF secret, so a token read before either is dead after it.
    fastify.decorate('signIn', async (request: FastifyRequest, reply: FastifyReply, user: StaffUser, origin: SignInOrigin) => {
      await startSession(request);
      fastify.renewCsrf(request, reply);
      const now = Date.now();
      const { session } = request;
      session.user = user;
      session.signedInAt = now;
      session.lastActiveAt = now;
      session.rolesFrom = origin.from;
      if (origin.from === 'oidc') session.expiresAt = origin.expiresAt;
      else session.rolesReadAt = session.rolesTriedAt = now;
      request.staffUser = user;
      reply.setCookie(STAFF_SIGNED_IN_COOKIE, '1', { ...hintOptions, maxAge: Math.ceil(ceiling / 1000) });
      await recordStaffEvent(fastify, request, { ACTION: 'SIGN_IN', USERNAME: user.username, DETAIL: `${origin.from}: ${rolesText(user.roles)}` });
    });

    fastify.decorate('signedInStaff', async () => {
      const now = Date.now();
      const found = new Map<string, { username: string; name: string; at: number }>();
      let cursor = '0';
      do {
        // SCAN, never KEYS: a page at a time, so Redis is not blocked on results day.
        const [next, keys] = await fastify.redis.scan(cursor, 'MATCH', `${sessionPrefix}*`, 'COUNT', 500);
        cursor = next;
        const texts = keys.length ? await fastify.redis.mget(...keys) : [];
        keys.forEach((key, i) => {
          const text = texts[i];
          if (!text) return;
          const session = serializer.parse(key.slice(sessionPrefix.length), text) as Partial<FastifySessionObject> | null;
          const user = staffUserSchema.safeParse(session?.user);
          if (!session || !user.success || user.data.roles.length === 0 || typeof session.signedInAt !== 'number') return;
          const ends = endsOf({ ...session, signedInAt: session.signedInAt });
          if (now > ends.endsAt || now > ends.idleEndsAt) return;
          const at = session.lastActiveAt ?? session.signedInAt;
          const seen = found.get(user.data.username);
          if (!seen || seen.at < at) found.set(user.data.username, { username: user.data.username, name: user.data.name, at });
        });
      } while (cursor !== '0');
      return [...found.values()].map(({ username, name }) => ({ username, name })).sort((a, b) => a.name.localeCompare(b.name));
    });

    fastify.decorate('signOut', async (request: FastifyRequest, reply: FastifyReply) => {
      const signedIn = request.staffUser;
      if (signedIn) await recordStaffEvent(fastify, request, { ACTION: 'SIGN_OUT', USERNAME: signedIn.username });
      const session = sessionOf(request);
      if (session?.sessionId) await session.destroy();
      request.staffUser = null;
      reply.clearCookie(SESSION_COOKIE, { path: `${config.BASE_PATH}api` });
      reply.clearCookie(STAFF_SIGNED_IN_COOKIE, hintOptions);
      fastify.renewCsrf(request, reply);
    });
  },
  { name: 'staff-session', dependencies: ['xsrf', 'redis'] },
);
