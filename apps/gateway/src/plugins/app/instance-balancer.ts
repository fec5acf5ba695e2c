import { Pool } from 'undici';

/** How long an instance whose connection failed is skipped (ms) before it is tried again. */
export const INSTANCE_SKIP_MS = 5_000;

/** One instance of a service: its URL and keep-alive connection pool. */
export type ServiceInstance = { url: string; pool: Pool; failedAt: number };

/**
 * The instances of one internal service (`ASSESSMENT_URL=a,b`, or one
 * Kubernetes Service URL), each with its own undici Pool. `pick` takes them in turn (round robin)
 * and skips an instance whose connection failed within INSTANCE_SKIP_MS (`failed`), so a stopped
 * instance costs one failed connection per INSTANCE_SKIP_MS, not one per call; when every instance
 * failed recently, the turn goes on regardless (one of them may be back).
 * undici's BalancedPool was not used: it keeps choosing a failed upstream at a lowered weight and
 * says nothing of which one answered, and the gateway needs a refused call sent to another one.
 */
export function createInstanceBalancer(urls: readonly string[], options: Pool.Options, now: () => number = Date.now) {
  if (urls.length === 0) throw new Error('a service needs at least one URL');
  const instances: ServiceInstance[] = urls.map((url) => ({ url, pool: new Pool(url, options), failedAt: -Infinity }));
  let turn = 0;
  return {
    instances,
    /** The next instance in turn that has not failed recently, other than `avoid` when another exists. */
    pick(avoid?: ServiceInstance): ServiceInstance {
      const at = now();
      const n = instances.length;
      let fallback: ServiceInstance | undefined;
      for (let i = 0; i < n; i += 1) {
        const instance = instances[(turn + i) % n] as ServiceInstance;
        if (instance === avoid) continue;
        fallback ??= instance;
        if (at - instance.failedAt >= INSTANCE_SKIP_MS) {
          turn = (turn + i + 1) % n;
          return instance;
        }
      }
      const chosen = fallback ?? (instances[turn % n] as ServiceInstance);
      turn = (instances.indexOf(chosen) + 1) % n;
      return chosen;
    },
    /** Marks an instance whose connection failed (refused, reset, dropped): skipped for INSTANCE_SKIP_MS. */
    failed(instance: ServiceInstance): void {
      instance.failedAt = now();
    },
    close: () => Promise.all(instances.map((i) => i.pool.close())),
  };
}
export type InstanceBalancer = ReturnType<typeof createInstanceBalancer>;
