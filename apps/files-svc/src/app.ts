import { createService } from '@clearing-desk/service-kit';
import type { FilesConfig } from './config';
import { blobStorePlugin } from './plugins/app/blob-store';
import { filesRepositoryPlugin } from './repositories/files-repository';
import { quarantineSweeperPlugin } from './storage/quarantine-sweeper';
import { scanWorkerPlugin } from './plugins/app/scan-worker';
import { databasePlugin } from './plugins/external/database';
import { multipartPlugin } from './plugins/external/multipart';
import { scanQueuePlugin } from './plugins/external/scan-queue';
import { fileRoutes } from './routes/files';
import { fileErasureRoutes } from './routes/files/erasure';
import type { Scanner } from './scanning/clamav-scanner';

export type BuildOptions = {
  /** Replaces ClamAV in the in-process worker (the benchmark's no-scan baseline). */
  scanner?: Scanner;
};

/**
 * Builds files-svc (document uploads with virus scanning) without listening.
 * Plugin order, the same in every service: external (database, Redis queue, multipart), app
 * (repository, blob store, scan worker, sweeper), routes.
 */
export async function buildApp(config: FilesConfig, options: BuildOptions = {}) {
  const app = createService({
    name: 'files-svc',
    logLevel: config.LOG_LEVEL,
    requestLogSample: config.LOG_REQUEST_SAMPLE,
    internalToken: config.INTERNAL_TOKEN,
    secondaryInternalToken: config.INTERNAL_TOKEN_SECONDARY,
  });
  await app.register(databasePlugin, { config });
  await app.register(scanQueuePlugin, { config });
  await app.register(multipartPlugin);
  await app.register(filesRepositoryPlugin);
  await app.register(blobStorePlugin, { config });
  await app.register(scanWorkerPlugin, { config, scanner: options.scanner });
  await app.register(quarantineSweeperPlugin, { config });
  await app.register(fileRoutes, { config });
  await app.register(fileErasureRoutes);
  return app;
}
