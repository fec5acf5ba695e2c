import { z } from 'zod';
import { assessmentSchema } from '../assessment/assessment';
import { applicationStatusSchema, applicationSubStatusSchema, type ApplicationStatus } from '../status/status-codes';
import { accessSchema, roleAssignmentSchema } from '../auth/roles';
import { LIMITS } from '../common/limits';
import { pageNumberSchema, pageSizeSchema } from '../common/pagination';
import { courseDataSchema } from '../courses/course';
import { documentSummarySchema } from '../files/file-metadata';
import { qualOptionSchema } from '../qualifications/qual-option';
import { ENGLISH_QUALIFICATION_OPTIONS } from '../qualifications/english-tests';
import { applicationDataSchema, applySubmissionSchema, messageItemSchema } from './application';
import { VALIDATION_MESSAGES } from './validation-messages';
import { VISA_TYPE_OPTIONS } from './visa-types';
import { emailCourseFactsSchema, interviewDetailsSchema } from './decision-facts';
import { STATUS_RULE_MESSAGES } from '../rules/status-buttons';
import { timestampQuerySchema } from '../common/timestamp-query';

/**
 * Staff applications desk contracts (spec sections 2, 3, 4 and 7; domain.md "Statuses").
 * Shared by the web app (apps/web features/desk), the gateway and applications-svc.
 */

// ---------------------------------------------------------------------------------------------
// Listing: GET /api/admin/applications
// ---------------------------------------------------------------------------------------------

/**
 * The status filter of the listing (spec section 2), in the order the screen offers it. Their
 * meaning (domain.md "Statuses"): p = STATUS S created by the public; b = STATUS S, R or P;
 * o = STATUS O or I; r = STATUS X; v = a visa record exists; c = OUTBOUND_CALL_FLAG 1.
 */
export const APPLICATION_LISTING_FILTERS = [
  { value: '', label: 'All' },
  { value: 'p', label: 'Public submissions' },
  { value: 'b', label: 'Requiring back office attention' },
  { value: 'o', label: 'Offered/Invited' },
  { value: 'r', label: 'Rejected' },
  { value: 'v', label: 'Visa' },
  { value: 'c', label: 'Outbound call complete' },
] as const;
export type ApplicationListingFilter = (typeof APPLICATION_LISTING_FILTERS)[number]['value'];
export const applicationListingFilterSchema = z.enum(
  APPLICATION_LISTING_FILTERS.map((f) => f.value) as [ApplicationListingFilter, ...ApplicationListingFilter[]],
);

/** Statuses each STATUS-based filter matches (domain.md "Statuses"); `v` and `c` use other columns. */
export const LISTING_FILTER_STATUSES = {
  p: ['S'],
  b: ['S', 'R', 'P'],
  o: ['O', 'I'],
  r: ['X'],
} as const satisfies Record<string, readonly ApplicationStatus[]>;

/** Placeholder of the listing's text box (spec section 2). */
export const APPLICATION_SEARCH_PLACEHOLDER = 'Search for a reference, name or UCAS ID';
/** Shown for an empty search (spec sections 2 and 8). */
export const NO_RESULTS = 'No results';
/** Shown for an unknown nationality or status (spec section 3 "Reference lists"). */
export const NOT_AVAILABLE = 'n/a';
/** The edit screen's back button (spec section 2). */
export const BACK_TO_LISTING = 'Back to application listing';
/** Page sizes offered on the listing (spec section 9). */
export const APPLICATION_LISTING_PAGE_SIZES = LIMITS.PAGE_SIZE_OPTIONS;

/**
 * The listing's nationality filter: the form's NATIONALITY, an ISO 3166 alpha-3 code (any case
 * in, upper case out). The Visa Team finds applicants by it (canFilterByNationality).
 */
export const listingNationalitySchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, { message: "'nationality' must be a three-letter country code." });

/**
 * The listing's orders, in the order the screen offers them: `newest` (the default, spec section
 * 2's listing) or `oldest` first, by when the application was submitted, so an adviser can take
 * the caller who has waited longest.
 */
