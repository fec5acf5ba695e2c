import { callbackEmailJobSchema, decisionEmailJobSchema, OUTBOX_KINDS, ucasReminderEmailJobSchema, type DecisionEmailPayload } from '@clearing-desk/contracts';
import { teamCalendarFromConfig } from '@clearing-desk/contracts/server';
import { queueTelemetry, redisConnection } from '@clearing-desk/service-kit';
import { UnrecoverableError, Worker, type Job, type Telemetry } from 'bullmq';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { NotificationsConfig } from '../config';
import type { EmailAttachment, EmailRow } from '../db/schema';
import type { EmailsRepository, NewEmail } from '../repositories/emails-repository';
import { backoffDelay, EMAIL_JOB_NAMES, EMAIL_QUEUE_NAME, type ResendJobData } from './email-queue';
import { messageIdFor, PermanentSendError, type Mailer } from './mailer';
import { renderCallbackEmail } from './render-callback-email';
import { renderDecisionEmail } from './render-email';
import { renderUcasReminderEmail } from './render-ucas-reminder-email';

export type EmailWorkerDeps = {
  config: NotificationsConfig;
  repository: EmailsRepository;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /**
   * Counts one more email a public submission sends to `domain` this hour and answers the count
   * (Redis, createEmailWorker); without it nothing is capped.
   */
  countPublicEmail?: (domain: string) => Promise<number>;
  /** Called once the SMTP server accepted an email and before it is recorded (tests stop a worker there). */
  onAccepted?: (row: EmailRow) => Promise<void> | void;
  /** Where acceptances are noted outside the database (createEmailWorker: Redis); absent in tests that do not need it. */
  acceptances?: Acceptances;
};

/**
 * The SMTP server's acceptance of an email, noted in Redis the moment it is known, before the
 * database records it: a database that goes down between the two (or a worker that dies there)
 * no longer makes the retry send the email again; the retry records the noted acceptance instead.
 */
export type Acceptances = {
  note(emailId: string, smtpResponse: string): Promise<void>;
  /** The SMTP response noted for the email, or null. */
  find(emailId: string): Promise<string | null>;
};

/** How long an acceptance stays noted: longer than any job's retries (30 attempts, capped backoff). */
const ACCEPTANCE_TTL_SECONDS = 7 * 24 * 3600;

/** Acceptances kept in Redis under `<prefix>:email-accepted:<email id>`. */
export function redisAcceptances(redis: Redis, prefix: string): Acceptances {
  const key = (emailId: string) => `${prefix}:email-accepted:${emailId}`;
  return {
    note: async (emailId, smtpResponse) => void (await redis.set(key(emailId), smtpResponse || 'accepted', 'EX', ACCEPTANCE_TTL_SECONDS)),
    find: (emailId) => redis.get(key(emailId)),
  };
}

export type EmailJobResult = { emailId: string | null; state: 'sent' | 'failed' | 'skipped' | 'already-sent' };

/** The domain of an e-mail address, lower case (what the cap on public submissions' emails counts by). */
export const recipientDomain = (email: string): string =>
  email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();

/** The error recorded on an email not sent because its domain was over the hourly cap (shown in the History). */
export const publicEmailCappedText = (domain: string, cap: number): string =>
  `Not sent: more than ${cap} emails of public submissions to ${domain} this hour (NOTIFICATIONS_PUBLIC_EMAILS_PER_DOMAIN_PER_HOUR). Resend it if it is genuine.`;

/** What every email to an applicant is recorded from: the application's keys and the address. */
type ApplicantEmailPayload = Pick<DecisionEmailPayload, 'applicationId' | 'studentId' | 'ucasCode'> & {
  /** None for a call booked without an application: it announces no decision. */
  status?: DecisionEmailPayload['status'];
  applicant: { EMAIL: string };
};

/**
 * The row of an applicant's email (decision, callback, UCAS reminder), rendered once, keyed by its
 * outbox row (`outboxId`, also the Message-ID's left part), dated `decidedAt` (ISO).
 */
function applicantEmail(
  outboxId: string,
  payload: ApplicantEmailPayload,
  rendered: { kind: NewEmail['kind']; subject: string; html: string; text: string; attachments?: EmailAttachment[] },
  decidedAt: string,
  mailFrom: string,
): NewEmail {
  return {
    outboxId,
    kind: rendered.kind,
    applicationId: payload.applicationId,
    studentId: payload.studentId,
    ucasCode: payload.ucasCode,
    status: payload.status ?? '',
    recipient: payload.applicant.EMAIL.trim(),
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    ...(rendered.attachments ? { attachments: rendered.attachments } : {}),
    messageId: messageIdFor(outboxId, mailFrom),
    decidedAt: new Date(decidedAt),
    resendOf: null,
    requestedBy: null,
  };
}

