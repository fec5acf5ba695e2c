import { z } from 'zod';
import { accessSchema } from '../auth/roles';
import { courseDataSchema } from '../courses/course';
import { IB_TOTAL_MAX } from '../qualifications/catalogue';
import { qualOptionSchema } from '../qualifications/qual-option';
import { assessFormSchema } from './assess-form';
import { assessmentSchema } from './assessment';

/** Most candidate courses the gateway may send for ALTERNATE. */
export const MAX_ALTERNATIVE_CANDIDATES = 500;

/**
 * A candidate for ALTERNATE (domain.md "Submit buttons"): a whole course with its qualOptions, so
 * that the same form can be assessed against it (only courses it would pass, G or A, are offered).
 */
export const alternativeCandidateSchema = courseDataSchema.extend({ qualOptions: z.array(qualOptionSchema).max(100) });
export type AlternativeCandidate = z.infer<typeof alternativeCandidateSchema>;

/**
 * Most candidates courses-svc answers for `near` (the gateway sends them all to assessment-svc):
 * each carries its qualOptions (about 25 KB), so 25 stay well inside assessment-svc's 1 MiB body limit.
 */
export const MAX_NEAR_CANDIDATES = 25;

/**
 * Query of courses-svc GET /courses/candidates (internal): open courses (isCourseOpen) whose TARIFF_ACCEPTED is at most `max_tariff_accepted`
 * (a course above the applicant's effective points fails the points rule anyway) or, with `max_ib_accepted` (the applicant's IB
 * Diploma total), whose IB_ACCEPTED is at most it (the better of points and IB total stands, domain.md "Tariff points").
 * With `near` (the UCAS code of the course assessed), that course is left out and only the MAX_NEAR_CANDIDATES nearest to it are
 * answered: its school's first, then the highest accepted tariff, then UCAS code. Which of them are offered, and in what order, is
 * assessment-svc's to decide (ALTERNATE).
 */
export const alternativeCandidatesQuerySchema = z.object({
  max_tariff_accepted: z.coerce.number().int().nonnegative().max(10_000),
  max_ib_accepted: z.coerce.number().int().nonnegative().max(IB_TOTAL_MAX).optional(),
  near: z.string().trim().min(1).max(32).optional(),
});
export type AlternativeCandidatesQuery = z.infer<typeof alternativeCandidatesQuerySchema>;

/** Answer of courses-svc GET /courses/candidates. */
export const alternativeCandidatesResponseSchema = z.object({ courses: z.array(alternativeCandidateSchema).max(MAX_ALTERNATIVE_CANDIDATES) });
export type AlternativeCandidatesResponse = z.infer<typeof alternativeCandidatesResponseSchema>;

/**
 * Body of assessment-svc POST /assessments (internal, from the gateway): the course and its
 * qualOptions, the assessable form, the user's role on the course (null for the public) and the
 * candidate alternatives (open courses of any school with their qualOptions; may be empty).
 */
export const assessRequestSchema = z.object({
  course: courseDataSchema,
  qualOptions: z.array(qualOptionSchema).max(100),
  form: assessFormSchema,
  access: accessSchema.default(null),
  alternatives: z.array(alternativeCandidateSchema).max(MAX_ALTERNATIVE_CANDIDATES).default([]),
});
export type AssessRequest = z.infer<typeof assessRequestSchema>;
export type AssessRequestInput = z.input<typeof assessRequestSchema>;

/** Body of POST /api/apply/{course}/assess (spec section 7): form values without documents, and the XSRF token. */
export const assessApiBodySchema = z.object({
  data: assessFormSchema,
  /** Checked by the gateway's CSRF protection (403 when missing or wrong). */
  token: z.string().optional(),
});
export type AssessApiBody = z.infer<typeof assessApiBodySchema>;

/** Answer of POST /api/apply/{course}/assess (spec section 7: `result`). */
export const assessResponseSchema = z.object({ result: assessmentSchema });
export type AssessResponse = z.infer<typeof assessResponseSchema>;
