import { tooManyRequestsMessage } from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { GatewayConfig } from '../../config';

/** Public routes with a limit of their own (issue 14 item 2); the login route has its own limiters. */
export type LimitedRoute = 'applied' | 'assess' | 'apply' | 'upload';

declare module 'fastify' {
  interface FastifyInstance {
    /** Route config limiting `route` per client address (per username for staff): spread into `config`. */
    publicRateLimit: (route: LimitedRoute) => { rateLimit: RateLimitOptions };
  }
}

/** Who a limit counts: a signed-in adviser by username (a call centre shares one NAT address), anyone else by address. */
export const rateLimitSubject = (request: FastifyRequest): string => (request.staffUser ? `user:${request.staffUser.username}` : `ip:${request.ip}`);

/**
 * @fastify/rate-limit on the gateway's Redis, so a limit holds across every gateway instance.
 * Nothing is limited globally: the public routes opt in with `config: fastify.publicRateLimit(route)`
 * (limits from config, RATE_LIMIT_*), and the login route creates its own limiters with
 * `fastify.createRateLimit` (per username and per client address, counting refusals only).
 * The client address is `request.ip`: the TCP peer, or X-Forwarded-For set by a proxy listed in
 * TRUST_PROXY. A 429 carries Retry-After and `{ message: tooManyRequestsMessage(seconds) }`.
 * Bursts are logged once per subject and window (warn). A public limit that cannot be counted
 * (Redis down) lets the request through: results day must go on; sign-in fails closed instead.
 */
export const rateLimitPlugin = fp<{ config: GatewayConfig }>(
  async (fastify, { config }) => {
    await fastify.register(rateLimit, {
      global: false,
      redis: fastify.redis,
      nameSpace: `${config.REDIS_KEY_PREFIX}:rate:`,
      skipOnError: false,
      errorResponseBuilder: (_request, context) => {
        const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
        return new HttpError(context.statusCode, tooManyRequestsMessage(seconds));
      },
    });

    const max: Record<LimitedRoute, number> = {
      applied: config.RATE_LIMIT_APPLIED_MAX,
      assess: config.RATE_LIMIT_ASSESS_MAX,
      apply: config.RATE_LIMIT_APPLY_MAX,
      upload: config.RATE_LIMIT_UPLOAD_MAX,
    };
    // Subjects whose burst was logged in the current window, so a flood writes one line, not thousands.
    const logged = new Map<string, number>();
    const logBurst = (request: FastifyRequest, route: LimitedRoute, key: string) => {
      const now = Date.now();
      const since = logged.get(key);
      if (since !== undefined && now - since < config.RATE_LIMIT_WINDOW_MS) return;
      if (logged.size > 10_000) for (const [k, t] of logged) if (now - t >= config.RATE_LIMIT_WINDOW_MS) logged.delete(k);
      logged.set(key, now);
      request.log.warn(
        { route, subject: rateLimitSubject(request), max: max[route], windowMs: config.RATE_LIMIT_WINDOW_MS },
        'rate limit reached: burst refused with 429',
      );
    };

    fastify.decorate('publicRateLimit', (route: LimitedRoute) => ({
      rateLimit: {
        max: max[route],
        timeWindow: config.RATE_LIMIT_WINDOW_MS,
        keyGenerator: (request: FastifyRequest) => `${route}:${rateLimitSubject(request)}`,
        skipOnError: true,
        onExceeded: (request: FastifyRequest, key: string) => logBurst(request, route, key),
      },
    }));
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
