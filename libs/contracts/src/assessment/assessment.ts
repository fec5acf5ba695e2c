import { z } from 'zod';
import { submissionButtonSchema } from '../status/status-codes';

/** TRAFFIC_LIGHT of an assessment (domain.md "Traffic light"): G green, A amber, R red. */
export const trafficLightSchema = z.enum(['G', 'A', 'R']);
export type TrafficLight = z.infer<typeof trafficLightSchema>;

/** Rank of a light, worst first: the light of an assessment is the minimum over its rules. */
export const TRAFFIC_LIGHT_RANK = { R: 0, A: 1, G: 2 } as const satisfies Record<TrafficLight, number>;

/** One reason behind the light; MESSAGE names the numbers it compares (domain.md). */
export const explanationSchema = z.object({ STATUS: trafficLightSchema, MESSAGE: z.string() });
export type Explanation = z.infer<typeof explanationSchema>;

/**
 * An alternative course offered with a red light (domain.md "Submit buttons", ALTERNATE):
 * COURSE is its UCAS code, EXTENSION the phone extension to transfer the caller to (null when the
 * catalogue gives none), TITLE the course title and SCHOOL_NAME its school's name, as the call
 * script reads them out (never the school's code). Both optional: assessments stored before they
 * existed lack them.
 */
export const alternateSchema = z.object({
  COURSE: z.string(),
  SCHOOL: z.string(),
  EXTENSION: z.string().nullable(),
  TITLE: z.string().optional(),
  SCHOOL_NAME: z.string().optional(),
});
export type Alternate = z.infer<typeof alternateSchema>;

/** Most alternatives an assessment lists. */
export const MAX_ALTERNATES = 5;

/**
 * The assessment of one application form against one course (spec section 3 "Assessment";
 * rules in domain.md). OVER18 is 0 when the applicant is under 18 on the course start date.
 */
export const assessmentSchema = z.object({
  UCAS_POINTS_TOTAL: z.number().int().nonnegative(),
  UCAS_POINTS_EFFECTIVE: z.number().int().nonnegative(),
  TRAFFIC_LIGHT: trafficLightSchema,
  OVER18: z.union([z.literal(0), z.literal(1)]),
  SUBMISSION_OPTIONS: z.object({ BUTTONS: z.array(submissionButtonSchema) }),
  EXPLANATION: z.array(explanationSchema),
  ALTERNATE: z.array(alternateSchema).max(MAX_ALTERNATES),
  /**
   * True only when the light is R and every R reason is a points shortfall on qualifications the
   * UCAS Tariff prices in full: the one case a public application may be rejected without a person
   * (domain.md "Public submissions"). Absent (an assessment stored before it existed) reads as false.
   */
  AUTOMATIC_REJECTION: z.boolean().optional(),
});
export type Assessment = z.infer<typeof assessmentSchema>;