export const APPLICATION_LISTING_SORTS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
] as const;
export type ApplicationListingSort = (typeof APPLICATION_LISTING_SORTS)[number]['value'];
export const applicationListingSortSchema = z.enum(['newest', 'oldest'], { message: "'sort' must be newest or oldest." });
/** The listing's order when none is asked for. */
export const DEFAULT_LISTING_SORT: ApplicationListingSort = 'newest';

/**
 * How long an application has waited since it was submitted, as the listing's 'Waiting' column
 * shows it: 'Less than 1 min', '42 min', '3 h 5 min', '2 days 4 h' (whole units, rounded down).
 * `submittedAt` and `now` are instants (ISO 8601 strings or Dates); a time in the future (clocks
 * a little apart) counts as no wait.
 */
export function waitingTime(submittedAt: string | Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(submittedAt).getTime()) / 60_000));
  if (minutes < 1) return 'Less than 1 min';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  const dayText = days === 1 ? '1 day' : `${days} days`;
  return hours % 24 === 0 ? dayText : `${dayText} ${hours % 24} h`;
}

/** The same wait as an ISO 8601 duration in whole minutes ('PT42M'), for a `<time dateTime>`. */
export const waitingDuration = (submittedAt: string | Date, now: Date): string =>
  `PT${Math.max(0, Math.floor((now.getTime() - new Date(submittedAt).getTime()) / 60_000))}M`;

/**
 * GET /api/admin/applications query (spec sections 2 and 7): text `q` (a public reference, a
 * student or application id, a name or a UCAS Personal ID), status filter `s`, `visa` '1' for
 * applications with a visa record, `nationality` (listingNationalitySchema), 1-based `page`, `page_size` (10 when missing or not positive,
 * spec section 5), `sort` (APPLICATION_LISTING_SORTS, newest first when missing), `_` the client's cache-busting timestamp.
 */
export const applicationListingQuerySchema = timestampQuerySchema.extend({
  q: z.string().trim().max(LIMITS.TEXT_MAX, { message: "'q' max length is 256." }).default(''),
  s: applicationListingFilterSchema.default(''),
  visa: z.literal('1').optional(),
  nationality: listingNationalitySchema.optional(),
  page: pageNumberSchema.default(1),
  page_size: pageSizeSchema(LIMITS.PAGE_SIZE_DEFAULT),
  sort: applicationListingSortSchema.default(DEFAULT_LISTING_SORT),
});
export type ApplicationListingQuery = z.infer<typeof applicationListingQuerySchema>;
export type ApplicationListingQueryInput = z.input<typeof applicationListingQuerySchema>;

/** One row of the listing (spec section 3 "Application search row"). */
export const applicationSearchRowSchema = z.object({
  STUDENT_ID: z.string(),
  APPLICATION_ID: z.string(),
  UCAS_CODE: z.string(),
  COURSE_CODE_OVERRIDE: z.string().nullable(),
  NAME1: z.string(),
  NAME2: z.string(),
  EMAIL: z.string(),
  UCAS_PERSONAL_ID: z.string().nullable(),
  NATIONALITY: z.string().nullable(),
  STATUS: applicationStatusSchema.nullable(),
  SUB_STATUS: applicationSubStatusSchema.nullable(),
  VISA_STATUS: z.string().nullable(),
  /** When it was submitted (ISO 8601): the 'Waiting' column counts from it (waitingTime). */
  SUBMITTED_AT: z.string(),
  /** When UCAS's export showed the Clearing choice added (ISO 8601), else null: 'Added in UCAS' (ucasAddedLabel). */
  UCAS_ADDED_AT: z.string().nullable().optional(),
});
export type ApplicationSearchRow = z.infer<typeof applicationSearchRowSchema>;

/**
 * The listing counts its matches only up to a cap (counting 5,000-50,000 rows
 * for every broad search was most of the listing's time): the next multiple of this step past the
 * end of the page asked for, so the pages ahead can always be reached.
 */
