import { UnrecoverableError, Worker, type Job, type Telemetry } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import type { ScanWorkerConfig } from '../config';
import type { FilesRepository } from '../repositories/files-repository';
import type { BlobStore } from '../storage/blob-store';
import { queueTelemetry, redisConnection } from '@clearing-desk/service-kit';
import type { Scanner } from './clamav-scanner';
import { inspectContainer, type ContainerLimits } from './container-inspection';
import type { ScanMetrics } from './scan-metrics';
import { SCAN_QUEUE_NAME, type ScanJobData, type ScanJobResult } from './scan-queue';

export type ScanWorkerDeps = {
  config: ScanWorkerConfig;
  repository: FilesRepository;
  blobs: BlobStore;
  scanner: Scanner;
  log: FastifyBaseLogger;
  /** Scan times and queue waits (scan-metrics.ts); none in tests that do not look at them. */
  metrics?: ScanMetrics;
};

const containerLimits = (config: ScanWorkerConfig): ContainerLimits => ({
  maxUncompressedBytes: config.FILES_CONTAINER_MAX_UNCOMPRESSED_BYTES,
  maxRatio: config.FILES_CONTAINER_MAX_RATIO,
  maxEntries: config.FILES_CONTAINER_MAX_ENTRIES,
});

/**
 * Runs one clamd scan of the whole file, then, when clamd found nothing, the container inspection
 * (container-inspection.ts: every entry of a ZIP-based document streamed to clamd, its limits, a
 * PDF's scripts and attachments), timed by `metrics` with its outcome. A refusal is logged with
 * its reason and answers as a signature would.
 */
async function timedScan(deps: ScanWorkerDeps, file: string, log: FastifyBaseLogger) {
  const done = deps.metrics?.startScan();
  try {
    const whole = await deps.scanner.scan(file);
    const inspected = whole.infected ? null : await inspectContainer(file, deps.scanner, containerLimits(deps.config));
    if (inspected?.reason) log.warn({ reason: inspected.reason }, 'container refused');
    const verdict = inspected?.verdict ?? whole;
    done?.(verdict.infected ? 'infected' : 'clean');
    return verdict;
  } catch (err) {
    done?.('error');
    throw err;
  }
}

/**
 * One scan job: scans the quarantined blob with ClamAV and applies the verdict itself, so a
 * verdict is durable whether or not the upload request is still waiting:
 * - clean: status 'clean' and the blob moved to clean/ in one transaction;
 * - infected: status 'infected' with the signature names, then the blob deleted; logged;
 * - the upload already discarded: nothing to do ('gone').
 * A file refused for its format (`record: false`) is only scanned; the route deletes it.
 * A scan that cannot run throws, so BullMQ retries with backoff; after the last attempt the
 * upload is discarded (fail closed). Running it twice is harmless: every step checks the status.
 */
export async function processScanJob(deps: ScanWorkerDeps, job: Job<ScanJobData, ScanJobResult>): Promise<ScanJobResult> {
  const { fileId } = job.data;
  const log = deps.log.child({ fileId, jobId: job.id, attempt: job.attemptsMade + 1 });
  deps.metrics?.jobStarted(job);
  if (!job.data.record) {
    if ((await deps.blobs.locate(fileId)) !== 'quarantine') return { verdict: 'gone' };
    const verdict = await timedScan(deps, deps.blobs.pathOf('quarantine', fileId), log);
    if (verdict.infected) log.warn({ signatures: verdict.signatures }, 'virus found in a file refused for its format');
    return verdict.infected ? { verdict: 'infected', signatures: verdict.signatures } : { verdict: 'clean' };
  }
  const row = await deps.repository.findById(fileId);
  if (!row) return { verdict: 'gone' };
  if (row.status === 'clean') return { verdict: 'clean' };
  if (row.status === 'infected') return { verdict: 'infected', signatures: row.signature ? row.signature.split(', ') : [] };

  // A crash between moving the blob and committing leaves it in clean/ with the row quarantined.
  const area = await deps.blobs.locate(fileId);
  if (!area) {
    await deps.repository.discardQuarantined(fileId);
    throw new UnrecoverableError('the quarantined blob is missing');
  }
  let verdict;
  try {
    verdict = await timedScan(deps, deps.blobs.pathOf(area, fileId), log);
  } catch (err) {
    const last = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    log.warn({ err, last }, last ? 'scan failed on the last attempt; the upload is discarded' : 'scan failed; will retry');
    if (last) {
      await deps.repository.discardQuarantined(fileId);
      await deps.blobs.remove(fileId);
    }
    throw err;
  }

  if (verdict.infected) {
    const marked = await deps.repository.markInfected(fileId, verdict.signatures);
    await deps.blobs.remove(fileId);
    log.warn({ signatures: verdict.signatures, documentType: row.documentType, fileSize: row.fileSize }, 'virus found; upload deleted');
    return marked ? { verdict: 'infected', signatures: verdict.signatures } : { verdict: 'gone' };
  }
  const promoted = await deps.repository.markClean(fileId, async () => {
    if (area === 'quarantine') await deps.blobs.promote(fileId);
  });
  if (!promoted) {
    await deps.blobs.remove(fileId); // discarded while we scanned
    return { verdict: 'gone' };
  }
  log.info('scan clean');
  return { verdict: 'clean' };
}

/**
 * A BullMQ worker of the scan queue. Jobs locked by a worker that died (SIGKILL, crash) are
 * taken back by the stalled-job check of any live worker after FILES_JOB_LOCK_MS, so no upload
 * is lost with its worker.
 */
export function createScanWorker(deps: ScanWorkerDeps) {
  const { config } = deps;
  const lifecycle = { closed: false };
  const connection = redisConnection(config.REDIS_URL, 'blocking', lifecycle);
  const worker = new Worker<ScanJobData, ScanJobResult>(SCAN_QUEUE_NAME, (job) => processScanJob(deps, job), {
    connection,
    prefix: config.FILES_QUEUE_PREFIX,
    concurrency: config.FILES_WORKER_CONCURRENCY,
    lockDuration: config.FILES_JOB_LOCK_MS,
    stalledInterval: config.FILES_STALLED_INTERVAL_MS,
    maxStalledCount: 2,
    // Tracing on (files-svc's in-process worker): each scan continues the trace of the upload that queued it.
    telemetry: queueTelemetry<Telemetry>(),
  });
  worker.on('error', (err) => deps.log.error({ err }, 'scan worker error'));
  worker.on('stalled', (jobId) => deps.log.warn({ jobId }, 'scan job stalled (its worker died); retrying it'));
  return {
    worker,
    /** Whether the worker's Redis connection is up (the standalone worker's readiness). */
    redisReady: () => connection.status === 'ready',
    async close() {
      lifecycle.closed = true;
      await worker.close();
      connection.disconnect();
    },
  };
}
export type ScanWorker = ReturnType<typeof createScanWorker>;
