import { intakeYearSchema } from '@clearing-desk/contracts';
import { baseServiceConfigSchema, databaseConfigSchema, metricsPortSchema } from '@clearing-desk/service-kit';
import { z } from 'zod';

/** courses-svc environment (README "Configuration"). */
export const coursesConfigSchema = baseServiceConfigSchema.merge(databaseConfigSchema).extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3101),
  METRICS_PORT: metricsPortSchema(9301),
  DATA_DIR: z.string().default('.data/courses-svc'),
  /** Load the demo catalogue at start when the course table is empty. */
  SEED_DEMO_DATA: z.stringbool().default(false),
  /** The intake the demo catalogue's start dates lie in (domain.md "Intake"; spec: 2025/26). */
  INTAKE_YEAR: intakeYearSchema,
});
export type CoursesConfig = z.infer<typeof coursesConfigSchema>;
