import { ReadinessError } from '@clearing-desk/service-kit';
import fp from 'fastify-plugin';
import type { InstanceBalancer, ServiceInstance } from './instance-balancer';
import { isConnectionRefused, type ServiceName } from './service-clients';

/** How long the gateway's readiness waits for a service's /healthz before calling it unreachable. */
export const SERVICE_PING_TIMEOUT_MS = 1_000;

/** What the gateway's /readyz says of one service: it answered /healthz 200, answered otherwise, or did not answer. */
export type ServiceHealth = 'ok' | 'unhealthy' | 'unreachable';

/**
 * Adds a readiness check to the gateway's /readyz: each configured service's
 * `/healthz` is pinged (in parallel, SERVICE_PING_TIMEOUT_MS each) at every instance of it (a
 * service is up while one instance answers; an instance that refuses is skipped by the calls for
 * a while). When one fails, /readyz answers 503
 * `{ message: 'Service Unavailable', services: { applications: 'unreachable' } }` naming every
 * failing service, so a load balancer stops sending traffic to a gateway that cannot serve it.
 * `/healthz` stays the liveness probe (process alive) and never calls a service.
 */
export const serviceReadinessPlugin = fp(
  async (fastify) => {
    const pingInstance = async (balancer: InstanceBalancer, instance: ServiceInstance): Promise<ServiceHealth> => {
      try {
        const res = await instance.pool.request({
          method: 'GET',
          path: '/healthz',
          signal: AbortSignal.timeout(SERVICE_PING_TIMEOUT_MS),
        });
        await res.body.dump();
        return res.statusCode === 200 ? 'ok' : 'unhealthy';
      } catch (err) {
        if (isConnectionRefused(err)) balancer.failed(instance);
        return 'unreachable';
      }
    };
    // A service with several instances can serve while one of them answers.
    const ping = async (name: ServiceName): Promise<ServiceHealth> => {
      const { balancer } = fastify.services[name];
      const health = await Promise.all(balancer.instances.map((instance) => pingInstance(balancer, instance)));
      return health.includes('ok') ? 'ok' : (health.find((h) => h === 'unhealthy') ?? 'unreachable');
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
