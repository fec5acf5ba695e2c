/**
 * The data of a results-day report: what the rehearsal (`npm run rehearsal`, synthetic load,
 * advisers and an injected fault) measured, or what a real day's records say
 * (`real-day.ts`). One shape for both, so one renderer (`render.ts`) draws either and the two can
 * be compared side by side.
 *
 * Conventions of every section:
 * - Instants are ISO 8601 strings in UTC with a `Z` (`2026-08-13T08:00:00.000Z`).
 * - A per-minute bucket is named by the instant its minute starts (seconds and milliseconds 0);
 *   buckets are in time order and a minute with nothing in it may be left out.
 * - Durations carry their unit in the name (`Ms` milliseconds, `Seconds`).
 * - A section whose figures were not recorded (a real day without Prometheus or the gateway's
 *   request log has no route latencies) is `{ recorded: false, reason }`: the report says "Not
 *   recorded" and why, and never shows invented figures.
 *
 * The JSON written next to the HTML page is `reportDataSchema.parse`d before rendering; a bad
 * file throws a ZodError naming the path of the first bad field.
 */
import { z } from 'zod';

/** The version of this shape, written in every file: the renderer refuses another one. */
export const REPORT_DATA_VERSION = 1 as const;

/** An instant in UTC (ISO 8601 with `Z`). */
export const instantSchema = z.iso.datetime();

/** A count of things (requests, emails, offers): a whole number, 0 or more. */
const count = z.number().int().nonnegative();
/** A duration or other measure: a finite number, 0 or more. */
const measure = z.number().nonnegative();

/**
 * A section that may not have been recorded: on a real day without the source the figures need
 * (`reason` says which source is missing and how to get it next time).
 */
export const notRecordedSchema = z.object({
  recorded: z.literal(false),
  /** Why the figures are missing, shown as is under the section's heading. */
  reason: z.string().min(1),
});
export type NotRecorded = z.infer<typeof notRecordedSchema>;

/** Load average of the machine (os.loadavg(): 1, 5 and 15 minutes). */
export const loadAverageSchema = z.tuple([measure, measure, measure]);

/** What was run, when, and on what. */
export const runMetadataSchema = z.object({
  /** A rehearsal (synthetic load on a test stack) or a real day's records read afterwards. */
  mode: z.enum(['rehearsal', 'real-day']),
  /** The random seed of the synthetic load (same seed, same applicants and timings); null on a real day. */
  seed: z.number().int().nullable(),
  /**
   * How much load, as a multiple of the results-day model the rehearsal follows (1 = the expected
   * peak; 0.1 a tenth of it); null on a real day.
   */
  scale: z.number().positive().nullable(),
  /** First and last instant the report covers (the load's start and end; a real day's --from and --to). */
  startedAt: instantSchema,
  endedAt: instantSchema,
  /** endedAt - startedAt, in seconds. */
  durationSeconds: measure,
  /**
   * The load average of the machine that ran the rehearsal at its start and end (os.loadavg()),
   * and its number of CPUs, so figures from a busy shared machine are read as such; null on a real
   * day (the servers' load is in their own monitoring).
   */
  loadAverage: z.object({ start: loadAverageSchema, end: loadAverageSchema, cpus: z.number().int().positive() }).nullable(),
  /** The host name the report was produced on and the commit of the code it ran (null if not in a git checkout). */
  host: z.string(),
  commit: z.string().nullable(),
  /** When the report data was produced. */
  generatedAt: instantSchema,
  /** Free notes shown under the metadata (e.g. what the run left out). */
  notes: z.array(z.string()).default([]),
});
export type RunMetadata = z.infer<typeof runMetadataSchema>;

/** Latency of one route over one minute, from the requests that finished in that minute. */
export const latencyBucketSchema = z.object({
  minute: instantSchema,
  /** Requests that finished in the minute (any status). */
  count,
  /** Percentiles of the time to the answer, in milliseconds. */
  p50Ms: measure,
  p95Ms: measure,
  p99Ms: measure,
});
export type LatencyBucket = z.infer<typeof latencyBucketSchema>;

/**
 * A route as the gateway names it: method and path pattern (`POST /api/apply/:course`), so
 * every applicant's course code counts as the same route.
 */
export const routeSchema = z.string().regex(/^[A-Z]+ \/\S*$/, 'method, a space and a path pattern');

/** Where latencies and errors came from: the rehearsal's own clients, Prometheus, or the gateway's request log. */
export const httpSourceSchema = z.enum(['rehearsal-clients', 'prometheus', 'gateway-log']);

/** p50/p95/p99 per route per minute. */
export const latencySectionSchema = z.discriminatedUnion('recorded', [
  z.object({
    recorded: z.literal(true),
    source: httpSourceSchema,
    routes: z.array(z.object({ route: routeSchema, buckets: z.array(latencyBucketSchema) })),
  }),
  notRecordedSchema,
]);
export type LatencySection = z.infer<typeof latencySectionSchema>;

