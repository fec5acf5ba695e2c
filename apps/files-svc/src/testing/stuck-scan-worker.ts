/**
 * Test fixture (run as a child process by scan-recovery.test.ts): a real scan worker whose
 * scanner announces `SCANNING <fileId>` on stdout and then never answers, so the test can
 * SIGKILL it mid-scan. Configured by the same environment as src/worker.ts.
 */
import { connectDatabase, loadConfig } from '@clearing-desk/service-kit';
import pino from 'pino';
import { standaloneWorkerConfigSchema } from '../config';
import * as schema from '../db/schema';
import { createFilesRepository } from '../repositories/files-repository';
import { MIGRATIONS_FOLDER } from '../plugins/external/database';
import { createScanWorker } from '../scanning/scan-worker';
import { createBlobStore } from '../storage/blob-store';

async function main() {
  const config = loadConfig(standaloneWorkerConfigSchema);
  const database = await connectDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, migrationsFolder: MIGRATIONS_FOLDER, schema });
  const worker = createScanWorker({
    config,
    repository: createFilesRepository(database.db),
    blobs: createBlobStore(config.FILES_DIR),
    scanner: {
      scan: (filePath) => {
        process.stdout.write(`SCANNING ${filePath.split('/').pop()}\n`);
        return new Promise(() => undefined);
      },
      scanStream: () => new Promise(() => undefined),
    },
    log: pino({ level: 'silent' }),
  });
  await worker.worker.waitUntilReady();
  process.stdout.write('READY\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