export const LISTING_TOTAL_STEP = 1000;

/** The count cap of a listing page (1-based `page` of `pageSize` rows): 1,000 for pages up to row 999, then 2,000, ... */
export const listingTotalCap = (page: number, pageSize: number): number => Math.ceil((page * pageSize + 1) / LISTING_TOTAL_STEP) * LISTING_TOTAL_STEP;

/**
 * `total` is the number of matches, or the cap (listingTotalCap) when `total_capped`: more match
 * than that ('More than 1000 applications found').
 */
export const applicationListingResponseSchema = z.object({
  rows: z.array(applicationSearchRowSchema),
  total: z.number().int().nonnegative(),
  total_capped: z.boolean().default(false),
});
export type ApplicationListingResponse = z.infer<typeof applicationListingResponseSchema>;

// ---------------------------------------------------------------------------------------------
// One application: GET / POST / PUT /api/admin/applications/{student}/{course}
// ---------------------------------------------------------------------------------------------

/** The `student` route parameter of a staff create for a person not yet stored (spec section 7). */
export const NEW_STUDENT = 'new';

/** Route parameters `{student}/{course}`: a STUDENT_ID (or NEW_STUDENT on POST) and a course code. */
export const deskApplicationParamsSchema = z.object({
  student: z.string().trim().min(1).max(32),
  course: z.string().trim().min(1).max(32),
});
export type DeskApplicationParams = z.infer<typeof deskApplicationParamsSchema>;

/**
 * GET /api/admin/applications/{student}/{course} (spec section 7) plus `documents`, the clean
 * files bound to the application. The optimistic-lock version travels as the HTTP `ETag` header.
 */
export const deskApplicationResponseSchema = z.object({
  applicationData: applicationDataSchema,
  assessment: assessmentSchema,
  courseData: courseDataSchema,
  access: accessSchema,
  qualOptions: z.array(qualOptionSchema),
  documents: z.array(documentSummarySchema),
  /** The facts of the current decision its email names beyond the record (decisionFacts): the deadline (ISO 8601 or null) and the UCAS institution code. */
  decision: z.object({ DEADLINE: z.string().nullable(), INTERVIEW: interviewDetailsSchema.nullable(), INSTITUTION_CODE: z.string() }).optional(),
  /**
   * The recruitment cycle the application was made in (its stored `intake`, the cycle's NAME:
   * '2025/26'; domain.md "Recruitment cycles"). After a roll, last cycle's applications keep theirs.
   */
  CYCLE: z.string(),
  /** When UCAS's export showed the Clearing choice added (ISO 8601), else null: 'Added in UCAS' (ucasAddedLabel). */
  UCAS_ADDED_AT: z.string().nullable().optional(),
});
export type DeskApplicationResponse = z.infer<typeof deskApplicationResponseSchema>;

/**
 * Body `data` of staff POST /api/admin/applications/{student}/{course}: as the public apply
 * (applySubmissionSchema), STATUS chosen from the submit buttons the user's role allows, and the
 * INTERVIEW an adviser arranges when creating it as I (interviewNeeded).
 * The response is the public apply's (applyResponseSchema).
 */
export const staffCreateSubmissionSchema = applySubmissionSchema.extend({
  INTERVIEW: interviewDetailsSchema.optional(),
  /** An Administrator confirmed offering over the allowance (PLACES_MESSAGES.OVER_ALLOWANCE_CONFIRM). */
  OVER_ALLOWANCE: z.literal(true).optional(),
  /** The booked call without an application this create answers ('Next call'): linked and marked done with it. */
  CALLBACK_ID: z
    .string()
    .regex(/^\d{1,12}$/)
    .optional(),
});
export type StaffCreateSubmission = z.infer<typeof staffCreateSubmissionSchema>;
export const staffCreateBodySchema = z.object({ data: staffCreateSubmissionSchema, token: z.string().optional() });
export type StaffCreateBody = z.infer<typeof staffCreateBodySchema>;

