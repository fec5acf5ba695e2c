import { baseServiceConfigSchema, metricsPortSchema } from '@clearing-desk/service-kit';
import { z } from 'zod';

/** assessment-svc environment (README "Configuration"). */
export const assessmentConfigSchema = baseServiceConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3103),
  METRICS_PORT: metricsPortSchema(9303),
  /** Largest request body: a course, its qualOptions, the form and up to 500 candidate courses. */
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
});
export type AssessmentConfig = z.infer<typeof assessmentConfigSchema>;
