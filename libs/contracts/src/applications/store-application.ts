import { z } from 'zod';
import { decisionRulesSchema } from '../privacy/decision-review';
import { assessmentSchema } from '../assessment/assessment';
import { courseDataSchema } from '../courses/course';
import { qualOptionSchema } from '../qualifications/qual-option';
import { applicationDataSchema, appliedQuerySchema, keyedSubmissionSchema } from './application';
import { applicationDecisionSchema } from './decide-public-outcome';
import { applicantDecisionSchema, emailCourseFactsSchema, interviewDetailsSchema } from './decision-facts';

/** Who a history LOG row names for a submission from the public (domain.md "Statuses"). */
export const PUBLIC_USER = 'public';
/**
 * Who the applicant's own review page (by hash) names for a LOG row made by staff: never a staff
 * username.
 */
export const STAFF_LOG_USER_FOR_APPLICANT = 'Clearing team';

/**
 * 400 when a public submission (POST /api/apply/{course}) asks for a STATUS other than the public
 * button's S: the assessment decides a public application, and a staff decision
 * is saved only through the staff routes, so no client files one as public.
 */
export const PUBLIC_STATUS_ONLY =
  "STATUS must be S (the 'Submit' button): an application from the public is decided by its assessment. Staff save their decisions as staff.";

/** 409 when a SUBMISSION_ID already stored for one course comes again for another (a client bug). */
export const SUBMISSION_ID_REUSED = 'SUBMISSION_ID was already used for an application to another course.';
/**
 * 409 when a stored SUBMISSION_ID (or Idempotency-Key) comes again with another applicant (email or
 * UCAS Personal ID): answering the stored record would show someone else's application.
 */
export const SUBMISSION_ID_OTHER_APPLICANT = 'This idempotency key (SUBMISSION_ID or Idempotency-Key) was already used for another applicant.';
/** 400 when the body's SUBMISSION_ID and the Idempotency-Key header differ. */
export const IDEMPOTENCY_KEY_MISMATCH = 'The Idempotency-Key header and SUBMISSION_ID differ.';

/**
 * Body of applications-svc POST /applications (internal, from the gateway): a decided submission.
 * The course fields the record keeps (UCAS_CODE, DEPART_NUMBER for the public reference) and those
 * the form is re-validated with (ALLOW_SECOND_YEAR_ENTRY, qualOptions), the assessment and the
 * decision, and the acting user (a staff username or PUBLIC_USER) for the LOG.
 */
export const storeApplicationRequestSchema = z.object({
  submission: keyedSubmissionSchema,
  course: courseDataSchema.pick({ UCAS_CODE: true, DEPART_NUMBER: true, ALLOW_SECOND_YEAR_ENTRY: true }).extend({
    // Kept on the application so staff scopes filter the listing without asking courses-svc.
    SCHOOL: z.string().max(16).optional(),
    DEPT: z.string().max(16).optional(),
    COURSE_CODE_OVERRIDE: z.string().max(32).nullable().optional(),
  }),
  /**
   * A staff create: applications-svc checks the forwarded user's role on the
   * course (SCHOOL/DEPT above) and that the status is one of the assessment's buttons.
   */
  staff: z.boolean().optional(),
  /** A staff create: the STUDENT_ID chosen in the student search, whose record is reused. */
  studentId: z.string().trim().min(1).max(32).optional(),
  qualOptions: z.array(qualOptionSchema).max(100),
  assessment: assessmentSchema,
  decision: applicationDecisionSchema,
  /** The rules the decision was made under (Tariff tables, course requirements), stored with it. */
  decisionRules: decisionRulesSchema.optional(),
  user: z.string().trim().min(1).max(64),
  /** A staff create taken from a booked call without an application: the call it answers, linked and done with it. */
  callbackId: z.number().int().positive().optional(),
  /**
   * The course facts the decision's email names, from the course the gateway
   * read fresh: copied into the outbox row written with the application. Without them (an
   * internal caller that sends no email) no outbox row is written.
   */
  courseFacts: emailCourseFactsSchema.optional(),
  /** A staff create as I: the interview arranged, required then (interviewNeeded); its LOG row and email carry it. */
  interview: interviewDetailsSchema.optional(),
  /** A staff create as O by an Administrator who confirmed offering over the allowance (checked here too). */
  overAllowance: z.boolean().optional(),
});
export type StoreApplicationRequest = z.infer<typeof storeApplicationRequestSchema>;
export type StoreApplicationRequestInput = z.input<typeof storeApplicationRequestSchema>;