/** Answers of one route over one minute that were errors. */
export const errorBucketSchema = z.object({
  minute: instantSchema,
  /** All requests of the route that finished in the minute. */
  requests: count,
  /** 5xx answers and requests with no answer (connection refused or reset, timeout). */
  errors: count,
  /** The errors by status code ('503') or 'network' for no answer; sums to `errors`. */
  byStatus: z.record(z.string(), count),
});
export type ErrorBucket = z.infer<typeof errorBucketSchema>;

/** Errors by route and minute. 4xx answers (bad input, limits) are the system working and are not errors here. */
export const errorsSectionSchema = z.discriminatedUnion('recorded', [
  z.object({
    recorded: z.literal(true),
    source: httpSourceSchema,
    routes: z.array(z.object({ route: routeSchema, buckets: z.array(errorBucketSchema) })),
  }),
  notRecordedSchema,
]);
export type ErrorsSection = z.infer<typeof errorsSectionSchema>;

/**
 * How long the desk's work queue made applications wait, per minute of the claim: from the
 * item's due instant (queue_claims.due_at: when it entered the queue or its callback slot
 * opened) to an adviser claiming it (claimed_at), in seconds.
 */
export const queueWaitBucketSchema = z.object({
  minute: instantSchema,
  /** The queue's kind of work (contracts WorkQueueKind: 'callback', 'public-waiting', ...). */
  kind: z.string().min(1),
  /** Items claimed in the minute. */
  claimed: count,
  p50WaitSeconds: measure,
  p95WaitSeconds: measure,
  maxWaitSeconds: measure,
});
export type QueueWaitBucket = z.infer<typeof queueWaitBucketSchema>;

/**
 * Callbacks booked by applicants and whether an adviser called within the booked slot
 * (slot_start to slot_end): the first contact at or after slot_start (a claim of the work queue
 * or an entry of the application's log by a member of staff) in the slot.
 * keptInWindow + late + missed + cancelled = booked.
 */
export const callbacksSchema = z.object({
  /** Callbacks whose slot started within the report's period. */
  booked: count,
  /** Called within the slot. */
  keptInWindow: count,
  /** Called after the slot ended. */
  late: count,
  /** Never called by the report's end. */
  missed: count,
  /** Cancelled by the applicant (booked again, withdrawn) before the slot. */
  cancelled: count,
  /** How late the late ones were, after the slot's end, in seconds; null when none was late. */
  lateBySeconds: z.object({ p50: measure, p95: measure, max: measure }).nullable(),
});
export type Callbacks = z.infer<typeof callbacksSchema>;

/** Queue waits and callbacks kept within their window. */
export const queueSectionSchema = z.object({
  waits: z.array(queueWaitBucketSchema),
  callbacks: callbacksSchema,
});
export type QueueSection = z.infer<typeof queueSectionSchema>;

/**
 * One course: its Clearing places, the offers made against them, and when the time-to-full
 * forecast (contracts figures/time-to-full.ts) said it would be full against when it was.
 */
export const courseFillSchema = z.object({
  /** The course code (`G400`) and its title. */
  courseCode: z.string().min(1),
  title: z.string(),
  /**
   * The most offers the course may hold: its Clearing places with the offer allowance (the places
   * ledger, contracts offersAllowedInHundredths).
   */
  places: count,
  /** Offers standing (status O) at the end of the period, public and adviser; offers > places is an over-offer. */
  offers: count,
  /**
   * When the forecast said the course would be full, taken at `forecastTakenAt`: the offer that
   * took half of the places (fill-forecast.ts, the same rule for a rehearsal and a real day); both
   * null when the course never got half way, or the forecast had no figure then.
   */
  forecastTakenAt: instantSchema.nullable(),
  forecastFullAt: instantSchema.nullable(),
  /** When the last place was taken; null when the course did not fill in the period. */
  actualFullAt: instantSchema.nullable(),
});
export type CourseFill = z.infer<typeof courseFillSchema>;

/** Offers against places per course. */
export const placesSectionSchema = z.object({ courses: z.array(courseFillSchema) });
export type PlacesSection = z.infer<typeof placesSectionSchema>;

/** Emails sent in one minute and how long after their decision they left. */
export const emailBucketSchema = z.object({
  minute: instantSchema,
  sent: count,
  /** Delay from the decision being stored (its outbox row) to the email accepted by SMTP, in seconds. */
  p50DelaySeconds: measure,
  p95DelaySeconds: measure,
  maxDelaySeconds: measure,
});
export type EmailBucket = z.infer<typeof emailBucketSchema>;

