import { z } from 'zod';
import { accessSchema } from '../auth/roles';
import { courseDataSchema, courseRowSchema } from '../courses/course';
import { qualOptionSchema } from '../qualifications/qual-option';
import { assessFormSchema } from './assess-form';
import { assessmentSchema } from './assessment';

/** Most candidate courses the gateway may send for ALTERNATE. */
export const MAX_ALTERNATIVE_CANDIDATES = 500;

/**
 * A candidate for ALTERNATE: a course search row, with the course's EXTENSION_NO when the
 * catalogue gives it (EXTENSION of the alternative).
 */
export const alternativeCandidateSchema = courseRowSchema.extend({ EXTENSION_NO: z.string().nullable().optional() });
export type AlternativeCandidate = z.infer<typeof alternativeCandidateSchema>;

/** Answer of courses-svc GET /courses read as alternative candidates (keeps EXTENSION_NO when sent). */
export const alternativeCandidatesResponseSchema = z.object({ rows: z.array(alternativeCandidateSchema) });

/**
 * Body of assessment-svc POST /assessments (internal, from the gateway): the course and its
 * qualOptions, the assessable form, the user's role on the course (null for the public) and the
 * candidate alternatives (courses of the same school; may be empty).
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
