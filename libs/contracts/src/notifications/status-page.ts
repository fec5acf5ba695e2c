import { z } from 'zod';
import { applicationReviewResponseSchema } from '../applications/application';
import { applicantDecisionSchema } from '../applications/decision-facts';

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
