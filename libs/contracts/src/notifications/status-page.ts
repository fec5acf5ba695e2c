import { z } from 'zod';
import { applicationReviewResponseSchema } from '../applications/application';
import { applicantDecisionSchema } from '../applications/decision-facts';
import { alternateSchema, assessmentSchema, MAX_ALTERNATES } from '../assessment/assessment';
import { courseDataSchema } from '../courses/course';

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
