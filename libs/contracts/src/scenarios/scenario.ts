import { z } from 'zod';
import { qualificationItemSchema, MAX_QUALIFICATION_ITEMS } from '../assessment/assess-form';
import { TRAFFIC_LIGHT_RANK, trafficLightSchema, type TrafficLight } from '../assessment/assessment';
import { applicationStatusSchema, type ApplicationStatus } from '../status/status-codes';
import { LIMITS } from '../common/limits';
import { emailAddressSchema } from '../rules/email-address-schema';

/**
 * Training scenarios (spec sections 2, 3 "Scenario (training)", 4, 7, 8 and 9).
 * Shared by apps/web (features/scenarios), the gateway and apps/scenarios-svc.
 */

/** Shown when no scenario matches, or on a not-found error (spec section 8). */
export const NO_SCENARIO_FOUND = 'No scenario found.';
/** Shown in an error box the page scrolls to when completion fails (spec section 8). */
export const SCENARIO_COMPLETION_FAILED = 'Something went wrong while marking this scenario as completed. Please try again.';
/** Section headings and the button of the scenario screen (spec section 2). */
export const SCENARIO_TEXTS = {
  DETAILS: 'Scenario Details',
  INSTRUCTIONS: 'Scenario Instructions',
  SCRIPT: 'Scenario Script',
  MARK_COMPLETED: 'Mark as Completed',
} as const;

/** Departments never offered by the scenario filter (spec section 9). */
export const SCENARIO_EXCLUDED_DEPARTMENTS = ['HSRM', 'PSYC', 'FBUA'] as const;
export const isScenarioExcludedDepartment = (dept: string): boolean => (SCENARIO_EXCLUDED_DEPARTMENTS as readonly string[]).includes(dept);

/** The value of a filter that matches everything (spec section 2: each filter defaults to 'all'). */
export const SCENARIO_FILTER_ALL = 'all';

const yyyyMmDd = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const text = z.string().max(LIMITS.TEXT_MAX);
const longText = z.string().max(4000);
const code = z.string().regex(/^[A-Z0-9]{1,16}$/);
const flag = z.union([z.literal(0), z.literal(1)]);

/** GENDER of a scenario (spec section 3: M/F). */
export const scenarioGenderSchema = z.enum(['M', 'F']);
export type ScenarioGender = z.infer<typeof scenarioGenderSchema>;

/**
 * One SCENARIOQUESTIONS row (spec section 3): QUESTION is something the trainee must find out from
 * the caller, STATUS the traffic light (G/A/R) the honest answer leads to. The worst STATUS of a
 * scenario's rows is the light the call is expected to end with (expectedScenarioStatuses).
 */
export const scenarioQuestionSchema = z.strictObject({ STATUS: trafficLightSchema, QUESTION: longText.min(1) });
export type ScenarioQuestion = z.infer<typeof scenarioQuestionSchema>;

/**
 * The scenario record (spec section 3 "Scenario (training)"), field names exactly as the spec
 * writes them. SECOND_YEAR_ENTRY is the form's value ('0' first year, '1' second year); OVER18 and
 * EEA are facts of the caller (0/1; OVER18 0 = under 18 on COURSE_START_DATE, spec section 9).
 * UCAS_PERSONAL_ID is '' for a caller without a UCAS ID. GCSE_QUALIFICATIONS and QUALIFICATIONS
 * hold form items (domain.md "Qualification catalogue"; IBO with HL_/SL_ fields numbered 1 to 3).
 * NATIONALITY, EMAIL and TEL1 are additions (not in the spec's list): what the caller gives when
 * asked, so the trainee can fill the form and the web can pre-check it.
 */
