import { clearingTeamTelephoneSchema, ucasInstitutionCodeSchema } from '@clearing-desk/contracts';
import { teamCalendarConfigShape } from '@clearing-desk/contracts/server';
import { baseServiceConfigSchema, databaseConfigSchema, metricsPortSchema, redisUrlSchema } from '@clearing-desk/service-kit';
import { z } from 'zod';

const positiveMs = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** notifications-svc environment (README "Configuration"), parsed once at start. */
export const notificationsConfigSchema = baseServiceConfigSchema.merge(databaseConfigSchema).extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3106),
  METRICS_PORT: metricsPortSchema(9306),
  DATA_DIR: z.string().default('.data/notifications-svc'),
  REDIS_URL: redisUrlSchema,
  /** The Clearing team's working days (weekdays and bank holidays), which referral and pool deadlines in the emails fall on; as applications-svc's. */
  ...teamCalendarConfigShape,
  /** BullMQ key prefix shared with applications-svc's outbox relay (same value on both). */
  NOTIFICATIONS_QUEUE_PREFIX: z
    .string()
    .regex(/^[\w.-]{1,64}$/, 'letters, digits, _ . - only')
    .default('clearing-desk'),
  /** Delete the queue's keys on shutdown (test stacks and benchmarks with a one-off prefix). */
  NOTIFICATIONS_QUEUE_EPHEMERAL: z.stringbool().default(false),
  /**
   * The SMTP server (the university's relay in production): smtp://host:port, smtps:// for TLS
   * from the start, credentials in the URL (smtp://user:pass@relay.example.ac.uk:587). npm start
   * points it at the local mail catcher (maildev).
   */
  SMTP_URL: z
    .string()
    .url()
    .refine((v) => /^smtps?:\/\//.test(v), { message: 'must start with smtp:// or smtps://' })
    .default('smtp://127.0.0.1:1025'),
  /** The From of every email: 'Name <address>' or an address. */
  MAIL_FROM: z.string().min(3).default('Clearing Desk <clearing@university.example>'),
  /** Where replies go (the Clearing team's mailbox); unset: to MAIL_FROM. */
  MAIL_REPLY_TO: z.string().min(3).optional(),
  /** The public address of the web app (with BASE_PATH, ending in '/'): the status page and course links. */
  PUBLIC_URL: z
    .string()
    .url()
    .transform((v) => (v.endsWith('/') ? v : `${v}/`))
    .default('http://localhost:3000/'),
  /** The university's UCAS institution code, which an applicant enters in UCAS Hub with the course code. */
  UCAS_INSTITUTION_CODE: ucasInstitutionCodeSchema,
  /** The Clearing team's number: every email gives it where the course has no FEEDBACK_TELEPHONE (the web build's VITE_CLEARING_TEAM_TELEPHONE). */
  CLEARING_TEAM_TELEPHONE: clearingTeamTelephoneSchema,
  /** Run the sending worker inside the service (default); false when it only serves History. */
  NOTIFICATIONS_WORKER_IN_PROCESS: z.stringbool().default(true),
  /**
   * Emails in flight per worker. 32: each job mostly waits (database, SMTP), and after an SMTP
   * outage the retried backlog and the new decisions share the worker; at 8 it sent about as fast
   * as decisions came (20/s), so new emails waited behind the backlog (tools/bench/notifications).
   */
  NOTIFICATIONS_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(32),
  /**
   * The emails a public submission sends at once (received, and an offer or rejection decided
   * as it is stored) go to any address the form was given, so they are capped per recipient
   * domain per hour (the clock hour, counted in Redis), so the form cannot send mail under the
   * university's name to one organisation in bulk. Past the cap the email is recorded as failed
   * with the reason (the History shows it; a person can resend it), never sent nor lost.
   * 500 an hour: above what one webmail domain receives on results day's busiest hour.
   */
  NOTIFICATIONS_PUBLIC_EMAILS_PER_DOMAIN_PER_HOUR: z.coerce.number().int().positive().default(500),
  /**
   * Attempts per email and the backoff between them (doubling from the base, capped): the
   * defaults retry for about 90 minutes while the SMTP server is unreachable, then mark it failed
   * for a person to resend. A 5xx refusal fails at once.
   */
  NOTIFICATIONS_SEND_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(30),
  NOTIFICATIONS_BACKOFF_MS: positiveMs(1_000),
  NOTIFICATIONS_BACKOFF_MAX_MS: positiveMs(300_000),
  /**
   * The lock a worker holds on each email it is sending (BullMQ's lockDuration). A live worker
   * renews it while it works (BullMQ's lockRenewTime, half the lock, checked every quarter), so it
   * only loses a lock when its event loop or Redis stalls for about half of it, and then the email
   * may go out twice; a worker that dies gives its emails up when the lock expires, and the stalled
   * check (every NOTIFICATIONS_STALLED_INTERVAL_MS, by any live worker, the restarted one too)
   * hands them to a worker again: within lock + interval of the death (README "Delivery";
   * tools/bench/notifications measures it). 10 s: at 5 s a restarted worker run with tsx at load
   * 20-30 lost the locks of its first 31 emails and sent 2 twice; the check went from 5 s to 1 s.
   */
  NOTIFICATIONS_JOB_LOCK_MS: positiveMs(10_000),
  NOTIFICATIONS_STALLED_INTERVAL_MS: positiveMs(1_000),
  /** How long one SMTP conversation may take (connect, greeting, data) before the attempt fails. */
  SMTP_TIMEOUT_MS: positiveMs(10_000),
});
export type NotificationsConfig = z.infer<typeof notificationsConfigSchema>;
