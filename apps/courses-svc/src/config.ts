import { intakeYearSchema } from '@clearing-desk/contracts';
import { baseServiceConfigSchema, databaseConfigSchema, metricsPortSchema, redisUrlSchema } from '@clearing-desk/service-kit';
import { z } from 'zod';

/** courses-svc environment (README "Configuration"). */
export const coursesConfigSchema = baseServiceConfigSchema.merge(databaseConfigSchema).extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3101),
  METRICS_PORT: metricsPortSchema(9301),
  DATA_DIR: z.string().default('.data/courses-svc'),
  /** The intake the demo catalogue's start dates lie in (domain.md "Intake"; spec: 2025/26). */
  INTAKE_YEAR: intakeYearSchema,
  /** Redis of the course-places queue: applications-svc's outbox relay adds, this service's projection takes. */
  REDIS_URL: redisUrlSchema,
  /** BullMQ key prefix shared with applications-svc's relay (its NOTIFICATIONS_QUEUE_PREFIX: the same value on both). */
  EVENTS_QUEUE_PREFIX: z
    .string()
    .regex(/^[\w.-]{1,64}$/, 'letters, digits, _ . - only')
    .default('clearing-desk'),
  /** Run the places projection worker (off only for tests that need no events). */
  PLACES_PROJECTION: z.stringbool().default(true),
});
export type CoursesConfig = z.infer<typeof coursesConfigSchema>;
