import { UnrecoverableError } from 'bullmq';
import fp from 'fastify-plugin';
import { Counter, Histogram } from '@prometheus-io/client';
import type { NotificationsConfig } from '../../config';
import { createEmailWorker, type EmailJobResult, type EmailWorkerDeps } from '../../sending/email-worker';
import { createMailer } from '../../sending/mailer';
import { createStaffEmailWorker } from '../../sending/staff-email-worker';

/**
 * The sending worker inside notifications-svc when NOTIFICATIONS_WORKER_IN_PROCESS (the default);
 * closed before the database. `onAccepted` is for tests only. Its results are metrics on the
 * metrics port: `notifications_emails_total{result}` (sent; retried after a temporary
 * SMTP failure; failed for good; skipped: already sent or nothing to send) and
 * `notifications_email_delay_seconds`, from the job's enqueue by the outbox relay to the SMTP
 * server's acceptance. Beside it, the staff emails' worker (sending/staff-email-worker.tsx).
 */
export const emailWorkerPlugin = fp<{ config: NotificationsConfig; onAccepted?: EmailWorkerDeps['onAccepted'] }>(
  async (fastify, { config, onAccepted }) => {
    if (!config.NOTIFICATIONS_WORKER_IN_PROCESS) return;
    const mailer = createMailer(config);
    const worker = createEmailWorker({
      config,
      repository: fastify.emailsRepository,
      mailer,
      log: fastify.log.child({ component: 'email-worker' }),
      onAccepted,
    });
    // Staff emails (the nightly reconciliation's differences): their own queue, the same mailer.
    const staffWorker = createStaffEmailWorker({ config, mailer, log: fastify.log.child({ component: 'staff-email-worker' }) });
    const results = new Counter({
      name: 'notifications_emails_total',
      help: 'Email sending attempts by result (sent, retried, failed, skipped)',
      labelNames: ['result'] as const,
      registers: [fastify.metricsRegistry],
    });
    for (const result of ['sent', 'retried', 'failed', 'skipped']) results.inc({ result }, 0);
    const delay = new Histogram({
      name: 'notifications_email_delay_seconds',
      help: 'Time from an email job being queued to the SMTP server accepting the email',
      buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600],
      registers: [fastify.metricsRegistry],
    });
    worker.worker.on('completed', (job, result: EmailJobResult) => {
      results.inc({ result: result.state === 'sent' ? 'sent' : 'skipped' });
      if (result.state === 'sent') delay.observe(Math.max(0, (job.finishedOn ?? Date.now()) - job.timestamp) / 1000);
    });
    worker.worker.on('failed', (job, err) => {
      const last = err instanceof UnrecoverableError || (job !== undefined && job.attemptsMade >= (job.opts.attempts ?? 1));
      results.inc({ result: last ? 'failed' : 'retried' });
    });
    fastify.addHook('onClose', async () => {
      await Promise.all([worker.close(), staffWorker.close()]);
      mailer.close();
    });
  },
  { name: 'email-worker', dependencies: ['emails-repository'] },
);
