import { connectDatabase, createMetricsRegistry, loadConfig, startMetricsServer } from '@clearing-desk/service-kit';
import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { standaloneWorkerConfigSchema } from './config';
import * as schema from './db/schema';
import { createFilesRepository } from './repositories/files-repository';
import { scannerFromConfig } from './plugins/app/scan-worker';
import { MIGRATIONS_FOLDER } from './plugins/external/database';
import { createScanMetrics } from './scanning/scan-metrics';
import { createScanWorker } from './scanning/scan-worker';
import { createBlobStore } from './storage/blob-store';

/**
 * A scan worker on its own (`nx run files-svc:serve-worker`), so scanning scales apart from the
 * upload API: run as many as ClamAV can keep busy, with FILES_WORKER_IN_PROCESS=false on
 * files-svc. Needs the same DATABASE_URL (PostgreSQL), FILES_DIR, REDIS_URL and
 * FILES_QUEUE_PREFIX as files-svc. SIGTERM lets the running scans finish (up to 10 s).
 * METRICS_PORT (9310) serves its scan times at `/metrics`, and `/healthz` and `/readyz` (Redis and
 * clamd answer) for Kubernetes' probes: the worker has no other port.
 */
async function main() {
  const config = loadConfig(standaloneWorkerConfigSchema);
  const log = pino({ level: config.LOG_LEVEL, name: 'files-scan-worker' });
  const database = await connectDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    migrationsFolder: MIGRATIONS_FOLDER,
    migrations: config.DATABASE_MIGRATIONS,
    schema,
  });
  const blobs = createBlobStore(config.FILES_DIR);
  await blobs.init();
  const registry = createMetricsRegistry('files-worker');
  const scanner = scannerFromConfig(config);
  const worker = createScanWorker({
    config,
    repository: createFilesRepository(database.db),
    blobs,
    scanner,
    log,
    metrics: createScanMetrics(registry),
  });
  // Scan times and process metrics for Prometheus, and the probes of a process without an API.
  const metrics = await startMetricsServer({
    registry,
    host: config.METRICS_HOST,
    port: config.METRICS_PORT,
    readiness: [
      async () => {
        if (!worker.redisReady()) throw new Error('redis unreachable');
      },
      async () => {
        if (scanner.ping) await scanner.ping().catch(() => Promise.reject(new Error('clamd unreachable')));
      },
    ],
  });
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) log.error({ err }, 'closing after an uncaught error');
    else log.info({ signal }, 'closing');
    await worker.close();
    await metrics.close();
    await database.close();
  });
  await worker.worker.waitUntilReady();
  log.info({ queue: config.FILES_QUEUE_PREFIX, concurrency: config.FILES_WORKER_CONCURRENCY, metrics: `${metrics.url}/metrics` }, 'scan worker ready');
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
