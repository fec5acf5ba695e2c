import { OUTBOX_QUEUES, staffEmailJobSchema } from '@clearing-desk/contracts';
import { redisConnection } from '@clearing-desk/service-kit';
import { render } from '@react-email/render';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import type { NotificationsConfig } from '../config';
import { StaffEmail } from '../templates/staff-email';
import { backoffDelay } from './email-queue';
import { messageIdFor, PermanentSendError, type Mailer } from './mailer';

/** The queue applications-svc's outbox relay fills with staff emails (OUTBOX_QUEUES['reconciliation-email'], ['wallboard-alert-email']). */
export const STAFF_EMAIL_QUEUE_NAME = OUTBOX_QUEUES['reconciliation-email'];

export type StaffEmailDeps = { config: Pick<NotificationsConfig, 'MAIL_FROM'>; mailer: Mailer };

/**
 * One staff email job (the nightly reconciliation's, kind 'reconciliation-email'; a wallboard
 * alert's, 'wallboard-alert-email'): rendered from its payload's words (HTML and plain text) and sent with a Message-ID derived from the outbox row, so a
 * repeat is recognisable as the same email. A 5xx refusal fails at once (UnrecoverableError);
 * anything else is thrown for BullMQ's retry. Not recorded in the applicants' emails table: it
 * belongs to no application and no History.
 */
export async function sendStaffEmailJob(deps: StaffEmailDeps, job: Pick<Job, 'data'>): Promise<{ messageId: string }> {
  const { outboxId, payload } = staffEmailJobSchema.parse(job.data);
  const element = <StaffEmail subject={payload.subject} lines={payload.lines} />;
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  const messageId = messageIdFor(outboxId, deps.config.MAIL_FROM);
  try {
    await deps.mailer.send({ messageId, to: payload.recipient, subject: payload.subject, html, text });
  } catch (err) {
    if (err instanceof PermanentSendError) throw new UnrecoverableError(err.message);
    throw err;
  }
  return { messageId };
}

/** The BullMQ worker of staff emails, with the decision emails' retry schedule (backoffDelay). */
export function createStaffEmailWorker(deps: StaffEmailDeps & { config: NotificationsConfig; log: FastifyBaseLogger }) {
  const { config } = deps;
  const lifecycle = { closed: false };
  const connection = redisConnection(config.REDIS_URL, 'blocking', lifecycle);
  const worker = new Worker(STAFF_EMAIL_QUEUE_NAME, (job) => sendStaffEmailJob(deps, job), {
    connection,
    prefix: config.NOTIFICATIONS_QUEUE_PREFIX,
    concurrency: 1,
    lockDuration: config.NOTIFICATIONS_JOB_LOCK_MS,
    stalledInterval: config.NOTIFICATIONS_STALLED_INTERVAL_MS,
    settings: { backoffStrategy: (attemptsMade: number) => backoffDelay(config, attemptsMade) },
  });
  worker.on('error', (err) => deps.log.error({ err }, 'staff email worker error'));
  worker.on('failed', (job, err) => deps.log.warn({ jobId: job?.id, err: err.message }, 'staff email attempt failed'));
  return {
    worker,
    async close() {
      lifecycle.closed = true;
      await worker.close();
      connection.disconnect();
    },
  };
}