/**
 * One job of the decision-emails queue (README "Delivery"):
 * 1. the email of the outbox row is recorded once (unique outbox id), rendered at that moment, so
 *    every attempt sends the same words; a decision that sends nothing is skipped;
 *    An email of a public submission past its domain's hourly cap is recorded failed, with the
 *    reason, and not sent (NOTIFICATIONS_PUBLIC_EMAILS_PER_DOMAIN_PER_HOUR);
 * 2. check before send: an email already sent is not sent again (a repeated job, a relay that ran
 *    twice), nor is one already failed for good (a person resends it);
 * 3. the attempt is counted, nodemailer sends with the Message-ID derived from the key;
 * 4. the SMTP answer is recorded: sent; or a temporary failure (thrown: BullMQ retries with
 *    backoff); or failed, for a 5xx refusal or the last attempt.
 * The acceptance is noted in Redis before step 4 (Acceptances), so a database down at step 4 or a
 * worker dying after the note makes the retry record it, not send it again. The one repeat left:
 * a worker dying between the SMTP server's acceptance and the note (a few milliseconds); the
 * retry then sends it again, with the same Message-ID.
 */
export async function processEmailJob(deps: EmailWorkerDeps, job: Job): Promise<EmailJobResult> {
  const { repository, config } = deps;
  let row: EmailRow | undefined;
  if (job.name === EMAIL_JOB_NAMES.RESEND) {
    row = await repository.findById((job.data as ResendJobData).emailId);
    if (!row) return { emailId: null, state: 'skipped' };
  } else if (job.name === OUTBOX_KINDS.CALLBACK_EMAIL) {
    // A booked callback's confirmation with its .ics: recorded once like a decision's email.
    const { outboxId, payload } = callbackEmailJobSchema.parse(job.data);
    row =
      (await repository.findByOutboxId(outboxId)) ??
      (await repository.insertOnce(
        applicantEmail(
          outboxId,
          payload,
          await renderCallbackEmail(payload, {
            publicUrl: config.PUBLIC_URL,
            institutionCode: config.UCAS_INSTITUTION_CODE,
            clearingTeamTelephone: config.CLEARING_TEAM_TELEPHONE,
            mailFrom: config.MAIL_FROM,
          }),
          payload.bookedAt,
          config.MAIL_FROM,
        ),
      ));
  } else if (job.name === OUTBOX_KINDS.UCAS_REMINDER_EMAIL) {
    // The one reminder of a lapsing offer not yet added in UCAS Hub: recorded once like a decision's email.
    const { outboxId, payload } = ucasReminderEmailJobSchema.parse(job.data);
    row =
      (await repository.findByOutboxId(outboxId)) ??
      (await repository.insertOnce(
        applicantEmail(outboxId, payload, await renderUcasReminderEmail(payload, { publicUrl: config.PUBLIC_URL }), payload.remindedAt, config.MAIL_FROM),
      ));
  } else {
    const { outboxId, payload } = decisionEmailJobSchema.parse(job.data);
    row = await repository.findByOutboxId(outboxId);
    if (!row) {
      const rendered = await renderDecisionEmail(payload, {
        publicUrl: config.PUBLIC_URL,
        institutionCode: config.UCAS_INSTITUTION_CODE,
        calendar: teamCalendarFromConfig(config),
        clearingTeamTelephone: config.CLEARING_TEAM_TELEPHONE,
      });
      if (!rendered) return { emailId: null, state: 'skipped' };
      const recipient = payload.applicant.EMAIL.trim();
      const domain = recipientDomain(recipient);
      const count = payload.source === 'public' && deps.countPublicEmail ? await deps.countPublicEmail(domain) : 0;
      row = await repository.insertOnce(applicantEmail(outboxId, payload, rendered, payload.decidedAt, config.MAIL_FROM));
      const cap = config.NOTIFICATIONS_PUBLIC_EMAILS_PER_DOMAIN_PER_HOUR;
      if (count > cap && row.state === 'queued' && row.attempts === 0) {
        await repository.markFailed(row.id, publicEmailCappedText(domain, cap), null);
        deps.log.warn({ emailId: row.id, domain, count, cap }, 'email of a public submission not sent: its domain is over the hourly cap');
        return { emailId: row.id, state: 'failed' };
      }
    }
  }
  if (row.state === 'sent') return { emailId: row.id, state: 'already-sent' };
  if (row.state === 'failed') return { emailId: row.id, state: 'failed' };
  const noted = await deps.acceptances?.find(row.id);
  if (noted) {
    await repository.markSent(row.id, noted);
    return { emailId: row.id, state: 'already-sent' };
  }

  const log = deps.log.child({ emailId: row.id, outboxId: row.outboxId, jobId: job.id, attempt: job.attemptsMade + 1 });
  await repository.startAttempt(row.id);
  let accepted = false;
  try {
    const result = await deps.mailer.send({
      messageId: row.messageId,
      to: row.recipient,
      subject: row.subject,
      html: row.html,
      text: row.text,
      attachments: row.attachments,
    });
    accepted = true;
    await deps.acceptances?.note(row.id, result.response).catch((err: unknown) => log.warn({ err }, 'could not note the acceptance in Redis'));
    await deps.onAccepted?.(row);
    await repository.markSent(row.id, result.response);
    log.info({ kind: row.kind }, 'email sent');
    return { emailId: row.id, state: 'sent' };
  } catch (err) {
    // Sent, but not recorded (the database is down): the retry records the noted acceptance.
    if (accepted) throw err;
    const message = err instanceof Error ? err.message : String(err);
    const last = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    if (err instanceof PermanentSendError || last) {
      await repository.markFailed(row.id, message, err instanceof PermanentSendError ? err.smtpResponse : null);
      log.warn({ err: message, last }, 'email failed');
      if (err instanceof PermanentSendError) throw new UnrecoverableError(message);
      throw err;
    }
    await repository.markRetry(row.id, message);
    log.warn({ err: message }, 'email attempt failed; will retry');
    throw err;
  }
}

