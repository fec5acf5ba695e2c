import { z } from 'zod';
import { emailCourseFactsSchema, interviewDetailsSchema } from '../applications/decision-facts';
import { applicationStatusSchema, applicationSubStatusSchema } from '../status/status-codes';
import { recommendedCourseSchema } from '../applications/application';

/**
 * The transactional outbox (architecture.md "Data"; conventions.md "For the new parts"): a row
 * written in the same transaction as the change it announces, relayed to a BullMQ queue with the
 * row's id as the job id, so every consumer is idempotent on it. `kind` says what the row is and
 * which queue takes it: decision emails, the course-places projection and course control's
 * settings for the places ledger.
 */
export const OUTBOX_KINDS = {
  /** A decision (a new application or a status change) that needs its email: notifications-svc. */
  DECISION_EMAIL: 'decision-email',
  /** A course's places ledger changed: courses-svc projects it onto the course. */
  COURSE_PLACES: 'course-places',
  /** Course control changed a course's places settings (courses-svc's outbox): applications-svc's places ledger takes them. */
  COURSE_CONTROL: 'course-control',
  /** The recruitment cycle rolled: courses-svc moves the courses that started on the old default start date. */
  COURSE_STARTS: 'course-starts',
  /**
   * An application event for record systems (contracts events): no queue takes it; it is written
   * already relayed and its readers (the events feed) read the outbox itself by a commit-safe
   * cursor (docs/domain/events.md).
   */
  APPLICATION_EVENT: 'application-event',
  /** The applicant booked (or moved) a callback: notifications-svc emails the confirmation with an .ics invitation. */
  CALLBACK_EMAIL: 'callback-email',
  /** An offer not added in UCAS is lapsing: notifications-svc emails the one reminder (docs/domain/ucas-reconciliation.md). */
  UCAS_REMINDER_EMAIL: 'ucas-reminder-email',
  /** The nightly reconciliation found a difference: one email to each Administrator or supervisor named (RECONCILIATION_EMAIL_TO). */
  RECONCILIATION_EMAIL: 'reconciliation-email',
  /** A course passed a wallboard alert threshold (filling fast, full): one email to each supervisor named (SUPERVISOR_ALERT_EMAILS). */
  WALLBOARD_ALERT_EMAIL: 'wallboard-alert-email',
} as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[keyof typeof OUTBOX_KINDS];
/** The outbox kinds the relay hands to a BullMQ queue. */
export type QueuedOutboxKind = Exclude<OutboxKind, 'application-event'>;

/** The BullMQ queue each queued outbox kind is relayed to (one consumer service per queue). */
export const OUTBOX_QUEUES = {
  'decision-email': 'decision-emails',
  'course-places': 'course-places',
  'course-control': 'course-control',
  'course-starts': 'course-starts',
  // The same queue and worker as decision emails: one delivery, one emails table, one History.
  'callback-email': 'decision-emails',
  'ucas-reminder-email': 'decision-emails',
  // Staff emails, apart from the applicants' decision emails.
  'reconciliation-email': 'staff-emails',
  'wallboard-alert-email': 'staff-emails',
} as const satisfies Record<QueuedOutboxKind, string>;

/**
 * What personal data each outbox kind's payload carries (docs/domain/data-protection.md), so a new
 * kind is classified or the build fails: 'applicant-email' (an applicant's name and address, keyed
 * by the application: blanked on erasure, and by retention past the email bodies' date once
 * relayed), 'staff-email' (a member of staff's address: blanked by retention like the applicants'
 * emails), 'application-event' (keeps its order for the events feed; erasure removes its UCAS
 * Personal ID), 'none'.
 */
export const OUTBOX_KIND_PERSONAL_DATA = {
  'decision-email': 'applicant-email',
  'callback-email': 'applicant-email',
  'ucas-reminder-email': 'applicant-email',
  'reconciliation-email': 'staff-email',
  'wallboard-alert-email': 'staff-email',
  'application-event': 'application-event',
  'course-places': 'none',
  'course-control': 'none',
  'course-starts': 'none',
} as const satisfies Record<OutboxKind, 'applicant-email' | 'staff-email' | 'application-event' | 'none'>;

const kindsCarrying = (...data: readonly (typeof OUTBOX_KIND_PERSONAL_DATA)[OutboxKind][]): OutboxKind[] =>
  (Object.keys(OUTBOX_KIND_PERSONAL_DATA) as OutboxKind[]).filter((kind) => data.includes(OUTBOX_KIND_PERSONAL_DATA[kind]));

/** The outbox kinds of an applicant's emails (decision, callback, UCAS reminder; a lapse's is a decision email): erasure blanks them and removes their jobs. */
export const APPLICANT_EMAIL_OUTBOX_KINDS: readonly OutboxKind[] = kindsCarrying('applicant-email');

