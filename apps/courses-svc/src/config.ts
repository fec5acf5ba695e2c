import { baseServiceConfigSchema, databaseConfigSchema } from '@clearing-desk/service-kit';
import { z } from 'zod';

/** courses-svc environment (README "Configuration"). */
export const coursesConfigSchema = baseServiceConfigSchema.merge(databaseConfigSchema).extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3101),
  DATA_DIR: z.string().default('.data/courses-svc'),
  /** Load the demo catalogue at start when the course table is empty. */
  SEED_DEMO_DATA: z.stringbool().default(false),
});
export type CoursesConfig = z.infer<typeof coursesConfigSchema>;
