import { z } from 'zod';
import { applicationReviewResponseSchema, recommendedCourseSchema } from '../applications/application';
import { alternateSchema, assessmentSchema, MAX_ALTERNATES } from '../assessment/assessment';
import { applicationStatusSchema, applicationSubStatusSchema } from '../assessment/status-codes';
import { courseDataSchema } from '../courses/course';
import { interviewDetailsSchema } from './outbox';

/**
 * The current decision as the applicant's status page shows it (issue 24 item 4): the facts the
 * contracts' `decisionContent` turns into words, the same the decision's email used.
 * - DECIDED_AT: when the current status was decided (its LOG row: the create or the status change);
 * - DEADLINE: the decision's deadline from the working-day rules (`decisionDeadline`: an offer's
 *   23:59 on the second working day, a referral's midday next day, a pool's 24 hours), else null;
 * - INTERVIEW: the interview the adviser arranged with a change to I (its outbox row), else null;
 * - RECOMMENDED_COURSES: the alternatives stored with an automatic rejection;
 * - LINK_VALID_UNTIL: the intake's cycle end (`intakeCycleEnd`), after which the page answers 410.
 * Times are ISO 8601.
 */
export const applicantDecisionSchema = z.object({
  STATUS: applicationStatusSchema,
  SUB_STATUS: applicationSubStatusSchema.nullable(),
  DECIDED_AT: z.string(),
  DEADLINE: z.string().nullable(),
  INTERVIEW: interviewDetailsSchema.nullable(),
  RECOMMENDED_COURSES: z.array(recommendedCourseSchema),
  LINK_VALID_UNTIL: z.string(),
});
export type ApplicantDecision = z.infer<typeof applicantDecisionSchema>;

/**
 * GET /api/applications/{hash}: spec section 7's review answer (applicationData, assessment,
 * courseData, qualOptions; documents) plus `decision` for the status page, with the university's
 * UCAS institution code (gateway config UCAS_INSTITUTION_CODE, as notifications-svc's) that the
 * offer's UCAS Hub steps name. 404 for an unknown hash; 410 (STATUS_PAGE_MESSAGES.expired) once
 * the intake's cycle has ended.
 */
export const statusPageResponseSchema = applicationReviewResponseSchema.extend({
  // The applicant's page holds no internal numbers: no places or offer allowance (the places
  // ledger), no alternative's internal extension.
  courseData: courseDataSchema.omit({ CLEARING_PLACES: true, OFFER_ALLOWANCE: true }),
  assessment: assessmentSchema.extend({ ALTERNATE: z.array(alternateSchema.omit({ EXTENSION: true })).max(MAX_ALTERNATES) }),
  decision: applicantDecisionSchema.extend({ INSTITUTION_CODE: z.string() }),
});
export type StatusPageResponse = z.infer<typeof statusPageResponseSchema>;

/** The status page's answer without the internal numbers statusPageResponseSchema leaves out (the gateway's one place for it). */
export function publicStatusPage<T extends { courseData: object; assessment: { ALTERNATE: readonly object[] } }>(answer: T): T {
  const { CLEARING_PLACES: _places, OFFER_ALLOWANCE: _allowance, ...courseData } = answer.courseData as Record<string, unknown>;
  const ALTERNATE = answer.assessment.ALTERNATE.map((a) => {
    const { EXTENSION: _extension, ...rest } = a as Record<string, unknown>;
    return rest;
  });
  return { ...answer, courseData, assessment: { ...answer.assessment, ALTERNATE } } as T;
}

/** A UCAS institution code such as C60 (config UCAS_INSTITUTION_CODE of the gateway and notifications-svc; Z99 is the demo's). */
export const ucasInstitutionCodeSchema = z
  .string()
  .regex(/^[A-Z0-9]{2,5}$/, 'a UCAS institution code such as C60')
  .default('Z99');

/** Answers of the status page's route (shown to the applicant as they are). */
export const STATUS_PAGE_MESSAGES = {
  NOT_FOUND: 'Application not found',
  /** 410 after the intake's cycle end (intakeCycleEnd): the link in the emails stops working. */
  expired: (intake: string) =>
    `This link no longer works: the ${intake} Clearing cycle has ended. If you have a question about your application, contact our admissions team.`,
} as const;

/**
 * The Clearing team's telephone (configuration: notifications-svc CLEARING_TEAM_TELEPHONE, the web
 * build's VITE_CLEARING_TEAM_TELEPHONE, the same number): what every email, script and public
 * screen gives where a course has no FEEDBACK_TELEPHONE of its own.
 */
export const clearingTeamTelephoneSchema = z.string().trim().min(4).max(32).default('020 7040 4000');