/**
 * Body `data` of PUT /api/admin/applications/{student}/{course}: the form with the chosen STATUS
 * (required) and REJECTION_REASONS. SUBMISSION_ID is not needed (the application exists).
 * Send the GET's ETag as `If-Match`; without it the update still works (spec section 7 clients).
 */
export const staffUpdateSubmissionSchema = applySubmissionSchema.extend({
  STATUS: applicationStatusSchema,
  SUBMISSION_ID: z.uuid().optional(),
  /**
   * The interview the adviser arranges in the status confirmation when inviting (a change to I,
   * interviewNeeded): required then (INTERVIEW_MESSAGES.REQUIRED), stored with
   * the status change (its LOG row) and carried by the invitation email; ignored otherwise.
   */
  INTERVIEW: interviewDetailsSchema.optional(),
  /** An Administrator confirmed offering over the allowance (PLACES_MESSAGES.OVER_ALLOWANCE_CONFIRM). */
  OVER_ALLOWANCE: z.literal(true).optional(),
});
export type StaffUpdateSubmission = z.infer<typeof staffUpdateSubmissionSchema>;
export const staffUpdateBodySchema = z.object({ data: staffUpdateSubmissionSchema, token: z.string().optional() });
export type StaffUpdateBody = z.infer<typeof staffUpdateBodySchema>;

/** Answer of PUT /api/admin/applications/{student}/{course} (spec section 7), plus the new version and time. */
export const staffUpdateResponseSchema = z.object({
  confirmed_status: applicationStatusSchema,
  version: z.number().int().positive(),
  updated_at: z.string(),
  /** A change of status: its deadline (decisionDeadline from updated_at, as its email), ISO 8601 or null; absent when the status was kept. */
  decision_deadline: z.string().nullable().optional(),
  /** The UCAS institution code (gateway config), as the decision's email names it. */
  institution_code: z.string().optional(),
});
export type StaffUpdateResponse = z.infer<typeof staffUpdateResponseSchema>;

/** Texts of the staff desk's answers and refusals (shown to users as they are). */
export const DESK_MESSAGES = {
  VERSION_CONFLICT: 'This application was changed by someone else since you opened it. Reload it to see their changes.',
  NOT_FOUND: 'Application not found.',
  ...STATUS_RULE_MESSAGES,
  CANNOT_EDIT_VISA: 'Your role on this course cannot edit visa records.',
  STUDENT_NOT_FOUND: 'Student not found.',
  ALREADY_APPLIED: 'This student has already applied for this course.',
  DOCUMENT_NOT_FOUND: 'Document not found.',
} as const;

/** Confirmation when a staff update changes the status (spec section 4), naming both statuses. */
export const confirmStatusChange = (from: string, to: string): string =>
  `Are you sure you want to change the status of this application from ${from} to ${to}?`;
/** 'Last saved at {time}' after an update (spec section 2). */
export const lastSavedAt = (time: string): string => `Last saved at ${time}`;

// ---------------------------------------------------------------------------------------------
// Student search: GET /api/admin/students
// ---------------------------------------------------------------------------------------------

const optionalText = (max: number) => z.string().trim().max(max).optional();

/** GET /api/admin/students query (spec sections 2 and 7): names, email, UCAS Personal ID, year of entry. */
export const studentSearchQuerySchema = timestampQuerySchema.extend({
  NAME1: optionalText(LIMITS.TEXT_MAX),
  NAME2: optionalText(LIMITS.TEXT_MAX),
  EMAIL: optionalText(LIMITS.EMAIL_MAX),
  UCAS_PERSONAL_ID: optionalText(32),
  SECOND_YEAR_ENTRY: z.enum(['', '0', '1']).optional(),
});
export type StudentSearchQuery = z.infer<typeof studentSearchQuerySchema>;

/**
 * A student search result (spec section 3): APPLIED_TO is the comma list of course codes applied
 * to, in the order applied (the latest last: latestAppliedTo).
 */
