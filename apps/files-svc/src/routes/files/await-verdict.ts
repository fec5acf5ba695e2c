import type { Job, QueueEvents } from 'bullmq';
import type { ScanJobData, ScanJobResult } from '../../scanning/scan-queue';

export type VerdictOutcome = { kind: 'finished'; result: ScanJobResult } | { kind: 'failed'; reason: string } | { kind: 'timeout' };

/**
 * Waits for a scan job's end through QueueEvents (`job.waitUntilFinished`) for at most
 * `timeoutMs`. Retried attempts are not an end: BullMQ reports `failed` only after the last.
 */
export async function awaitVerdict(job: Job<ScanJobData, ScanJobResult>, events: QueueEvents, timeoutMs: number): Promise<VerdictOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<VerdictOutcome>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'timeout' }), timeoutMs);
  });
  const finished = job
    .waitUntilFinished(events, timeoutMs + 1000)
    .then((result: ScanJobResult): VerdictOutcome => ({ kind: 'finished', result }))
    .catch((err: unknown): VerdictOutcome => ({ kind: 'failed', reason: err instanceof Error ? err.message : String(err) }));
  try {
    return await Promise.race([finished, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