/** Emails sent and their delay (notifications-svc's records, the outbox of applications-svc). */
export const emailsSectionSchema = z.object({
  /** Emails accepted by the SMTP server in the period. */
  sent: count,
  /** Emails that failed for good (no more retries). */
  failed: count,
  /** Decisions whose email had not left by the end of the period (outbox or queue). */
  pending: count,
  /** Delay over every sent email, in seconds; null when none was sent. */
  delaySeconds: z.object({ p50: measure, p95: measure, max: measure }).nullable(),
  perMinute: z.array(emailBucketSchema),
});
export type EmailsSection = z.infer<typeof emailsSectionSchema>;

/**
 * Submissions acknowledged to the applicant against those stored. A lost submission was
 * acknowledged (200) but is not in the database; a duplicated one is stored twice (one
 * SUBMISSION_ID as two applications, or one person twice for one course).
 */
export const submissionsSectionSchema = z.object({
  /**
   * Acknowledged to the applicant: counted by the rehearsal's clients; on a real day the
   * acknowledgements are not stored anywhere but the applicants' screens, so null.
   */
  acknowledged: count.nullable(),
  /** Applications stored (public submissions in the period). */
  stored: count,
  /** Acknowledged but not stored; null when acknowledgements were not counted. */
  lost: count.nullable(),
  duplicated: count,
  /** SUBMISSION_IDs (or application ids on a real day) of the lost and duplicated, for following up; at most 50 each. */
  lostIds: z.array(z.string()).max(50),
  duplicatedIds: z.array(z.string()).max(50),
});
export type SubmissionsSection = z.infer<typeof submissionsSectionSchema>;

/** The fault injected in a rehearsal, and how the system came back. */
export const faultSchema = z.object({
  /** What was done, in words ('applications-svc killed with SIGKILL'). */
  description: z.string().min(1),
  /** The part the fault hit ('applications-svc', 'redis', 'postgresql'). */
  target: z.string().min(1),
  /** When the fault started and when it was lifted (the process restarted, the link back). */
  injectedAt: instantSchema,
  clearedAt: instantSchema.nullable(),
  /** The first successful answer of the affected route after the fault; null if it never recovered. */
  recoveredAt: instantSchema.nullable(),
  /** recoveredAt - injectedAt, in seconds; null if it never recovered. */
  recoverySeconds: measure.nullable(),
  /** Errors (5xx, no answer) between injectedAt and recoveredAt (or the end). */
  errorsDuringFault: count,
  /** Which public routes still answered (2xx) while the part was down. */
  routesAnsweringDuringFault: z.array(routeSchema),
});
export type Fault = z.infer<typeof faultSchema>;

/** Pass, fail, or not measurable from what was recorded (a real day without latencies). */
export const verdictStatusSchema = z.enum(['pass', 'fail', 'not-recorded']);
export type VerdictStatus = z.infer<typeof verdictStatusSchema>;

/**
 * One results-day SLO and how the run did against it (the SLOs of
 * deploy/kubernetes/base/monitoring/prometheusrule.yaml and docs/rehearsal.md). `target` and
 * `measured` are shown as written ('p99 ≤ 2 s', '1.4 s'), so each carries its unit.
 */
export const verdictSchema = z.object({
  /** The SLO's name ('Submit p99'). */
  name: z.string().min(1),
  target: z.string().min(1),
  /** The measured figure in words with its unit; 'Not recorded' when status is 'not-recorded'. */
  measured: z.string().min(1),
  status: verdictStatusSchema,
});
export type Verdict = z.infer<typeof verdictSchema>;

/** The whole report. */
export const reportDataSchema = z.object({
  version: z.literal(REPORT_DATA_VERSION),
  run: runMetadataSchema,
  latency: latencySectionSchema,
  errors: errorsSectionSchema,
  queue: queueSectionSchema,
  places: placesSectionSchema,
  emails: emailsSectionSchema,
  submissions: submissionsSectionSchema,
  /** The fault and its recovery; null on a real day or a rehearsal run without one. */
  fault: faultSchema.nullable(),
  verdicts: z.array(verdictSchema).min(1),
  /**
   * A rehearsal's synthetic workload as planned from its seed (plan.ts workloadOf: applicants,
   * adviser calls, the fault), kept so two runs of one seed can be compared from their JSON;
   * absent on a real day. The renderer does not draw it.
   */
  workload: z.record(z.string(), z.unknown()).optional(),
});
/** The report's data as parsed (defaults filled). */
export type ReportData = z.infer<typeof reportDataSchema>;
/** The report's data as written by a producer (defaults may be left out). */
export type ReportDataInput = z.input<typeof reportDataSchema>;

/**
 * The start of the UTC minute `instant` falls in, as a bucket's `minute`.
 * @param instant a Date or ms since the epoch
 */
export function minuteOf(instant: Date | number): string {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  return new Date(ms - (((ms % 60_000) + 60_000) % 60_000)).toISOString();
}

/**
 * The q-th percentile (0 < q ≤ 1) of `values` by nearest rank (the smallest value with at least
 * q of the values at or below it), as the benchmarks print them; 0 for no values.
 */
export function percentile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(q * sorted.length));
  return sorted[rank - 1] as number;
}
