import { normaliseEmail, tooManyRequestsMessage } from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import { Counter } from '@prometheus-io/client';
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { GatewayConfig } from '../../config';
import { BatchedCounter, batchedRateLimitStore } from './batched-rate-limit-store';

/** Public routes with a limit of their own; the login route has its own limiters. */
export type LimitedRoute = 'applied' | 'assess' | 'apply' | 'upload';

declare module 'fastify' {
  interface FastifyInstance {
    /** Route config limiting `route` per client address (per username for staff): spread into `config`. */
    publicRateLimit: (route: LimitedRoute) => { rateLimit: RateLimitOptions };
    /**
     * preValidation hook limiting `route` per (client address, applicant e-mail or UCAS Personal ID)
     * where the call carries one (the query of the applied check, the body of apply and assess).
     */
    applicantRateLimit: (route: ApplicantLimitedRoute) => preValidationAsyncHookHandler;
  }
}

/** Public routes whose calls name an applicant. */
export type ApplicantLimitedRoute = Exclude<LimitedRoute, 'upload'>;

/**
 * The applicant a public call names: the e-mail (trimmed, lower case) else the UCAS Personal ID
 * (digits), from the applied check's query or the `data` of an apply or assess body; null when none.
 */
export function applicantOf(request: FastifyRequest): string | null {
  const query = request.query as { email?: unknown; ucas_personal_id?: unknown } | undefined;
  const data = (request.body as { data?: { EMAIL?: unknown; UCAS_PERSONAL_ID?: unknown } } | undefined)?.data;
  const email = [query?.email, data?.EMAIL].find((v): v is string => typeof v === 'string' && v.trim() !== '');
  if (email) return `email:${normaliseEmail(email)}`;
  const ucasId = [query?.ucas_personal_id, data?.UCAS_PERSONAL_ID].find((v): v is string => typeof v === 'string' && v.replace(/\D/g, '') !== '');
  return ucasId ? `ucas:${ucasId.replace(/\D/g, '')}` : null;
}

/** Who a limit counts: a signed-in adviser by username (a call centre shares one NAT address), anyone else by address. */
export const rateLimitSubject = (request: FastifyRequest): string => (request.staffUser ? `user:${request.staffUser.username}` : `ip:${request.ip}`);

/**
 * @fastify/rate-limit on the gateway's Redis, so a limit holds across every gateway instance,
 * counted in this process and synchronised with Redis in small batches (BatchedCounter:
 * no Redis round trip per request; every RATE_LIMIT_SYNC_MS or RATE_LIMIT_SYNC_HITS hits, with
 * the error that allows documented there).
 * Nothing is limited globally: the public routes opt in with `config: fastify.publicRateLimit(route)`
 * (limits from config, RATE_LIMIT_*), and the login route creates its own limiters with
 * `fastify.createRateLimit` (per username and per client address, counting refusals only).
 * The client address is `request.ip`: the TCP peer, or X-Forwarded-For set by a proxy listed in
 * TRUST_PROXY. A 429 carries Retry-After and `{ message: tooManyRequestsMessage(seconds) }`.
 * Apply, assess and the applied check also count per (address, applicant) with
 * `applicantRateLimit`, under the per-address ceiling.
 * Bursts are logged once per subject and window (warn). A public limit that cannot be counted
 * (Redis down) lets the request through: results day must go on; sign-in fails closed instead.
 */
export const rateLimitPlugin = fp<{ config: GatewayConfig }>(
  async (fastify, { config }) => {
    // The RateLimitsFailingOpen alert (docs/runbooks/rate-limits-failing-open.md) reads this.
    const failedOpen = new Counter({
      name: 'clearing_rate_limit_failed_open_total',
      help: 'Rate limit checks that could not use Redis: ceiling = counts kept on this pod only (each pod limits alone), applicant = the call let through uncounted',
      labelNames: ['limit'] as const,
      registers: [fastify.metricsRegistry],
    });
    // Both series from the start at 0, so a rate() and the alert see the first failure.
    for (const limit of ['ceiling', 'applicant']) failedOpen.inc({ limit }, 0);
    const counter = new BatchedCounter({
      redis: fastify.redis,
      syncIntervalMs: config.RATE_LIMIT_SYNC_MS,
      syncHits: config.RATE_LIMIT_SYNC_HITS,
      onSyncError: (err) => {
        failedOpen.inc({ limit: 'ceiling' });
        fastify.log.warn({ err }, 'rate limit counts not synchronised with Redis; kept here until the next sync');
      },
    });
    fastify.addHook('onClose', async () => {
      await counter.close();
    });
    await fastify.register(rateLimit, {
      global: false,
      store: batchedRateLimitStore(counter, `${config.REDIS_KEY_PREFIX}:rate:`),
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

    const perApplicant: Record<ApplicantLimitedRoute, number> = {
      applied: config.RATE_LIMIT_APPLIED_PER_APPLICANT_MAX,
      assess: config.RATE_LIMIT_ASSESS_PER_APPLICANT_MAX,
      apply: config.RATE_LIMIT_APPLY_PER_APPLICANT_MAX,
    };
    fastify.decorate('applicantRateLimit', (route: ApplicantLimitedRoute): preValidationAsyncHookHandler => {
      const limit = fastify.createRateLimit({
        max: perApplicant[route],
        timeWindow: config.RATE_LIMIT_WINDOW_MS,
        keyGenerator: (request) => `${route}:applicant:${rateLimitSubject(request)}:${applicantOf(request) ?? ''}`,
      });
      return async function limitApplicant(request, reply) {
        if (request.staffUser || applicantOf(request) === null) return;
        let result;
        try {
          result = await limit(request);
        } catch (err) {
          // As for the ceilings: a count that cannot be made lets the call through (results day goes on).
          failedOpen.inc({ limit: 'applicant' });
          request.log.warn({ err, route }, 'applicant rate limit store failed');
          return;
        }
        if (result.isAllowed || !result.isExceeded) return;
        logBurst(request, route, result.key);
        const seconds = Math.max(1, result.ttlInSeconds);
        reply.header('retry-after', String(seconds));
        throw new HttpError(429, tooManyRequestsMessage(seconds));
      };
    });

    fastify.decorate('publicRateLimit', (route: LimitedRoute) => ({
      rateLimit: {
        max: max[route],
        timeWindow: config.RATE_LIMIT_WINDOW_MS,
        keyGenerator: (request: FastifyRequest) => `${route}:${rateLimitSubject(request)}`,
        // A public submission is counted by the form guard instead (plugins/app/form-guard.ts), so
        // a script's refused calls never use up the ceiling a class behind its address needs.
        ...(route === 'apply' ? { allowList: (request: FastifyRequest) => !request.staffUser } : {}),
        skipOnError: true,
        onExceeded: (request: FastifyRequest, key: string) => logBurst(request, route, key),
      },
    }));
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
