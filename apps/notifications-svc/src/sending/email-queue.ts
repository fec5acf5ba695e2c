import { OUTBOX_QUEUES } from '@clearing-desk/contracts';
import { queueTelemetry, redisConnection, withTimeout, type ConnectionLifecycle } from '@clearing-desk/service-kit';
import { Queue, type JobsOptions, type Telemetry } from 'bullmq';
import type { NotificationsConfig } from '../config';

/** The queue applications-svc's outbox relay fills (OUTBOX_QUEUES['decision-email']). */
export const EMAIL_QUEUE_NAME = OUTBOX_QUEUES['decision-email'];
/** Job names: a decision's email (data DecisionEmailJob, id = outbox id) and a staff resend (data { emailId }, id = the new email's id). */
export const EMAIL_JOB_NAMES = { DECISION: 'decision-email', RESEND: 'resend' } as const;
export type ResendJobData = { emailId: string };

/** The worker's retry schedule: doubling from NOTIFICATIONS_BACKOFF_MS, capped at NOTIFICATIONS_BACKOFF_MAX_MS. */
export const backoffDelay = (config: Pick<NotificationsConfig, 'NOTIFICATIONS_BACKOFF_MS' | 'NOTIFICATIONS_BACKOFF_MAX_MS'>, attemptsMade: number): number =>
  Math.min(config.NOTIFICATIONS_BACKOFF_MS * 2 ** Math.max(0, attemptsMade - 1), config.NOTIFICATIONS_BACKOFF_MAX_MS);

/** Options of a resend job (the relay sets the same on decision jobs). */
export function resendJobOptions(config: Pick<NotificationsConfig, 'NOTIFICATIONS_SEND_ATTEMPTS'>, emailId: string): JobsOptions {
  return {
    jobId: emailId,
    attempts: config.NOTIFICATIONS_SEND_ATTEMPTS,
    backoff: { type: 'capped' },
    removeOnComplete: { age: 24 * 3600, count: 10_000 },
    removeOnFail: { age: 7 * 24 * 3600, count: 10_000 },
  };
}

/** The producer side in notifications-svc: resends, and the readiness ping. */
export function createEmailQueue(config: Pick<NotificationsConfig, 'REDIS_URL' | 'NOTIFICATIONS_QUEUE_PREFIX' | 'NOTIFICATIONS_SEND_ATTEMPTS'>) {
  const lifecycle: ConnectionLifecycle = { closed: false };
  const connection = redisConnection(config.REDIS_URL, 'producer', lifecycle);
  const queue = new Queue(EMAIL_QUEUE_NAME, { connection, prefix: config.NOTIFICATIONS_QUEUE_PREFIX, telemetry: queueTelemetry<Telemetry>() });
  queue.on('error', () => undefined);
  return {
    queue,
    ping: async () => void (await connection.ping()),
    /** Queues a resend; fails at once while Redis is unreachable. */
    async addResend(emailId: string): Promise<void> {
      if (connection.status !== 'ready') throw new Error(`redis is ${connection.status}`);
      await withTimeout(queue.add(EMAIL_JOB_NAMES.RESEND, { emailId } satisfies ResendJobData, resendJobOptions(config, emailId)), 3000, 'queueing the resend');
    },
    async close({ obliterate = false } = {}) {
      if (obliterate && connection.status === 'ready') {
        await withTimeout(queue.obliterate({ force: true }), 3000, 'obliterating the queue').catch(() => undefined);
      }
      lifecycle.closed = true;
      await withTimeout(queue.close(), 3000, 'closing the queue').catch(() => undefined);
      connection.disconnect();
    },
  };
}
export type EmailQueue = ReturnType<typeof createEmailQueue>;
