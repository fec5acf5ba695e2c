import { z } from 'zod';
import { assessFormSchema, qualificationItemSchema, MAX_QUALIFICATION_ITEMS } from '../assessment/assess-form';
import { assessmentSchema } from '../assessment/assessment';
import { applicationStatusSchema, applicationSubStatusSchema } from '../status/status-codes';
import { courseDataSchema } from '../courses/course';
import { documentSummarySchema } from '../files/file-metadata';
import { qualOptionSchema } from '../qualifications/qual-option';
import { documentFieldsShape } from './document-fields';
import { timestampQuerySchema } from '../common/timestamp-query';

// Generous bound for any single text value; the exact limits are spec section 5's rules
// (validateApplicationForm), checked with their own messages.
const value = z.string().max(4096).optional();

/**
 * The application form as sent by the web app (spec section 3): every value a string, groups as
 * arrays of items. Structure only; the rules and messages live in validateApplicationForm.
 * Unknown keys are dropped (a plain object built from the assessable fields' shape: extending the
 * loose assessFormSchema would keep them). Document fields `{TYPE}_DOCUMENT_{n}` are optional
 * objects (formDocumentSchema); slots beyond a category's limit are not fields at all.
 */
export const applicationFormSchema = z.object({
  ...assessFormSchema.shape,
  NAME1: value,
  NAME2: value,
  EMAIL: value,
  APPLIED_TO_UCAS: value,
  UCAS_PERSONAL_ID: value,
  APPLIED_TO_UNIGO: value,
  NATIONALITY: value,
  VISA_TYPE: value,
  TEL1: value,
  TEL2: value,
  PREVIOUSLY_STUDIED_AT_CITY: value,
  PREVIOUSLY_APPLIED_TO_CITY: value,
  DOB: value,
  POSTCODE: value,
  NOTES: value,
  // Missing is '' so the form's rule answers "'Year of entry' is required." (spec section 5), not the schema.
  SECOND_YEAR_ENTRY: z.string().max(8).default(''),
  PREVIOUS_UNI_STUDY: value,
  PREVIOUS_STUDY_NOTES: value,
  GCSE_QUALIFICATIONS: z.array(qualificationItemSchema).max(MAX_QUALIFICATION_ITEMS).default([]),
  QUALIFICATIONS: z.array(qualificationItemSchema).max(MAX_QUALIFICATION_ITEMS).default([]),
  ...documentFieldsShape,
});
export type ApplicationForm = z.infer<typeof applicationFormSchema>;
export type ApplicationFormInput = z.input<typeof applicationFormSchema>;

/** A rejection reason or history message (spec section 3: items with MESSAGE). */
export const messageItemSchema = z.object({ MESSAGE: z.string() });

/**
 * Body of POST /api/apply/{course} (spec section 7): the form with STATUS and REJECTION_REASONS,
 * plus SUBMISSION_ID, an optional UUID the web app makes once per application so that a
 * double-click or a retried request stores one application (idempotency key; the
 * `Idempotency-Key` header does the same for other clients, IDEMPOTENCY_KEY_HEADER). A client that
 * follows spec section 7 exactly sends neither and can still apply. Unknown keys are refused
 * (domain.md "Form behaviour": 400 naming the key).
 */
export const applySubmissionSchema = applicationFormSchema
  .extend({
    STATUS: applicationStatusSchema.optional(),
    REJECTION_REASONS: z.array(messageItemSchema).max(50).optional(),
    SUBMISSION_ID: z.uuid().optional(),
  })
  .strict();
export type ApplySubmission = z.infer<typeof applySubmissionSchema>;
export type ApplySubmissionInput = z.input<typeof applySubmissionSchema>;

/** A submission as it is stored: its SUBMISSION_ID settled by the gateway (from the body, the header or a new UUID). */
export const keyedSubmissionSchema = applySubmissionSchema.extend({ SUBMISSION_ID: z.uuid() });
export type KeyedSubmission = z.infer<typeof keyedSubmissionSchema>;

export const applyApiBodySchema = z.object({ data: applySubmissionSchema, token: z.string().optional() });

/** The course of POST /api/apply/{course} and POST /api/apply/{course}/assess: its UCAS code. */
export const applyCourseParamsSchema = z.object({ course: z.string().trim().min(1).max(32) });

/** A recommended course on the confirmation page (spec section 3). */
export const recommendedCourseSchema = z.object({
  UCAS_CODE: z.string(),
  COURSE_TITLE: z.string(),
  QUALIFICATION: z.string(),
  COURSE_CODE_OVERRIDE: z.string().nullable(),
});
export type RecommendedCourse = z.infer<typeof recommendedCourseSchema>;

/**
 * The record returned after saving (spec section 3): `id` is
 * [STUDENT_ID, UCAS_CODE, APPLICATION_ID, REFERENCE] (domain.md), the public reference is
 * depart_number followed by id[3].
 */