/** Every email's outbox kind, the applicants' and the staff's: retention blanks their relayed payloads past the email bodies' date. */
export const EMAIL_OUTBOX_KINDS: readonly OutboxKind[] = kindsCarrying('applicant-email', 'staff-email');

/** Whether the relay hands rows of this kind to a queue (OUTBOX_QUEUES). */
export const isQueuedOutboxKind = (kind: OutboxKind): kind is QueuedOutboxKind => Object.hasOwn(OUTBOX_QUEUES, kind);

/**
 * BullMQ options the relay gives every decision-email job: many attempts (the worker's own
 * capped backoff spaces them; notifications-svc README "Delivery"), finished jobs kept a day.
 */
export const DECISION_EMAIL_JOB_OPTIONS = {
  attempts: 30,
  backoff: { type: 'capped' },
  removeOnComplete: { age: 24 * 3600, count: 10_000 },
  removeOnFail: { age: 7 * 24 * 3600, count: 10_000 },
} as const;

/**
 * BullMQ options of a course-places job: retried quickly (the projection must follow
 * within a second), finished jobs kept an hour; the projection itself ignores a stale VERSION.
 */
export const COURSE_PLACES_JOB_OPTIONS = {
  attempts: 50,
  backoff: { type: 'fixed', delay: 200 },
  removeOnComplete: { age: 3600, count: 10_000 },
  removeOnFail: { age: 24 * 3600, count: 10_000 },
} as const;

/**
 * BullMQ options of a course-control job: while applications-svc is down the job waits in its
 * queue; an apply that fails (its database down) is retried every 5 s for about a day. Finished
 * jobs kept a day; the ledger itself ignores an event id it has applied and a stale CONTROL_VERSION.
 */
export const COURSE_CONTROL_JOB_OPTIONS = {
  attempts: 20_000,
  backoff: { type: 'fixed', delay: 5000 },
  removeOnComplete: { age: 24 * 3600, count: 10_000 },
  removeOnFail: { age: 7 * 24 * 3600, count: 10_000 },
} as const;

/** The job options the relay gives each outbox kind. */
export const OUTBOX_JOB_OPTIONS = {
  'decision-email': DECISION_EMAIL_JOB_OPTIONS,
  'course-places': COURSE_PLACES_JOB_OPTIONS,
  'course-control': COURSE_CONTROL_JOB_OPTIONS,
  'course-starts': COURSE_PLACES_JOB_OPTIONS,
  'callback-email': DECISION_EMAIL_JOB_OPTIONS,
  'ucas-reminder-email': DECISION_EMAIL_JOB_OPTIONS,
  'reconciliation-email': DECISION_EMAIL_JOB_OPTIONS,
  'wallboard-alert-email': DECISION_EMAIL_JOB_OPTIONS,
} as const satisfies Record<QueuedOutboxKind, object>;

/** The queue and job options of each outbox kind, as service-kit's outbox relay takes them (`routes`). */
export const outboxRoutes = (...kinds: QueuedOutboxKind[]) =>
  Object.fromEntries(kinds.map((kind) => [kind, { queue: OUTBOX_QUEUES[kind], jobOptions: OUTBOX_JOB_OPTIONS[kind] }]));

/**
 * What every staff email's outbox row carries (the staff-emails queue: the nightly
 * reconciliation's, the wallboard's alerts): one recipient and the email's words, already
 * written by the rule that sends it (notifications-svc renders them as they are).
 */
export const staffEmailPayloadSchema = z.object({
  recipient: z.email(),
  subject: z.string(),
  lines: z.array(z.string()),
});
export type StaffEmailPayload = z.infer<typeof staffEmailPayloadSchema>;
/** A BullMQ job of the staff-emails queue: the outbox row's id and payload (a kind's own fields are kept by its row, not read by the sender). */
export const staffEmailJobSchema = z.object({ outboxId: z.uuid(), payload: staffEmailPayloadSchema });

/** A BullMQ job id for an outbox row (its UUID; BullMQ refuses purely numeric custom ids). */
export const outboxJobId = (outboxId: string): string => outboxId;

// ---------------------------------------------------------------------------------------------
// What a decision email needs (outbox kind 'decision-email')
// ---------------------------------------------------------------------------------------------

/**
 * Payload of an outbox row of kind 'decision-email': everything the email needs, as it was when
 * the decision was made (a later edit does not change an email already decided). `source` is
 * 'public' for the automatic decision of a public submission, 'staff' for an adviser's.
 */