export const studentSearchRowSchema = z.object({
  ID: z.string(),
  NAME1: z.string(),
  NAME2: z.string(),
  APPLIED_TO: z.string(),
});
export type StudentSearchRow = z.infer<typeof studentSearchRowSchema>;

/**
 * The course code of a student's latest application (the last of APPLIED_TO), or null for none:
 * 'Select' copies that application into a new one.
 */
export const latestAppliedTo = (row: Pick<StudentSearchRow, 'APPLIED_TO'>): string | null =>
  row.APPLIED_TO.split(',')
    .map((code) => code.trim())
    .filter(Boolean)
    .at(-1) ?? null;
export const studentSearchResponseSchema = z.object({ rows: z.array(studentSearchRowSchema) });
export type StudentSearchResponse = z.infer<typeof studentSearchResponseSchema>;
/** Most rows a student search answers (the adviser narrows the search rather than pages). */
export const STUDENT_SEARCH_MAX_ROWS = 50;

// ---------------------------------------------------------------------------------------------
// Outbound call: PUT /api/admin/applications/{student}/{course}/outbound-call
// ---------------------------------------------------------------------------------------------

/** Call-outcome options for unsuccessful contact (spec section 3 "Reference lists"). */
export const CALL_OUTCOME_OPTIONS = ['Called no answer', 'Called left voicemail', 'Wrong number', 'Student will call back'] as const;
export type CallOutcome = (typeof CALL_OUTCOME_OPTIONS)[number];

/** Outbound call texts of spec sections 4 and 5. */
export const OUTBOUND_CALL_TEXTS = {
  BUTTON: 'Outbound Call',
  BUTTON_COMPLETE: 'Call Complete',
  NOTES_LABEL: 'Notes',
  NOTES_PLACEHOLDER: 'Tell us more. Maximum 250 characters.',
} as const;

export const outboundCallDataSchema = z.object({
  CALL_OUTCOME: z.enum(CALL_OUTCOME_OPTIONS).optional(),
  NOTES: z
    .string()
    .trim()
    .max(LIMITS.OUTBOUND_CALL_NOTE_MAX, { message: VALIDATION_MESSAGES.maxLength(OUTBOUND_CALL_TEXTS.NOTES_LABEL, LIMITS.OUTBOUND_CALL_NOTE_MAX) }),
});
export type OutboundCallData = z.infer<typeof outboundCallDataSchema>;
export const outboundCallBodySchema = z.object({ data: outboundCallDataSchema, token: z.string().optional() });

/** The stored OUTBOUND_CALL_REMARK: the outcome (when chosen) and the notes. */
export const outboundCallRemark = (data: OutboundCallData): string =>
  [data.CALL_OUTCOME, data.NOTES].filter((part) => part !== undefined && part !== '').join(': ');

export const outboundCallResponseSchema = z.object({
  OUTBOUND_CALL_FLAG: z.literal(1),
  OUTBOUND_CALL_REMARK: z.string(),
  log: messageItemSchema,
});
export type OutboundCallResponse = z.infer<typeof outboundCallResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Visa (legacy record, spec sections 3 and 5): GET / PUT .../visa
// ---------------------------------------------------------------------------------------------

/** The only text of the visa screen (spec sections 1 and 2). */
export const VISA_MOVED = 'Visas have been moved to the City Admin Portal.';

/** Decision status options of spec section 3, used as VISA_STATUS of the visa record. */
export const VISA_DECISION_OPTIONS = [
  { value: 'P', label: 'Pending' },
  { value: 'A', label: 'Approved' },
  { value: 'D', label: 'Deferred' },
  { value: 'X', label: 'Denied' },
] as const;
/**
 * The visa state an application has after a decision (domain.md "Call scripts": an offer or
 * invitation to someone who needs a Student visa is on the Visa Team's list, filter `v`, with its
 * visa state): the state the Visa Team set, kept; else P (Pending) once such a caller is offered
 * or invited; else none.
 */
