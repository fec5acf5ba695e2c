import path from 'node:path';
import { baseServiceConfigSchema } from '@clearing-desk/service-kit';
import { z } from 'zod';

/** Gateway environment (README "Configuration"). */
export const gatewayConfigSchema = baseServiceConfigSchema.extend({
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Prefix every page and /api path is served under, e.g. '/clearing/'. */
  BASE_PATH: z
    .string()
    .default('/')
    .refine((v) => v.startsWith('/') && v.endsWith('/'), 'must start and end with /'),
  COURSES_URL: z.string().url().default('http://127.0.0.1:3101'),
  APPLICATIONS_URL: z.string().url().default('http://127.0.0.1:3102'),
  ASSESSMENT_URL: z.string().url().default('http://127.0.0.1:3103'),
  FILES_URL: z.string().url().default('http://127.0.0.1:3104'),
  SCENARIOS_URL: z.string().url().default('http://127.0.0.1:3105'),
  /** Built web app (vite build output); not served when the folder does not exist. */
  WEB_DIST_DIR: z.string().default(path.resolve(__dirname, '../../web/dist')),
  /** Set true behind HTTPS so cookies carry the Secure flag. */
  COOKIE_SECURE: z.stringbool().default(false),
  /** Milliseconds a service call may take before the gateway answers 504. */
  SERVICE_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
});
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
