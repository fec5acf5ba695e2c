import { Queue, QueueEvents, type JobsOptions, type Telemetry } from 'bullmq';
import { queueTelemetry, redisConnection, withTimeout, type ConnectionLifecycle } from '@clearing-desk/service-kit';
import type { ScanWorkerConfig } from '../config';

/** The BullMQ queue of scan jobs (one job per upload, id = file id). */
export const SCAN_QUEUE_NAME = 'file-scans';

/**
 * `record: true` for an accepted upload: the worker applies the verdict to its record. `false`
 * for a file refused for its format, scanned only so that a virus is reported as one: the
 * worker just answers, and the upload route deletes the blob either way.
 */
export type ScanJobData = { fileId: string; record: boolean };

/**
 * What a finished scan job returns. `gone`: the upload was discarded before a verdict (its
 * request gave up), so there was nothing left to scan.
 */
export type ScanJobResult = { verdict: 'clean' } | { verdict: 'infected'; signatures: string[] } | { verdict: 'gone' };

/** Retries with exponential backoff; finished jobs are kept a while for inspection, then dropped. */
export function scanJobOptions(config: Pick<ScanWorkerConfig, 'FILES_SCAN_ATTEMPTS' | 'FILES_SCAN_BACKOFF_MS'>, fileId: string): JobsOptions {
  return {
    jobId: fileId,
    attempts: config.FILES_SCAN_ATTEMPTS,
    backoff: { type: 'exponential', delay: config.FILES_SCAN_BACKOFF_MS },
    removeOnComplete: { age: 3600, count: 10_000 },
    removeOnFail: { age: 24 * 3600, count: 10_000 },
  };
}

/** The producer side: the queue uploads add to and the events they wait on. */
export function createScanQueue(config: Pick<ScanWorkerConfig, 'REDIS_URL' | 'FILES_QUEUE_PREFIX'>) {
  const lifecycle: ConnectionLifecycle = { closed: false };
  const queueConnection = redisConnection(config.REDIS_URL, 'producer', lifecycle);
  const eventsConnection = redisConnection(config.REDIS_URL, 'blocking', lifecycle);
  const queue = new Queue<ScanJobData, ScanJobResult>(SCAN_QUEUE_NAME, {
    connection: queueConnection,
    prefix: config.FILES_QUEUE_PREFIX,
    telemetry: queueTelemetry<Telemetry>(),
  });
  const events = new QueueEvents(SCAN_QUEUE_NAME, { connection: eventsConnection, prefix: config.FILES_QUEUE_PREFIX });
  // Connection errors surface through failed calls (503); keep them from crashing the process.
  queue.on('error', () => undefined);
  events.on('error', () => undefined);
  return {
    queue,
    events,
    ping: async () => void (await queueConnection.ping()),
    /**
     * Adds a job, failing at once while Redis is unreachable (BullMQ would otherwise wait for the
     * connection) and after `timeoutMs` at most.
     */
    async add(data: ScanJobData, options: JobsOptions, timeoutMs: number) {
      if (queueConnection.status !== 'ready') throw new Error(`redis is ${queueConnection.status}`);
      return withTimeout(queue.add('scan', data, options), timeoutMs, 'enqueueing the scan');
    },
    /** Closes the queue; `obliterate` first deletes all its keys (an ephemeral test prefix). */
    async close({ obliterate = false } = {}) {
      if (obliterate && queueConnection.status === 'ready') {
        await withTimeout(queue.obliterate({ force: true }), 3000, 'obliterating the queue').catch(() => undefined);
      }
      lifecycle.closed = true;
      // Bounded: with Redis down BullMQ's close would wait for a connection that never comes.
      await withTimeout(Promise.allSettled([events.close(), queue.close()]), 3000, 'closing the queue').catch(() => undefined);
      queueConnection.disconnect();
      eventsConnection.disconnect();
    },
  };
}
export type ScanQueue = ReturnType<typeof createScanQueue>;
