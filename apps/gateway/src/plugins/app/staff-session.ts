import fastifySession from '@fastify/session';
import { LOGIN_MESSAGES, staffUserSchema, type StaffUser } from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import RedisStore from 'connect-redis';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { GatewayConfig } from '../../config';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff user, or null for the public. */
    staffUser: StaffUser | null;
  }
  interface FastifyInstance {
    /** Starts a staff session: a new session id (no fixation), the user and the sign-in time, and a new CSRF secret. */
    signIn(request: FastifyRequest, reply: FastifyReply, user: StaffUser): Promise<void>;
    /** Ends the request's session in Redis, clears its cookie and renews the CSRF secret. */
    signOut(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

declare module '@fastify/session' {
  interface FastifySessionObject {
    user?: StaffUser;
    /** Epoch milliseconds of the sign-in, for the absolute lifetime. */
    signedInAt?: number;
  }
}

/** Name of the session cookie (HttpOnly; its value is the signed session id, never data). */
export const SESSION_COOKIE = 'clearing_session';

/**
 * connect-redis with every store failure turned into 503 'Staff sign-in is unavailable...', so a
 * request that carries a session while Redis is down gets a clear answer instead of a 500.
 */
type StoreCallback = Parameters<RedisStore['get']>[1];

class StaffSessionStore extends RedisStore {
  private static wrap(cb: StoreCallback): NonNullable<StoreCallback> {
    return (err, data) => cb?.(err ? new HttpError(503, LOGIN_MESSAGES.SESSIONS_UNAVAILABLE) : undefined, data);
  }
  override get(sid: string, cb?: StoreCallback) {
    return super.get(sid, StaffSessionStore.wrap(cb));
  }
  override set(sid: string, sess: Parameters<RedisStore['set']>[1], cb?: StoreCallback) {
    return super.set(sid, sess, StaffSessionStore.wrap(cb));
  }
  override destroy(sid: string, cb?: StoreCallback) {
    return super.destroy(sid, StaffSessionStore.wrap(cb));
  }
}

/**
 * Staff sessions (the staff sign-in issue, item 3): @fastify/session with a connect-redis store
 * on the gateway's ioredis connection, so every gateway instance sees every session.
 *
 * - The cookie is HttpOnly, SameSite=Lax, Secure when COOKIE_SECURE, and scoped to
 *   `${BASE_PATH}api`: pages and static files never touch Redis.
 * - Idle timeout: the cookie and the Redis entry live SESSION_IDLE_TIMEOUT_MS and are renewed on
 *   every staff call (rolling). Absolute lifetime: a session older than
 *   SESSION_ABSOLUTE_TIMEOUT_MS since sign-in is destroyed whatever its use.
 * - Public calls carry no session cookie and never reach Redis, so they keep working when it is down.
 */
export const staffSessionPlugin = fp<{ config: GatewayConfig }>(
  async (fastify, { config }) => {
    await fastify.register(fastifySession, {
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
      store: new StaffSessionStore({ client: fastify.redis, prefix: `${config.REDIS_KEY_PREFIX}:session:` }),
    });

    fastify.decorateRequest('staffUser', null);
    fastify.addHook('onRequest', async (request) => {
      const { user, signedInAt } = request.session ?? {};
      if (!user) return;
      const parsed = staffUserSchema.safeParse(user);
      if (!parsed.success || typeof signedInAt !== 'number' || Date.now() - signedInAt > config.SESSION_ABSOLUTE_TIMEOUT_MS) {
        await request.session.destroy();
        return;
      }
      request.staffUser = parsed.data;
    });

    // Sign-in and sign-out renew the CSRF secret (issue 25 item 4), so a token read before either is dead after it.
    fastify.decorate('signIn', async (request: FastifyRequest, reply: FastifyReply, user: StaffUser) => {
      await request.session.regenerate();
      fastify.renewCsrf(request, reply);
      request.session.user = user;
      request.session.signedInAt = Date.now();
      request.staffUser = user;
    });

    fastify.decorate('signOut', async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.session.sessionId) await request.session.destroy();
      request.staffUser = null;
      reply.clearCookie(SESSION_COOKIE, { path: `${config.BASE_PATH}api` });
      fastify.renewCsrf(request, reply);
    });
  },
  { name: 'staff-session', dependencies: ['xsrf', 'redis'] },
);
