import cookie from '@fastify/cookie';
import csrf from '@fastify/csrf-protection';
import { XSRF_COOKIE, XSRF_HEADER } from '@clearing-desk/contracts';
import fp from 'fastify-plugin';
import type { GatewayConfig } from '../../config';

/**
 * Double-submit CSRF protection with @fastify/csrf-protection: the secret lives in an httpOnly
 * cookie, the token derived from it in the readable XSRF-TOKEN cookie, issued on any GET that
 * lacks one. Unsafe routes check the token with `preHandler: fastify.csrfProtection` (403
 * `{ message }` on a missing or wrong token): the `token` of a `{ data, token }` body, else the
 * `x-xsrf-token` header (multipart uploads, whose body cannot carry it).
 */
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

    fastify.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' || (request.cookies[XSRF_COOKIE] && request.cookies._csrf)) return;
      const token = reply.generateCsrf();
      reply.setCookie(XSRF_COOKIE, token, { path: cookiePath, sameSite: 'strict', httpOnly: false, secure: config.COOKIE_SECURE });
    });
  },
  { name: 'xsrf' },
);