export function visaStateAfterDecision(current: string | null, status: ApplicationStatus, needsVisa: boolean): string | null {
  if (current) return current;
  return (status === 'O' || status === 'I') && needsVisa ? 'P' : null;
}

/** Boolean visa fields allow not-applicable (spec section 3). */
export const VISA_BOOLEAN_OPTIONS = [
  { value: '1', label: 'Yes' },
  { value: '0', label: 'No' },
  { value: 'na', label: 'Not applicable' },
] as const;

/** Labels of the visa record fields (used in its messages). */
export const VISA_FIELD_LABELS = {
  VISA_STATUS: 'Visa status',
  VISA_APPLICANT_STATUS: 'Applicant status',
  VISA_TYPE: 'Visa type',
  VISA_NOTES: 'Visa notes',
  HAS_PREVIOUS_UK_STUDY: 'Previous UK study',
  FIVE_YEAR_CAP_ASSESSMENT: 'Five year cap assessment',
  PROGRESSION_ASSESSMENT: 'Progression assessment',
  PREVIOUS_UK_STUDY_NOTES: 'Previous UK study notes',
  HAS_ENGLISH_QUALIFICATION: 'English requirement',
  ENGLISH_QUALIFICATION_NOTES: 'English qualification notes',
  HAS_ATAS_CERTIFICATE: 'ATAS certificate',
  ATAS_CERTIFICATE_NOTES: 'ATAS certificate notes',
  HAS_COURSE_FEES: 'Course fees',
  COURSE_FEES_NOTES: 'Course fees notes',
} as const;
type VisaField = keyof typeof VISA_FIELD_LABELS;

const req = <T extends readonly [string, ...string[]]>(field: VisaField, values: T) =>
  z.enum(values, { message: VALIDATION_MESSAGES.required(VISA_FIELD_LABELS[field]) });
const notes = (field: VisaField) =>
  z
    .string()
    .max(LIMITS.NOTES_MAX, { message: VALIDATION_MESSAGES.maxLength(VISA_FIELD_LABELS[field], LIMITS.NOTES_MAX) })
    .nullable()
    .optional();
const values = <T extends readonly { value: string }[]>(options: T) => options.map((o) => o.value) as unknown as [T[number]['value'], ...T[number]['value'][]];
const boolNa = values(VISA_BOOLEAN_OPTIONS);

/**
 * The legacy visa record (spec section 3) with spec section 5's rules: notes max 2000; visa status,
 * visa type, previous UK study, cap, progression, English requirement and course fees required;
 * ATAS optional. VISA_APPLICANT_STATUS (a visa-status option) is kept only when VISA_STATUS is P.
 * HAS_ENGLISH_QUALIFICATION takes the English qualification options of spec section 3.
 */
export const visaDataSchema = z
  .object({
    VISA_STATUS: req('VISA_STATUS', values(VISA_DECISION_OPTIONS)),
    VISA_APPLICANT_STATUS: z.enum(values(VISA_TYPE_OPTIONS)).nullable().optional(),
    VISA_TYPE: req('VISA_TYPE', values(VISA_TYPE_OPTIONS)),
    VISA_NOTES: notes('VISA_NOTES'),
    HAS_PREVIOUS_UK_STUDY: req('HAS_PREVIOUS_UK_STUDY', boolNa),
    FIVE_YEAR_CAP_ASSESSMENT: req('FIVE_YEAR_CAP_ASSESSMENT', boolNa),
    PROGRESSION_ASSESSMENT: req('PROGRESSION_ASSESSMENT', boolNa),
    PREVIOUS_UK_STUDY_NOTES: notes('PREVIOUS_UK_STUDY_NOTES'),
    HAS_ENGLISH_QUALIFICATION: req('HAS_ENGLISH_QUALIFICATION', values(ENGLISH_QUALIFICATION_OPTIONS)),
    ENGLISH_QUALIFICATION_NOTES: notes('ENGLISH_QUALIFICATION_NOTES'),
    HAS_ATAS_CERTIFICATE: z.enum(boolNa).nullable().optional(),
    ATAS_CERTIFICATE_NOTES: notes('ATAS_CERTIFICATE_NOTES'),
    HAS_COURSE_FEES: req('HAS_COURSE_FEES', boolNa),
    COURSE_FEES_NOTES: notes('COURSE_FEES_NOTES'),
  })
  .strict()
  .transform((v) => ({ ...v, VISA_APPLICANT_STATUS: v.VISA_STATUS === 'P' ? (v.VISA_APPLICANT_STATUS ?? null) : null }));
