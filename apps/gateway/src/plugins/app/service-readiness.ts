import { ReadinessError } from '@clearing-desk/service-kit';
import fp from 'fastify-plugin';
import type { ServiceName } from './service-clients';

/** How long the gateway's readiness waits for a service's /healthz before calling it unreachable. */
export const SERVICE_PING_TIMEOUT_MS = 1_000;

/** What the gateway's /readyz says of one service: it answered /healthz 200, answered otherwise, or did not answer. */
export type ServiceHealth = 'ok' | 'unhealthy' | 'unreachable';

/**
 * Adds a readiness check to the gateway's /readyz (issue 14 item 4): each configured service's
 * `/healthz` is pinged (in parallel, SERVICE_PING_TIMEOUT_MS each) through its service client's
 * connection pool. When one fails, /readyz answers 503
 * `{ message: 'Service Unavailable', services: { applications: 'unreachable' } }` naming every
 * failing service, so a load balancer stops sending traffic to a gateway that cannot serve it.
 * `/healthz` stays the liveness probe (process alive) and never calls a service.
 */
export const serviceReadinessPlugin = fp(
  async (fastify) => {
    const ping = async (name: ServiceName): Promise<ServiceHealth> => {
      try {
        const res = await fastify.services[name].pool.request({
          method: 'GET',
          path: '/healthz',
          signal: AbortSignal.timeout(SERVICE_PING_TIMEOUT_MS),
        });
        await res.body.dump();
        return res.statusCode === 200 ? 'ok' : 'unhealthy';
      } catch {
        return 'unreachable';
      }
    };
    fastify.readinessChecks.push(async () => {
      // notifications-svc only serves the staff History and figures: decisions and their emails
      // (outbox) go on without it, so it never takes the gateway out of the load balancer.
      const names = (Object.keys(fastify.services) as ServiceName[]).filter((name) => name !== 'notifications');
      const health = await Promise.all(names.map(async (name) => [name, await ping(name)] as const));
      const failing = Object.fromEntries(health.filter(([, h]) => h !== 'ok'));
      if (Object.keys(failing).length > 0) {
        throw new ReadinessError(`services not answering: ${Object.keys(failing).join(', ')}`, { services: failing });
      }
    });
  },
  { name: 'service-readiness', dependencies: ['service-clients'] },
);