export const scenarioSchema = z.strictObject({
  SCENARIO_ID: z.string().regex(/^[A-Z0-9-]{1,16}$/),
  HASH: z.string().regex(/^[a-f0-9]{32}$/),
  NAME1: text.min(1),
  NAME2: text.min(1),
  DOB: yyyyMmDd,
  GENDER: scenarioGenderSchema,
  FEEDBACK_TELEPHONE: z.string().max(32).nullable(),
  COURSE_QUALIFICATION: text.min(1),
  COURSE_TITLE: text.min(1),
  UCAS_CODE: code,
  COURSE_CODE_OVERRIDE: code.nullable(),
  DEPT: code,
  SECOND_YEAR_ENTRY: z.enum(['0', '1']),
  UCAS_PERSONAL_ID: z.union([z.literal(''), z.string().regex(/^\d{10}$/)]),
  OVER18: flag,
  EEA: flag,
  NATIONALITY: z.string().regex(/^[A-Z]{3}$/),
  EMAIL: emailAddressSchema,
  TEL1: z.string().min(LIMITS.PHONE_MIN).max(LIMITS.PHONE_MAX),
  STAGE_DIRECTION: longText.min(1),
  ADDITIONAL_INSTRUCTION: longText,
  COURSE_START_DATE: yyyyMmDd,
  GCSE_QUALIFICATIONS: z.array(qualificationItemSchema).max(MAX_QUALIFICATION_ITEMS),
  QUALIFICATIONS: z.array(qualificationItemSchema).max(MAX_QUALIFICATION_ITEMS),
  SCENARIOQUESTIONS: z.array(scenarioQuestionSchema).min(1).max(20),
});
export type Scenario = z.infer<typeof scenarioSchema>;

/** DEPT_LIST (spec section 3): departments offered by the filter, never HSRM, PSYC or FBUA. */
export const scenarioDeptListSchema = z.object({
  DEPARTMENTS: z.array(z.object({ DEPT_ID: z.string(), DEPT_NAME: z.string() })),
});
export type ScenarioDeptList = z.infer<typeof scenarioDeptListSchema>;

/** COURSE_LIST (spec section 3): courses offered by the filter (those of the chosen department). */
export const scenarioCourseListSchema = z.object({
  COURSES: z.array(z.object({ UCAS_CODE: z.string(), QUALIFICATION: z.string(), TITLE: z.string() })),
});
export type ScenarioCourseList = z.infer<typeof scenarioCourseListSchema>;

/** The filter lists that come with every answer of GET /api/scenario/..., found or not. */
export const scenarioListsSchema = z.object({ DEPT_LIST: scenarioDeptListSchema, COURSE_LIST: scenarioCourseListSchema });
export type ScenarioLists = z.infer<typeof scenarioListsSchema>;

/**
 * 200 of GET /api/scenario/{gender}/{dept}/{course}/ (spec section 7): `applicationData` is one
 * scenario the signed-in user has not completed, with DEPT_LIST and COURSE_LIST.
 */
export const scenarioResponseSchema = z.object({
  applicationData: scenarioSchema.extend(scenarioListsSchema.shape),
});
export type ScenarioResponse = z.infer<typeof scenarioResponseSchema>;

/**
 * 404 of the same route: `{ message: 'No scenario found.' }` plus DEPT_LIST and COURSE_LIST, so
 * the screen can still offer the filters.
 */
export const scenarioNotFoundResponseSchema = z.object({ message: z.literal(NO_SCENARIO_FOUND) }).extend(scenarioListsSchema.shape);
export type ScenarioNotFoundResponse = z.infer<typeof scenarioNotFoundResponseSchema>;

/**
 * scenarios-svc GET /scenarios/{gender}/{dept}/{course} (internal, from the gateway): the next
 * scenario for the user, or null when none is left, always with the filter lists. The gateway
 * answers the null case with 404 `scenarioNotFoundResponseSchema`.
 */
export const scenarioSearchResultSchema = z.object({ scenario: scenarioSchema.nullable() }).extend(scenarioListsSchema.shape);
export type ScenarioSearchResult = z.infer<typeof scenarioSearchResultSchema>;

/**
 * Route parameters (spec sections 2 and 7): gender M/F, a department code, a course code (UCAS
 * code), each or `all`. Syntax only; a well-formed but unknown department or course (or an
 * excluded department) is refused by scenarios-svc with 400 too.
 */
export const scenarioFilterSchema = z.strictObject({
  gender: z.union([z.literal(SCENARIO_FILTER_ALL), scenarioGenderSchema], { message: "'gender' must be all, M or F." }),
  dept: z.union([z.literal(SCENARIO_FILTER_ALL), code], { message: "'dept' must be all or a department code." }),
  course: z.union([z.literal(SCENARIO_FILTER_ALL), code], { message: "'course' must be all or a course code." }),
});
export type ScenarioFilter = z.infer<typeof scenarioFilterSchema>;
/** Messages for a well-formed filter value that names nothing offered (400). */
export const SCENARIO_FILTER_MESSAGES = {
  UNKNOWN_DEPT: "'dept' is not a department with scenarios.",
  UNKNOWN_COURSE: "'course' is not a course with scenarios in this department.",
} as const;