export type VisaData = z.output<typeof visaDataSchema>;
export type VisaDataInput = z.input<typeof visaDataSchema>;

/** A stored visa record as read back (every field present, absent ones null). */
export const storedVisaDataSchema = z.object({
  VISA_STATUS: z.string(),
  VISA_APPLICANT_STATUS: z.string().nullable(),
  VISA_TYPE: z.string(),
  VISA_NOTES: z.string().nullable(),
  HAS_PREVIOUS_UK_STUDY: z.string(),
  FIVE_YEAR_CAP_ASSESSMENT: z.string(),
  PROGRESSION_ASSESSMENT: z.string(),
  PREVIOUS_UK_STUDY_NOTES: z.string().nullable(),
  HAS_ENGLISH_QUALIFICATION: z.string(),
  ENGLISH_QUALIFICATION_NOTES: z.string().nullable(),
  HAS_ATAS_CERTIFICATE: z.string().nullable(),
  ATAS_CERTIFICATE_NOTES: z.string().nullable(),
  HAS_COURSE_FEES: z.string(),
  COURSE_FEES_NOTES: z.string().nullable(),
  UPDATED_AT: z.string(),
});
export type StoredVisaData = z.infer<typeof storedVisaDataSchema>;

export const visaBodySchema = z.object({ data: visaDataSchema, token: z.string().optional() });

/** GET /api/admin/applications/{s}/{c}/visa (spec section 7); visaData is null before the first save. */
export const visaResponseSchema = z.object({
  applicationData: applicationDataSchema,
  visaData: storedVisaDataSchema.nullable(),
  /** The visa state the listing shows (VISA_STATUS), null when the application is not on the Visa Team's list. */
  VISA_STATUS: z.string().nullable(),
  courseData: courseDataSchema,
  qualOptions: z.array(qualOptionSchema),
  access: accessSchema,
  assessment: assessmentSchema,
});
export type VisaResponse = z.infer<typeof visaResponseSchema>;
/**
 * The visa state a Visa Team user sets on the visa screen (domain.md "Call scripts": an offer to
 * someone who needs a Student visa is on the Visa Team's list with its visa state): one of the
 * decision status options (P Pending, A Approved, D Deferred, X Denied; spec section 3). Saved
 * as VISA_STATUS, which the listing shows; the legacy record's other fields are left as they are.
 */
export const visaStateDataSchema = z.object({ VISA_STATUS: req('VISA_STATUS', values(VISA_DECISION_OPTIONS)) }).strict();
export type VisaStateData = z.infer<typeof visaStateDataSchema>;
export const visaStateBodySchema = z.object({ data: visaStateDataSchema, token: z.string().optional() });
/** PUT .../visa-state answer: the state now held and when it was set (ISO 8601). */
export const visaStateResponseSchema = z.object({ VISA_STATUS: z.string(), updated_at: z.string() });
export type VisaStateResponse = z.infer<typeof visaStateResponseSchema>;

/** A visa state's label (spec section 3's decision status options); null for none, 'n/a' for an unknown code. */
export function visaStateLabel(state: string | null): string | null {
  if (!state) return null;
  return VISA_DECISION_OPTIONS.find((o) => o.value === state)?.label ?? NOT_AVAILABLE;
}

/** The LOG row of a visa state set on the visa screen (the application's history). */
export const visaStateLogMessage = (state: string): string => `Visa state set to ${visaStateLabel(state)}.`;

