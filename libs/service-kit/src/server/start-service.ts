import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { startMetricsServer } from '../metrics/metrics';
import { shutdownTracing } from '../telemetry/tracing';

/** Where an app listens: its API, and its metrics port when the config has one. */
export type ListenConfig = { HOST: string; PORT: number; METRICS_HOST?: string; METRICS_PORT?: number };

/**
 * Listens on HOST:PORT, and serves the app's Prometheus registry on METRICS_HOST:METRICS_PORT
 * (startMetricsServer: `/metrics` there only, never on the API port). Closes gracefully on
 * SIGINT/SIGTERM or an uncaught error: in-flight requests finish, onClose hooks (database,
 * queues, the metrics port) run, and the process exits within 10 s.
 * Returns the bound API address (useful when PORT is 0).
 * @throws when either port cannot be bound.
 */
export async function startService(app: FastifyInstance, config: ListenConfig): Promise<string> {
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an uncaught error');
    else app.log.info({ signal }, 'closing');
    await app.close();
    // The spans of the last requests are exported before the process ends.
    await shutdownTracing().catch(() => undefined);
  });
  if (config.METRICS_PORT !== undefined) {
    const metrics = await startMetricsServer({ registry: app.metricsRegistry, host: config.METRICS_HOST ?? '127.0.0.1', port: config.METRICS_PORT });
    app.addHook('onClose', () => metrics.close());
    app.log.info({ url: `${metrics.url}/metrics` }, 'metrics listening');
  }
  return app.listen({ host: config.HOST, port: config.PORT });
}
