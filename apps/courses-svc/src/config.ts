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
  /**
   * The current cycle's default course start date (yyyy-mm-dd; domain.md "Recruitment cycles"):
   * the demo catalogue's start dates are set from it when seeded (npm start's demo cycle open
   * today); unset, the intake's autumn and January dates.
   */
  COURSE_START_DATE: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date like 2026-09-21')
    .optional(),
  /** Redis of the course-places queue (applications-svc's outbox relay adds, this service's projection takes) and of the course-control queue (this service's relay adds). */
  REDIS_URL: redisUrlSchema,
  /** BullMQ key prefix shared with applications-svc's relay (its NOTIFICATIONS_QUEUE_PREFIX: the same value on both). */
  EVENTS_QUEUE_PREFIX: z
    .string()
    .regex(/^[\w.-]{1,64}$/, 'letters, digits, _ . - only')
    .default('clearing-desk'),
  /** Run the places projection worker (off only for tests that need no events). */
  PLACES_PROJECTION: z.stringbool().default(true),
  /** How often the outbox relay looks for waiting rows (every course-control change wakes it too). */
  OUTBOX_RELAY_INTERVAL_MS: z.coerce.number().int().positive().default(500),
  /** Outbox rows one relay transaction takes. */
  OUTBOX_RELAY_BATCH: z.coerce.number().int().min(1).max(500).default(20),
});
export type CoursesConfig = z.infer<typeof coursesConfigSchema>;