/** PUT .../visa answer: when the record was stored (spec section 4 "Visa (legacy)"). */
export const visaUpdateResponseSchema = z.object({ updated_at: z.string() });
export type VisaUpdateResponse = z.infer<typeof visaUpdateResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Documents for staff: GET .../documents/{fileId}
// ---------------------------------------------------------------------------------------------

export const deskDocumentParamsSchema = deskApplicationParamsSchema.extend({ fileId: z.string().trim().min(1).max(64) });

// ---------------------------------------------------------------------------------------------
// Internal (gateway -> applications-svc) shapes
// ---------------------------------------------------------------------------------------------

/**
 * What applications-svc needs to limit the listing to courses the user has a role on: the user's
 * role assignments, matched against the SCHOOL and DEPT stored on each application row, so
 * applications-svc never asks courses-svc (architecture: services never call each other).
 */
export const listingScopesSchema = z.array(roleAssignmentSchema);

/**
 * Lower-cased, accent-folded text for the case- and accent-insensitive name search:
 * 'Zoë Ángel' -> 'zoe angel'. Folded in Node so PostgreSQL and PGlite (no unaccent) agree.
 */
export const foldName = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

/**
 * Internal body of applications-svc PUT /applications/{student}/{course} (from the gateway): the
 * checked form, the chosen STATUS, the fresh assessment, and the version the client read (If-Match).
 * The buttons (assessment SUBMISSION_OPTIONS) are for the acting user, so the service checks the
 * status against them too.
 */
export const storeUpdateRequestSchema = z.object({
  submission: staffUpdateSubmissionSchema,
  qualOptions: z.array(qualOptionSchema).max(100),
  ALLOW_SECOND_YEAR_ENTRY: z.boolean(),
  assessment: assessmentSchema,
  rejection_reasons: z.array(messageItemSchema).max(50).optional(),
  ifMatch: z.number().int().positive().optional(),
  /** The course facts a status change's email names; without them no outbox row is written. */
  courseFacts: emailCourseFactsSchema.optional(),
});
export type StoreUpdateRequest = z.infer<typeof storeUpdateRequestSchema>;
export type StoreUpdateRequestInput = z.input<typeof storeUpdateRequestSchema>;

/** Internal answer of applications-svc GET /applications/{student}/{course}: data, assessment and documents' owner. */
export const staffStoredApplicationSchema = z.object({
  applicationData: applicationDataSchema,
  assessment: assessmentSchema,
  SUBMISSION_ID: z.uuid(),
  version: z.number().int().positive(),
  SCHOOL: z.string(),
  DEPT: z.string(),
  visaData: storedVisaDataSchema.nullable(),
  /** The visa state (VISA_STATUS column: set after a needs-a-visa offer or by the Visa Team), null when none. */
  VISA_STATUS: z.string().nullable().optional(),
  /** The current decision's deadline (decisionDeadline from its LOG row's time, as its email), ISO 8601; null when none. */
  DEADLINE: z.string().nullable().optional(),
  /** The interview of a change to I (its email's), else null. */
  INTERVIEW: interviewDetailsSchema.nullable().optional(),
  /** The cycle it was made in (its `intake`: '2025/26'). */
  CYCLE: z.string(),
  /** When UCAS's export showed the Clearing choice added (ISO 8601), else null (ucasAddedLabel). */
  UCAS_ADDED_AT: z.string().nullable().optional(),
});
export type StaffStoredApplication = z.infer<typeof staffStoredApplicationSchema>;

/** Internal body of applications-svc POST .../log (a document download, logged by the gateway). */
export const logEntryBodySchema = z.object({ message: z.string().trim().min(1).max(500) });

/** The ETag of a version (a strong validator: the version number in quotes) and its parse; null when not one of ours. */
export const versionEtag = (version: number): string => `"${version}"`;
export const parseVersionEtag = (header: string | undefined): number | null | undefined => {
  if (header === undefined || header.trim() === '' || header.trim() === '*') return undefined;
  const m = /^(?:W\/)?"(\d+)"$/.exec(header.trim());
  return m ? Number(m[1]) : null;
};