export const decisionEmailPayloadSchema = z.object({
  applicationId: z.string(),
  studentId: z.string(),
  ucasCode: z.string(),
  /** The status page's key (the review by hash). */
  hash: z.string(),
  /** The public reference: depart number followed by the reference number. */
  reference: z.string(),
  intake: z.string(),
  source: z.enum(['public', 'staff']),
  previousStatus: applicationStatusSchema.nullable(),
  status: applicationStatusSchema,
  subStatus: applicationSubStatusSchema.nullable(),
  /** When the decision was made (the transaction's time), ISO 8601. */
  decidedAt: z.string(),
  applicant: z.object({
    NAME1: z.string(),
    NAME2: z.string(),
    EMAIL: z.string(),
    NATIONALITY: z.string().nullable(),
    /** VISA_TYPE (absent on payloads written before it was carried: read as not given). */
    VISA_TYPE: z.string().nullable().optional(),
    /** APPLIED_TO_UCAS is '1': an AO offer; otherwise the email says how to join Clearing first. */
    APPLIED_TO_UCAS: z.boolean(),
  }),
  course: emailCourseFactsSchema,
  rejectionReasons: z.array(z.string()),
  recommendedCourses: z.array(recommendedCourseSchema),
  interview: interviewDetailsSchema.nullable(),
  /** An automatic decision's reasons (automaticDecisionReasons): the email says it was automatic and how to ask for a person. */
  automaticReasons: z.array(z.string()).optional(),
  /** A person's review of the automatic decision (kind REVIEW): its outcome and what to tell the applicant. */
  review: z
    .object({ OUTCOME: z.enum(['UPHELD', 'CHANGED']), NOTE: z.string() })
    .nullable()
    .optional(),
  /** Why a withdrawal (W) was made: 'lapsed' for an offer not added in UCAS by its deadline (decisionContent says so). */
  withdrawalReason: z.literal('lapsed').nullable().optional(),
  /**
   * When the status page link stops working (applications-svc's cycle end of the intake, the
   * moment its route starts answering 410), ISO 8601; rows written before it existed: the intake's
   * intakeCycleEnd.
   */
  linkValidUntil: z.string().optional(),
});
export type DecisionEmailPayload = z.infer<typeof decisionEmailPayloadSchema>;

/** A BullMQ job of the decision-emails queue: the outbox row's id and payload. */
export const decisionEmailJobSchema = z.object({ outboxId: z.uuid(), payload: decisionEmailPayloadSchema });
export type DecisionEmailJob = z.infer<typeof decisionEmailJobSchema>;

/**
 * Payload of an outbox row of kind 'callback-email': the booked slot (ISO instants) and whom to
 * tell, as they were at booking or cancelling. `action` says which (rows written before it
 * existed: booked). The .ics event is keyed by `eventId` (one per application, so a move or a
 * cancellation replaces the calendar's copy), revised as `sequence` (contracts
 * callbackIcsSequence); rows written before they existed: the booking's own event, revision 0.
 */
export const callbackEmailPayloadSchema = z.object({
  bookingId: z.string(),
  action: z.enum(['booked', 'cancelled']).default('booked'),
  eventId: z.string().optional(),
  sequence: z.number().int().min(0).default(0),
  /** The application's id; a call booked without an application: 'callback-{id}' (its outbox aggregate). */
  applicationId: z.string(),
  /** '' for a call booked without an application. */
  studentId: z.string(),
  ucasCode: z.string(),
  /** The application's status; absent for a call booked without an application. */
  status: applicationStatusSchema.optional(),
  /** The status page's hash; '' for a call booked without an application (its link is `token`'s). */
  hash: z.string(),
  /** A call booked without an application: the private link's token, whose page changes or cancels it. */
  token: z.string().optional(),
  applicant: z.object({ NAME1: z.string(), EMAIL: z.string() }),
  start: z.string(),
  end: z.string(),
  bookedAt: z.string(),
});
export type CallbackEmailPayload = z.infer<typeof callbackEmailPayloadSchema>;
export const callbackEmailJobSchema = z.object({ outboxId: z.uuid(), payload: callbackEmailPayloadSchema });

/**
 * Payload of an outbox row of kind 'ucas-reminder-email': the one reminder to add us in UCAS Hub
 * of an offer within the lapsing hours of its deadline (docs/domain/ucas-reconciliation.md).
 */
export const ucasReminderEmailPayloadSchema = z.object({
  applicationId: z.string(),
  studentId: z.string(),
  ucasCode: z.string(),
  status: applicationStatusSchema,
  hash: z.string(),
  reference: z.string(),
  applicant: z.object({ NAME1: z.string(), EMAIL: z.string() }),
  /** The offer's deadline, ISO 8601. */
  deadline: z.string(),
  remindedAt: z.string(),
});
export type UcasReminderEmailPayload = z.infer<typeof ucasReminderEmailPayloadSchema>;
export const ucasReminderEmailJobSchema = z.object({ outboxId: z.uuid(), payload: ucasReminderEmailPayloadSchema });
