import cookie from '@fastify/cookie';
import csrf from '@fastify/csrf-protection';
import { XSRF_COOKIE, XSRF_HEADER } from '@clearing-desk/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { GatewayConfig } from '../../config';

/**
 * Double-submit CSRF protection with @fastify/csrf-protection: the secret lives in an httpOnly
 * cookie, the token derived from it in the readable XSRF-TOKEN cookie, issued on any GET that
 * lacks one, except static files. Sign-in and sign-out renew the secret (`renewCsrf`). Unsafe routes check the token with `preHandler: fastify.csrfProtection` (403
 * `{ message }` on a missing or wrong token): the `token` of a `{ data, token }` body, else the
 * `x-xsrf-token` header (multipart uploads, whose body cannot carry it).
 */
/** A path naming a file (its last segment has an extension): the web build's assets, icons, robots.txt. */
const STATIC_FILE = /\/[^/]*\.[A-Za-z0-9]+$/;

declare module 'fastify' {
  interface FastifyInstance {
    /** A new CSRF secret and XSRF-TOKEN for this client (sign-in and sign-out): tokens issued before stop working. */
    renewCsrf(request: FastifyRequest, reply: FastifyReply): void;
  }
}

export const xsrfPlugin = fp<{ config: GatewayConfig }>(
  async (fastify, { config }) => {
    const cookiePath = config.BASE_PATH;
    // The secret signs cookies set with `signed: true` (the OIDC sign-in's transaction cookie).
    await fastify.register(cookie, { secret: config.SESSION_SECRET });
    await fastify.register(csrf, {
      sessionPlugin: '@fastify/cookie',
      cookieKey: '_csrf',
      cookieOpts: { path: cookiePath, sameSite: 'strict', httpOnly: true, secure: config.COOKIE_SECURE, signed: false },
      getToken: (request) => {
        const body = request.body as { token?: unknown } | undefined;
        if (typeof body?.token === 'string') return body.token;
        const header = request.headers[XSRF_HEADER];
        return typeof header === 'string' ? header : undefined;
      },
    });

    const issue = (reply: FastifyReply) => {
      const token = reply.generateCsrf();
      reply.setCookie(XSRF_COOKIE, token, { path: cookiePath, sameSite: 'strict', httpOnly: false, secure: config.COOKIE_SECURE });
    };

    const apiPrefix = `${config.BASE_PATH}api`;
    fastify.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' || (request.cookies[XSRF_COOKIE] && request.cookies._csrf)) return;
      // Static files (a name with an extension outside /api) are cached publicly for up to a
      // year: a Set-Cookie there would be shared by every visitor behind the cache.
      const pathname = request.url.split('?')[0] ?? '';
      if (!pathname.startsWith(apiPrefix) && STATIC_FILE.test(pathname)) return;
      issue(reply);
    });

    fastify.decorate('renewCsrf', (request: FastifyRequest, reply: FastifyReply) => {
      delete request.cookies._csrf;
      issue(reply);
    });
  },
  { name: 'xsrf' },
);
