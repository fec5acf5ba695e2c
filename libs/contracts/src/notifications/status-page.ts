import { z } from 'zod';
import { applicationReviewResponseSchema, recommendedCourseSchema } from '../applications/application';
import { applicationStatusSchema, applicationSubStatusSchema } from '../assessment/status-codes';
import { interviewDetailsSchema } from './outbox';

/**
 * The current decision as the applicant's status page shows it: the facts the
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
  decision: applicantDecisionSchema.extend({ INSTITUTION_CODE: z.string() }),
});
export type StatusPageResponse = z.infer<typeof statusPageResponseSchema>;

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
