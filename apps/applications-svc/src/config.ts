import { intakeYearSchema } from '@clearing-desk/contracts';
import { baseServiceConfigSchema, databaseConfigSchema, metricsPortSchema } from '@clearing-desk/service-kit';
import { z } from 'zod';

/** applications-svc environment (README "Configuration"). */
export const applicationsConfigSchema = baseServiceConfigSchema.merge(databaseConfigSchema).extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3102),
  METRICS_PORT: metricsPortSchema(9302),
  DATA_DIR: z.string().default('.data/applications-svc'),
  /** The current cycle (domain.md "Intake"; spec: 2025/26): recorded on new applications; the review page by hash shows only these. */
  INTAKE_YEAR: intakeYearSchema,
  /** Clearing state stored the first time the service starts (1 open, 0 closed). */
  CLEARING_INITIAL_STATE: z.coerce
    .number()
    .pipe(z.union([z.literal(0), z.literal(1)]))
    .default(1),
  /** Closing message stored the first time the service starts (null: the web default). */
  CLEARING_INITIAL_CLOSING_MESSAGE: z.string().optional(),
});
export type ApplicationsConfig = z.infer<typeof applicationsConfigSchema>;