/** Query of applications-svc GET /applications/applied: the course and the person's email and/or UCAS Personal ID. */
export const appliedLookupQuerySchema = appliedQuerySchema.extend({ ucas_code: z.string().trim().min(1).max(32) });
export type AppliedLookupQuery = z.infer<typeof appliedLookupQuerySchema>;

/** The public key of a stored application (the review page's applicationHash, spec section 2). */
export const applicationHashParamsSchema = z.object({ hash: z.string().trim().min(1).max(128) });

/**
 * Answer of applications-svc GET /applications/by-hash/{hash}: the application and its stored
 * assessment, the current decision, and (for the gateway only, never shown) the SUBMISSION_ID its
 * documents are bound to in files-svc (the owner of POST /files/claim). 404 for an unknown hash,
 * 410 (STATUS_PAGE_MESSAGES.expired) once its intake's cycle has ended.
 */
export const storedApplicationResponseSchema = z.object({
  applicationData: applicationDataSchema,
  assessment: assessmentSchema,
  UCAS_CODE: z.string(),
  SUBMISSION_ID: z.uuid(),
  /** The current decision for the applicant's status page. */
  decision: applicantDecisionSchema,
});
export type StoredApplicationResponse = z.infer<typeof storedApplicationResponseSchema>;

/** Params of applications-svc GET /applications/submissions/{id} (internal): a SUBMISSION_ID. */
export const submissionIdParamsSchema = z.object({ id: z.uuid() });
/**
 * Answer of applications-svc GET /applications/submissions/{id}: whether an application is stored
 * under that SUBMISSION_ID. The gateway claims documents only for a new one, so a replayed key (the
 * same person's retry, or another person's reuse that the store refuses) never binds files.
 */
export const submissionStoredResponseSchema = z.object({ stored: z.boolean() });

/**
 * Body of applications-svc POST /applications/submit-facts (internal): what applications-svc is
 * asked before a public submission is assessed, in one call: the course code, the settled
 * SUBMISSION_ID and the applicant's email and UCAS Personal ID (used only when APPLIED_TO_UCAS is '1').
 * It reads; nothing is held (the place is taken by the store, POST /applications).
 */
export const submitFactsRequestSchema = z.object({
  ucas_code: z.string().trim().min(1).max(32),
  submission_id: z.uuid(),
  email: z.string().max(256).optional(),
  ucas_personal_id: z.string().max(32).optional(),
});
export type SubmitFactsRequest = z.infer<typeof submitFactsRequestSchema>;

/**
 * Answer of POST /applications/submit-facts: the Clearing setting (the public is refused while it is
 * closed), whether the SUBMISSION_ID is stored already (a retry: no files are claimed), whether the
 * person applied to the course already (a duplicate: no files are claimed, the commit answers 409),
 * and the course's places left by the ledger (null before its backfill). The place itself is
 * taken by the commit (POST /applications), in the transaction that stores the application, so
 * nothing is held for a submission that never comes.
 */
export const submitFactsResponseSchema = z.object({
  clearing: z.object({ state: z.number().int(), closing_message: z.string().nullable() }),
  stored: z.boolean(),
  applied: z.boolean(),
  placesLeft: z.number().int().nonnegative().nullable(),
});
export type SubmitFactsResponse = z.infer<typeof submitFactsResponseSchema>;