export const applyResponseSchema = z.object({
  id: z.tuple([z.string(), z.string(), z.string(), z.string()]),
  hash: z.string(),
  app_id: z.string(),
  confirmed_status: applicationStatusSchema,
  rejection_reasons: z.array(messageItemSchema),
  recommended_courses: z.array(recommendedCourseSchema),
  assessment: assessmentSchema,
  depart_number: z.string(),
});
export type ApplyResponse = z.infer<typeof applyResponseSchema>;

/** The public reference shown to applicants: depart number then the fourth element of id. */
export const publicReference = (response: Pick<ApplyResponse, 'id' | 'depart_number'>): string => `${response.depart_number}${response.id[3]}`;

/** The course of GET /api/applications/{ucasCode}/applied: its UCAS code. */
export const appliedParamsSchema = z.object({ ucasCode: z.string().trim().min(1).max(32) });

/** GET /api/applications/{ucasCode}/applied (spec section 7): email and/or ucas_personal_id. */
export const appliedQuerySchema = timestampQuerySchema.extend({
  email: z.string().trim().max(256).optional(),
  ucas_personal_id: z.string().trim().max(32).optional(),
});
export type AppliedQuery = z.infer<typeof appliedQuerySchema>;

/** Applications to that course matching the email or UCAS Personal ID; no personal data. */
export const appliedResponseSchema = z.object({ rows: z.array(z.object({ UCAS_CODE: z.string() })) });
export type AppliedResponse = z.infer<typeof appliedResponseSchema>;

/** A history LOG row (domain.md "Statuses"): time, user and message. */
export const logItemSchema = z.object({
  MESSAGE: z.string(),
  STATUS: applicationStatusSchema.nullable(),
  USER: z.string(),
  TIME: z.string(),
});
export type LogItem = z.infer<typeof logItemSchema>;

/** A stored application as staff and the review page read it (spec section 3 "Application"). */
export const applicationDataSchema = applicationFormSchema.extend({
  STUDENT_ID: z.string(),
  APPLICATION_ID: z.string(),
  /** id[3]: the public reference number, shown after DEPART_NUMBER (domain.md). */
  REFERENCE: z.string(),
  DEPART_NUMBER: z.string(),
  UCAS_CODE: z.string(),
  STATUS: applicationStatusSchema,
  SUB_STATUS: applicationSubStatusSchema.nullable(),
  REJECTION_REASONS: z.array(messageItemSchema),
  OUTBOUND_CALL_FLAG: z.union([z.literal(0), z.literal(1)]),
  OUTBOUND_CALL_REMARK: z.string().nullable(),
  OVER18: z.union([z.literal(0), z.literal(1)]),
  LOG: z.array(logItemSchema),
  CREATED_AT: z.string(),
  UPDATED_AT: z.string(),
});
export type ApplicationData = z.infer<typeof applicationDataSchema>;

/** A stored application's public reference as the caller quotes it: DEPART_NUMBER then id[3] (spec section 2, domain.md), as publicReference. */
export const applicationReference = (application: Pick<ApplicationData, 'DEPART_NUMBER' | 'REFERENCE'>): string =>
  `${application.DEPART_NUMBER}${application.REFERENCE}`;

/**
 * GET /api/applications/{hash} (spec section 7), the public review page, plus `documents`: the
 * files bound to the application (files-svc), without tokens or paths.
 */
export const applicationReviewResponseSchema = z.object({
  applicationData: applicationDataSchema,
  assessment: assessmentSchema,
  courseData: courseDataSchema,
  qualOptions: z.array(qualOptionSchema),
  documents: z.array(documentSummarySchema),
});
export type ApplicationReviewResponse = z.infer<typeof applicationReviewResponseSchema>;

/**
 * The offer texts of the confirmation page (domain.md "Public submissions"): they name the
 * applicant's UCAS Hub (UCAS Track was retired); `AR` (Automatic - Non-UCAS, APPLIED_TO_UCAS 0)
 * tells an applicant who has not applied through UCAS this year how to join Clearing. `course` is
 * the course's name, `code` the code it is shown by.
 */
export function offerTexts(course: string, code: string, subStatus: 'AO' | 'AR'): string[] {
  const lapse = 'within two working days. After that the offer lapses.';
  return [
    `We are pleased to offer you a place on ${course}.`,
    'We will send you an email with the details of your offer.',
    subStatus === 'AO'
      ? `To accept it, add us as your Clearing choice (course code ${code}) through the Clearing option in your UCAS Hub ${lapse}`
      : `You have not applied through UCAS this year, so to accept it, register with UCAS and sign in to your UCAS Hub, choose Clearing and add us as your Clearing choice (course code ${code}) ${lapse}`,
  ];
}

/** The offer variant a form gets (decidePublicOutcome): `AO` when APPLIED_TO_UCAS is '1', else `AR`. */
export const offerVariant = (appliedToUcas: string | undefined): 'AO' | 'AR' => (appliedToUcas === '1' ? 'AO' : 'AR');

// Without zod, so that the shell's sign-out question keeps zod off /apply's first load.
export { CONFIRMATION_TEXTS } from './confirmation-texts';
