import { ReadinessError } from '@clearing-desk/service-kit';
import fp from 'fastify-plugin';
import type { FilesConfig } from '../../config';
import { createClamavScanner, type Scanner } from '../../scanning/clamav-scanner';
import { createScanMetrics } from '../../scanning/scan-metrics';
import { createScanWorker } from '../../scanning/scan-worker';

/** ClamAV as configured: local socket first, then TCP (README "ClamAV"). */
export const scannerFromConfig = (config: Pick<FilesConfig, 'CLAMAV_SOCKET' | 'CLAMAV_HOST' | 'CLAMAV_PORT' | 'CLAMAV_TIMEOUT_MS'>): Scanner =>
  createClamavScanner({
    socket: config.CLAMAV_SOCKET === 'none' ? undefined : config.CLAMAV_SOCKET,
    host: config.CLAMAV_HOST,
    port: config.CLAMAV_PORT || undefined,
    timeoutMs: config.CLAMAV_TIMEOUT_MS,
  });

/**
 * A scan worker inside files-svc when FILES_WORKER_IN_PROCESS (the default); closed before the
 * database. With it off, workers run alone (src/worker.ts) and this process only enqueues.
 * Its clamd is part of /readyz: while no clamd answers PING, /readyz answers
 * 503 `{ message: 'Service Unavailable', clamd: 'unreachable' }` (uploads would answer 503 anyway).
 */
export const scanWorkerPlugin = fp<{ config: FilesConfig; scanner?: Scanner }>(
  async (fastify, { config, scanner }) => {
    if (!config.FILES_WORKER_IN_PROCESS) return;
    const used = scanner ?? scannerFromConfig(config);
    const ping = used.ping?.bind(used);
    if (ping) {
      fastify.readinessChecks.push(async () => {
        try {
          await ping();
        } catch (err) {
          throw new ReadinessError(err instanceof Error ? err.message : 'clamd unreachable', { clamd: 'unreachable' });
        }
      });
    }
    const worker = createScanWorker({
      config,
      repository: fastify.filesRepository,
      blobs: fastify.blobs,
      scanner: used,
      log: fastify.log.child({ component: 'scan-worker' }),
      metrics: createScanMetrics(fastify.metricsRegistry),
    });
    fastify.addHook('onClose', () => worker.close());
  },
  { name: 'scan-worker', dependencies: ['files-repository', 'blob-store'] },
);
