import { connectDatabase, loadConfig } from '@clearing-desk/service-kit';
import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { standaloneWorkerConfigSchema } from './config';
import * as schema from './db/schema';
import { createFilesRepository } from './plugins/app/files-repository';
import { scannerFromConfig } from './plugins/app/scan-worker';
import { MIGRATIONS_FOLDER } from './plugins/external/database';
import { createScanWorker } from './scanning/scan-worker';
import { createBlobStore } from './storage/blob-store';

/**
 * A scan worker on its own (`nx run files-svc:serve-worker`), so scanning scales apart from the
 * upload API: run as many as ClamAV can keep busy, with FILES_WORKER_IN_PROCESS=false on
 * files-svc. Needs the same DATABASE_URL (PostgreSQL), FILES_DIR, REDIS_URL and
 * FILES_QUEUE_PREFIX as files-svc. SIGTERM lets the running scans finish (up to 10 s).
 */
async function main() {
  const config = loadConfig(standaloneWorkerConfigSchema);
  const log = pino({ level: config.LOG_LEVEL, name: 'files-scan-worker' });
  const database = await connectDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, migrationsFolder: MIGRATIONS_FOLDER, schema });
  const blobs = createBlobStore(config.FILES_DIR);
  await blobs.init();
  const worker = createScanWorker({
    config,
    repository: createFilesRepository(database.db),
    blobs,
    scanner: scannerFromConfig(config),
    log,
  });
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) log.error({ err }, 'closing after an uncaught error');
    else log.info({ signal }, 'closing');
    await worker.close();
    await database.close();
  });
  await worker.worker.waitUntilReady();
  log.info({ queue: config.FILES_QUEUE_PREFIX, concurrency: config.FILES_WORKER_CONCURRENCY }, 'scan worker ready');
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
