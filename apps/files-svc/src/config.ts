import { baseServiceConfigSchema } from '@clearing-desk/service-kit';
import { z } from 'zod';

/** files-svc environment (README "Configuration"). */
export const filesConfigSchema = baseServiceConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3104),
});
export type FilesConfig = z.infer<typeof filesConfigSchema>;
