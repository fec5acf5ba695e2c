import { DEFAULT_UCAS_CSV_COLUMNS, FILLS_FAST_MINUTES_DEFAULT, intakeYearSchema, ucasCsvColumnsSchema, type UcasCsvColumns } from '@clearing-desk/contracts';
import { clearingClockSetting, cycleSeedConfigShape, teamCalendarConfigShape } from '@clearing-desk/contracts/server';
import { baseServiceConfigSchema, databaseConfigSchema, metricsPortSchema, redisUrlSchema } from '@clearing-desk/service-kit';
import { z } from 'zod';

/** UCAS_CSV_COLUMNS read: the two header names, or null when it is not such JSON. */
export function ucasCsvColumns(text: string): UcasCsvColumns | null {
  try {
    return ucasCsvColumnsSchema.parse(JSON.parse(text));
  } catch {
    return null;
  }
}

/** A comma list of email addresses (blank entries dropped; empty: none), each checked. */
const emailList = () =>
  z
    .string()
    .default('')
    .transform((text) =>
      text
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.email()));

/** applications-svc environment (README "Configuration"). */
export const applicationsConfigSchema = baseServiceConfigSchema.merge(databaseConfigSchema).extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3102),
  METRICS_PORT: metricsPortSchema(9302),
  DATA_DIR: z.string().default('.data/applications-svc'),
  /** The current cycle (domain.md "Intake"; spec: 2025/26): recorded on new applications; their status page by hash works until its cycle ends (intakeCycleEnd). */
  INTAKE_YEAR: intakeYearSchema,
  /**
   * The last day (yyyy-mm-dd; until 23:59 Europe/London) the current intake's status page links
   * work; unset: 31 March of the intake's second year (contracts' intakeCycleEnd).
   */
  INTAKE_CYCLE_END: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date like 2026-03-31')
    .optional(),
  /**
   * The weekdays the Clearing team works (comma list of Mon..Sun; default Mon-Sat) and the bank
   * holidays it keeps (england-and-wales, scotland, northern-ireland or none; default
   * england-and-wales): referral and pool deadlines fall on its working days (contracts'
   * teamCalendarFromConfig, which refuses an unknown value).
   */
  ...teamCalendarConfigShape,
  /**
   * The clock the Clearing window is judged on (contracts' clockFromSetting: an ISO date, 09:00
   * Europe/London, or date-time; unset, the real time): outside the current cycle's window the
   * public meets Clearing closed.
   */
  CLEARING_CLOCK: clearingClockSetting,
  /**
   * The first recruitment cycle's dates (yyyy-mm-dd; contracts' seedCycle), stored on first start
   * with INTAKE_YEAR as its name; each unset date is standardCycle(INTAKE_YEAR)'s. Later starts
   * keep the stored cycle (an Administrator rolls it on the Settings page).
   */
  ...cycleSeedConfigShape,
  /** Clearing state stored the first time the service starts (1 open, 0 closed). */
  CLEARING_INITIAL_STATE: z.coerce
    .number()
    .pipe(z.union([z.literal(0), z.literal(1)]))
    .default(1),
  /** Redis of the outbox relay's queues (decision emails); down, decisions still commit and wait in the outbox. */
  REDIS_URL: redisUrlSchema,
  /**
   * When the nightly reconciliation runs (cron, Europe/London; empty: never): it stores the day's
   * report and, when a count differs, emails RECONCILIATION_EMAIL_TO through the outbox.
   */
  RECONCILIATION_CRON: z.string().trim().default('50 23 * * *'),
  /** The Administrators' and supervisors' addresses the nightly reconciliation emails about a difference (comma list; empty: nobody). */
  RECONCILIATION_EMAIL_TO: emailList(),
  /**
   * The wallboard's alerts (docs/domain/wallboard.md "Alerts"): a course whose time-to-full
   * forecast is under WALLBOARD_FILLS_FAST_MINUTES is 'filling fast' (the one setting: the figures
   * answer carries it to the gateway, whose screens mark the same courses), and the supervisors' addresses each alert is emailed to once
   * (comma list; empty: the board shows the alerts, nobody is emailed).
   */
  WALLBOARD_FILLS_FAST_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .max(24 * 60)
    .default(FILLS_FAST_MINUTES_DEFAULT),
  SUPERVISOR_ALERT_EMAILS: emailList(),
  /** BullMQ key prefix shared with notifications-svc (the same value on both). */
  NOTIFICATIONS_QUEUE_PREFIX: z
    .string()
    .regex(/^[\w.-]{1,64}$/, 'letters, digits, _ . - only')
    .default('clearing-desk'),
  /** How often the relay looks for waiting outbox rows (it is also woken by every decision). */
  OUTBOX_RELAY_INTERVAL_MS: z.coerce.number().int().positive().default(500),
  /** Outbox rows one relay transaction takes. */
  OUTBOX_RELAY_BATCH: z.coerce.number().int().min(1).max(500).default(20),
  /**
   * Seconds an adviser's presence on an open application lasts without a heartbeat (a tab closed
   * without releasing it frees the application after this).
   */
  PRESENCE_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(60),
  /** Seconds between the open form's presence heartbeats; less than PRESENCE_TTL_SECONDS, so a missed one does not drop the hold. */
  PRESENCE_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(1800).default(20),
  /** Hours before an offer's deadline (adding us in UCAS Hub) from which it is a 'lapsing offer' in the desk's work queue. */
  QUEUE_OFFER_LAPSING_HOURS: z.coerce.number().int().min(1).max(168).default(24),
  /** Minutes an item taken with 'Next call' stays the adviser's without an outcome before it returns to the queue. */
  QUEUE_CLAIM_MINUTES: z.coerce.number().int().min(1).max(240).default(15),
  /**
   * Webhooks of application events (src/webhooks; docs/domain/events.md "Webhooks"): how often the
   * dispatcher turns new events into deliveries; after how many consecutive failed attempts an
   * endpoint is paused (its backlog kept until an Administrator resumes it); the retries' backoff
   * (doubling from WEBHOOK_RETRY_BASE_MS up to WEBHOOK_RETRY_MAX_MS); how long a receiver has to
   * answer; how many endpoints are posted to at once (each endpoint one event at a time, in order).
   */
  WEBHOOK_DISPATCH_INTERVAL_MS: z.coerce.number().int().positive().default(500),
  WEBHOOK_PAUSE_AFTER_FAILURES: z.coerce.number().int().min(1).max(1000).default(10),
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().positive().default(1000),
  WEBHOOK_RETRY_MAX_MS: z.coerce.number().int().positive().default(300_000),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(8),
  /**
   * Minutes of one callback slot the applicant books from the status page (contracts
   * applications/callbacks.ts): a divisor of 60, so an hour of advisers on shift holds whole slots.
   */
  CALLBACK_SLOT_MINUTES: z.coerce
    .number()
    .int()
    .refine((n) => [5, 10, 15, 20, 30, 60].includes(n), 'one of 5, 10, 15, 20, 30, 60')
    .default(15),
  /** Days a person has to answer an applicant's request to review an automatic decision (shown to the applicant and the back office). */
  DECISION_REVIEW_RESPONSE_DAYS: z.coerce.number().int().min(1).max(30).default(5),
  /**
   * UCAS reconciliation (docs/domain/ucas-reconciliation.md): the header names of the two columns
   * the import reads in UCAS's CSV export, as JSON `{"personalId": "...", "courseCode": "..."}`
   * (compared trimmed and case-insensitively); the folder the scheduled import takes `*.csv` files
   * from (unset: uploads only; each file imported is moved to its `done/` folder, one refused to
   * `failed/`); how often the scheduled job runs (the folder import, then the reminders of lapsing offers).
   */
  UCAS_CSV_COLUMNS: z
    .string()
    .default(JSON.stringify(DEFAULT_UCAS_CSV_COLUMNS))
    .refine((text) => ucasCsvColumns(text) !== null, 'JSON like {"personalId":"Personal ID","courseCode":"Course code"}'),
  UCAS_IMPORT_DIR: z.string().min(1).optional(),
  UCAS_JOB_INTERVAL_MS: z.coerce.number().int().min(1000).default(300_000),
  /** Closing message stored the first time the service starts (null: the web default). */
  CLEARING_INITIAL_CLOSING_MESSAGE: z.string().optional(),
});
export type ApplicationsConfig = z.infer<typeof applicationsConfigSchema>;
