import { baseServiceConfigSchema } from '@clearing-desk/service-kit';
import { z } from 'zod';

/** scenarios-svc environment (README "Configuration"). */
export const scenariosConfigSchema = baseServiceConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3105),
});
export type ScenariosConfig = z.infer<typeof scenariosConfigSchema>;