/**
 * A BullMQ worker of the decision-emails queue. Retries use the capped exponential backoff
 * (backoffDelay); a job locked by a worker that died is taken back by a live worker's stalled
 * check (every NOTIFICATIONS_STALLED_INTERVAL_MS) once its lock (NOTIFICATIONS_JOB_LOCK_MS, renewed
 * by BullMQ at half of it while the worker lives: lockRenewTime's default, which its docs advise
 * keeping) has expired.
 */
export function createEmailWorker(deps: EmailWorkerDeps) {
  const { config } = deps;
  const lifecycle = { closed: false };
  const connection = redisConnection(config.REDIS_URL, 'blocking', lifecycle);
  // Acceptances and the hourly count of public submissions' emails per domain, beside the queue in Redis.
  const commands = redisConnection(config.REDIS_URL, 'producer', lifecycle);
  const acceptances = deps.acceptances ?? redisAcceptances(commands, config.NOTIFICATIONS_QUEUE_PREFIX);
  const countPublicEmail =
    deps.countPublicEmail ??
    (async (domain: string) => {
      const hour = Math.floor(Date.now() / 3_600_000);
      const key = `${config.NOTIFICATIONS_QUEUE_PREFIX}:public-emails:${domain}:${hour}`;
      const result = await commands
        .multi()
        .incr(key)
        .pexpire(key, 2 * 3_600_000)
        .exec();
      return Number(result?.[0]?.[1] ?? 0);
    });
  const worker = new Worker(EMAIL_QUEUE_NAME, (job) => processEmailJob({ ...deps, acceptances, countPublicEmail }, job), {
    connection,
    prefix: config.NOTIFICATIONS_QUEUE_PREFIX,
    concurrency: config.NOTIFICATIONS_WORKER_CONCURRENCY,
    lockDuration: config.NOTIFICATIONS_JOB_LOCK_MS,
    stalledInterval: config.NOTIFICATIONS_STALLED_INTERVAL_MS,
    // A job whose worker keeps dying is still never given up: it stays until it is sent.
    maxStalledCount: 1000,
    settings: { backoffStrategy: (attemptsMade: number) => backoffDelay(config, attemptsMade) },
    // Tracing on: each job continues the trace of the decision that wrote its outbox row.
    telemetry: queueTelemetry<Telemetry>(),
  });
  worker.on('error', (err) => deps.log.error({ err }, 'email worker error'));
  worker.on('stalled', (jobId) => deps.log.warn({ jobId }, 'email job stalled (its worker died); retrying it'));
  return {
    worker,
    async close() {
      lifecycle.closed = true;
      await worker.close();
      connection.disconnect();
      commands.disconnect();
    },
  };
}
export type EmailWorker = ReturnType<typeof createEmailWorker>;
