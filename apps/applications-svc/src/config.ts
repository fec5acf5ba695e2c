import { baseServiceConfigSchema, databaseConfigSchema } from '@clearing-desk/service-kit';
import { z } from 'zod';

/** applications-svc environment (README "Configuration"). */
export const applicationsConfigSchema = baseServiceConfigSchema.merge(databaseConfigSchema).extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3102),
  DATA_DIR: z.string().default('.data/applications-svc'),
  /** Clearing state stored the first time the service starts (1 open, 0 closed). */
  CLEARING_INITIAL_STATE: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)])).default(1),
  /** Closing message stored the first time the service starts (null: the web default). */
  CLEARING_INITIAL_CLOSING_MESSAGE: z.string().optional(),
});
export type ApplicationsConfig = z.infer<typeof applicationsConfigSchema>;
