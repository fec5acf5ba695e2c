import type { Job, Queue } from 'bullmq';
import { Gauge, Histogram, type Registry } from '@prometheus-io/client';

/** Seconds: a clamd INSTREAM scan of a 5 MB upload takes well under a second; 10 s is the upload's own limit. */
const SCAN_BUCKETS_SECONDS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What a scan ended in: clamd's verdict, or `error` when it could not scan (retried, then the upload refused). */
export type ScanOutcome = 'clean' | 'infected' | 'error';

export type ScanMetrics = {
  /** Starts timing one clamd scan; call the result with its outcome when it ends. */
  startScan: () => (outcome: ScanOutcome) => void;
  /** Records how long a job waited in the queue before its first attempt started. */
  jobStarted: (job: Pick<Job, 'timestamp' | 'processedOn' | 'attemptsMade'>) => void;
};

/**
 * The scan worker's metrics, in the registry of the process running it (files-svc
 * with the worker in process, or the standalone worker):
 * - `files_scan_duration_seconds{outcome}`: the time of each clamd scan (histogram; its `_count`
 *   is the scans per outcome);
 * - `files_scan_queue_wait_seconds`: from the upload's enqueue to a worker taking the job.
 */
export function createScanMetrics(registry: Registry): ScanMetrics {
  const duration = new Histogram({
    name: 'files_scan_duration_seconds',
    help: 'Time of one ClamAV scan of an upload, by outcome (clean, infected, error)',
    labelNames: ['outcome'] as const,
    buckets: SCAN_BUCKETS_SECONDS,
    registers: [registry],
  });
  const wait = new Histogram({
    name: 'files_scan_queue_wait_seconds',
    help: 'Time a scan job waited in the queue before a worker started it',
    buckets: SCAN_BUCKETS_SECONDS,
    registers: [registry],
  });
  return {
    startScan: () => {
      const end = duration.startTimer();
      return (outcome) => end({ outcome });
    },
    jobStarted: (job) => {
      if (job.attemptsMade === 0 && job.processedOn) wait.observe(Math.max(0, job.processedOn - job.timestamp) / 1000);
    },
  };
}

/** The queue states reported by `files_scan_queue_jobs`. */
export const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/**
 * `files_scan_queue_jobs{state}`: the scan queue's depth, read from Redis at each scrape (files-svc,
 * which owns the queue; every replica reports the same queue, so dashboards take the max). While
 * Redis does not answer, the series are left out of the scrape rather than reporting stale depths.
 */
export function registerQueueDepth(registry: Registry, queue: Pick<Queue, 'getJobCounts'>): void {
  new Gauge({
    name: 'files_scan_queue_jobs',
    help: 'Scan jobs in the queue by state (waiting, active, delayed, failed)',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      try {
        const counts = await queue.getJobCounts(...QUEUE_STATES);
        for (const state of QUEUE_STATES) this.set({ state }, counts[state] ?? 0);
      } catch {
        this.reset();
      }
    },
  });
}