/**
 * PUT /api/scenario-completed/ data (spec section 7; wrapped as `{ data, token }`): the scenario's
 * HASH as `applicationHash`, and in training mode the STATUS the trainee chose (optional).
 */
export const scenarioCompletionRequestSchema = z.strictObject({
  applicationHash: z.string().regex(/^[a-f0-9]{32}$/, { message: "'applicationHash' is not a scenario." }),
  STATUS: applicationStatusSchema.optional(),
});
export type ScenarioCompletionRequest = z.infer<typeof scenarioCompletionRequestSchema>;

/** One recorded completion (also the 200 of PUT /api/scenario-completed/). */
export const scenarioCompletionSchema = z.object({
  SCENARIO_ID: z.string(),
  HASH: z.string(),
  NAME1: z.string(),
  NAME2: z.string(),
  UCAS_CODE: z.string(),
  COURSE_TITLE: z.string(),
  /** The status the trainee chose; null when completed without one. */
  STATUS: applicationStatusSchema.nullable(),
  /** What the scenario expected (expectedScenarioStatuses). */
  EXPECTED_STATUSES: z.array(applicationStatusSchema),
  /** Whether STATUS is one of EXPECTED_STATUSES; null without a STATUS. */
  EXPECTED_OUTCOME: z.boolean().nullable(),
  /** ISO timestamp. */
  completedAt: z.string(),
});
export type ScenarioCompletion = z.infer<typeof scenarioCompletionSchema>;

/** GET /api/admin/scenario-progress (view-report permission): each trainee's completions. */
export const scenarioProgressSchema = z.object({
  totalScenarios: z.number().int().nonnegative(),
  trainees: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      completed: z.number().int().nonnegative(),
      /** Completions whose chosen STATUS matched the expected outcome. */
      expectedOutcomes: z.number().int().nonnegative(),
      completions: z.array(scenarioCompletionSchema),
    }),
  ),
});
export type ScenarioProgress = z.infer<typeof scenarioProgressSchema>;

/** The worst STATUS of the scenario's SCENARIOQUESTIONS (R worse than A worse than G). */
export function expectedScenarioLight(questions: readonly Pick<ScenarioQuestion, 'STATUS'>[]): TrafficLight | null {
  let worst: TrafficLight | null = null;
  for (const q of questions) if (worst === null || TRAFFIC_LIGHT_RANK[q.STATUS] < TRAFFIC_LIGHT_RANK[worst]) worst = q.STATUS;
  return worst;
}

/**
 * The statuses that count as the expected outcome of a scenario, from domain.md "Submit buttons":
 * under 18 (OVER18 0) or second-year entry allow only R Refer; otherwise by the expected light of
 * SCENARIOQUESTIONS: G an offer (O, or I when the course interviews), A a referral or the pool
 * (R, P), R a rejection (X). Refer on a red or green caller is allowed by the buttons but is not
 * the decision the scenario was written for.
 */
export function expectedScenarioStatuses(scenario: Pick<Scenario, 'OVER18' | 'SECOND_YEAR_ENTRY' | 'SCENARIOQUESTIONS'>): ApplicationStatus[] {
  if (scenario.OVER18 === 0 || scenario.SECOND_YEAR_ENTRY === '1') return ['R'];
  switch (expectedScenarioLight(scenario.SCENARIOQUESTIONS)) {
    case 'G':
      return ['O', 'I'];
    case 'A':
      return ['R', 'P'];
    case 'R':
      return ['X'];
    default:
      return [];
  }
}

/** Whether a chosen status is the scenario's expected outcome; null when none was chosen. */
export function isExpectedScenarioOutcome(
  scenario: Pick<Scenario, 'OVER18' | 'SECOND_YEAR_ENTRY' | 'SCENARIOQUESTIONS'>,
  status: ApplicationStatus | null | undefined,
): boolean | null {
  if (!status) return null;
  return expectedScenarioStatuses(scenario).includes(status);
}
