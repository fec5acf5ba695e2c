import { baseServiceConfigSchema } from '@clearing-desk/service-kit';
import { z } from 'zod';

/** assessment-svc environment (README "Configuration"). */
export const assessmentConfigSchema = baseServiceConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3103),
});
export type AssessmentConfig = z.infer<typeof assessmentConfigSchema>;
