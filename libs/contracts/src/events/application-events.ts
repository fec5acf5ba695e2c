import { z } from 'zod';
import { decisionRulesSchema } from '../privacy/decision-review';
import { applicationStatusSchema, applicationSubStatusSchema } from '../status/status-codes';

/**
 * Application events for the university's record system (docs/domain/events.md): what happened
 * to an application, written into applications-svc's outbox in the very transaction that made it
 * happen, so an event exists exactly when its change committed. Each event is versioned in its
 * `type` (`application.decision.v1`): a change that would break a reader gets a new type
 * (`.v2`) beside the old one, never a changed shape under the same name.
 */
export const APPLICATION_EVENT_TYPES = {
  /** An application was stored (a public submission or one taken by phone). */
  CREATED: 'application.created.v1',
  /** A decision was set: the first one, a changed status, or a person's review of an automatic one. */
  DECISION: 'application.decision.v1',
  /** The status moved from one code to another (also sent beside DECISION when it did). */
  STATUS_CHANGED: 'application.status-changed.v1',
  /** The application was withdrawn (status W): it no longer counts as the person's application. */
  WITHDRAWN: 'application.withdrawn.v1',
  /** UCAS's export showed the applicant added the application's course as their Clearing choice in UCAS Hub. */
  UCAS_CHOICE_ADDED: 'application.ucas-choice-added.v1',
  /** An offer not added in UCAS is within the lapsing hours of its deadline: the applicant was reminded once. */
  OFFER_LAPSING: 'application.offer-lapsing.v1',
} as const;
export type ApplicationEventType = (typeof APPLICATION_EVENT_TYPES)[keyof typeof APPLICATION_EVENT_TYPES];
export const applicationEventTypeSchema = z.enum(Object.values(APPLICATION_EVENT_TYPES) as [ApplicationEventType, ...ApplicationEventType[]]);

/** The identifiers a record system matches an application by (spec section 3 "Application"). */
export const applicationEventSubjectSchema = z.object({
  /** Clearing Desk's own id of the application (decimal digits). */
  applicationId: z.string().regex(/^\d+$/),
  /** The person's Clearing Desk student id. */
  studentId: z.string(),
  /** The UCAS Personal ID (ten digits) the applicant gave; null when they have none yet. */
  ucasPersonalId: z.string().nullable(),
  /** The UCAS course code applied to (e.g. G400). */
  courseCode: z.string(),
  /** The university's own code of the course when it differs from the UCAS code, else null. */
  courseCodeOverride: z.string().nullable(),
  /** The public reference: the depart number followed by the reference number (as the emails show it). */
  reference: z.string(),
  /** The admissions cycle (intake) the application was made for, e.g. 2025/26. */
  cycle: z.string(),
});
export type ApplicationEventSubject = z.infer<typeof applicationEventSubjectSchema>;

/** Where a decision came from: the automatic decision of a public submission, or a member of staff. */
export const eventSourceSchema = z.enum(['public', 'staff']);

const envelope = <T extends ApplicationEventType, D extends z.ZodType>(type: T, data: D) =>
  z.object({
    /** The event's id (a UUID): the same on every read and every delivery of it, so a reader can ignore a repeat. */
    id: z.uuid(),
    type: z.literal(type),
    /** When the change was made (its transaction's time), ISO 8601 with offset. */
    occurredAt: z.iso.datetime({ offset: true }),
    application: applicationEventSubjectSchema,
    data,
  });

export const applicationCreatedEventSchema = envelope(
  APPLICATION_EVENT_TYPES.CREATED,
  z.object({
    status: applicationStatusSchema,
    subStatus: applicationSubStatusSchema.nullable(),
    source: eventSourceSchema,
    /** A staff username, or 'public'. */
    createdBy: z.string(),
  }),
);

export const applicationDecisionEventSchema = envelope(
  APPLICATION_EVENT_TYPES.DECISION,
  z.object({
    status: applicationStatusSchema,
    subStatus: applicationSubStatusSchema.nullable(),
    /** The rejection reasons given with the decision, word for word (empty when none). */
    reasons: z.array(z.string()),
    /** The rules the decision was made under (Tariff tables version, course requirements hash); null when not recorded. */
    ruleVersion: decisionRulesSchema.nullable(),
    source: eventSourceSchema,
    /** A staff username, or 'public' for an automatic decision. */
    decidedBy: z.string(),
    /** A person's review of the automatic decision, when this decision is its outcome. */
    review: z.object({ outcome: z.enum(['UPHELD', 'CHANGED']) }).nullable(),
  }),
);

export const applicationStatusChangedEventSchema = envelope(
  APPLICATION_EVENT_TYPES.STATUS_CHANGED,
  z.object({
    previousStatus: applicationStatusSchema,
    status: applicationStatusSchema,
    subStatus: applicationSubStatusSchema.nullable(),
  }),
);

export const applicationWithdrawnEventSchema = envelope(
  APPLICATION_EVENT_TYPES.WITHDRAWN,
  z.object({
    previousStatus: applicationStatusSchema,
    /** A staff username. */
    withdrawnBy: z.string(),
    /** Why, when the withdrawal records one: 'lapsed' for an offer not added in UCAS by its deadline (absent otherwise). */
    reason: z.literal('lapsed').optional(),
  }),
);

export const applicationUcasChoiceAddedEventSchema = envelope(
  APPLICATION_EVENT_TYPES.UCAS_CHOICE_ADDED,
  z.object({
    /** The status when it was matched (usually O). */
    status: applicationStatusSchema,
    /** The import that matched it (its id) and whether it was an upload or the scheduled folder import. */
    importId: z.uuid(),
    importSource: z.enum(['upload', 'folder']),
  }),
);

export const applicationOfferLapsingEventSchema = envelope(
  APPLICATION_EVENT_TYPES.OFFER_LAPSING,
  z.object({
    /** The offer's deadline (ISO 8601): 23:59 on the second working day after the offer. */
    deadline: z.iso.datetime({ offset: true }),
    /** The applicant was sent the one reminder email in the same transaction. */
    reminderSent: z.boolean(),
  }),
);

/** Any application event, told apart by `type`. */
export const applicationEventSchema = z.discriminatedUnion('type', [
  applicationCreatedEventSchema,
  applicationDecisionEventSchema,
  applicationStatusChangedEventSchema,
  applicationWithdrawnEventSchema,
  applicationUcasChoiceAddedEventSchema,
  applicationOfferLapsingEventSchema,
]);
export type ApplicationEvent = z.infer<typeof applicationEventSchema>;
export type ApplicationEventOf<T extends ApplicationEventType> = Extract<ApplicationEvent, { type: T }>;
