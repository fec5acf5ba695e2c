import { intakeYearSchema } from '@clearing-desk/contracts';
import { baseServiceConfigSchema, databaseConfigSchema, metricsPortSchema } from '@clearing-desk/service-kit';
import { z } from 'zod';

/** scenarios-svc environment (README "Configuration"). */
export const scenariosConfigSchema = baseServiceConfigSchema.merge(databaseConfigSchema).extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3105),
  METRICS_PORT: metricsPortSchema(9305),
  DATA_DIR: z.string().default('.data/scenarios-svc'),
  /** The intake the demo scenarios' dates are written for (domain.md "Intake"; spec: 2025/26), as courses-svc's. */
  INTAKE_YEAR: intakeYearSchema,
});
export type ScenariosConfig = z.infer<typeof scenariosConfigSchema>;
