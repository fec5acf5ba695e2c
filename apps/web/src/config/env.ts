import { z } from 'zod';
import { importMetaEnv } from './import-meta-env';

/** Base prefix as Vite gives it (BASE_PATH at build time), always with a leading and trailing '/'. */
export const basePathSchema = z
  .string()
  .default('/')
  .transform((value) => `/${value.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/'));

const envSchema = z.object({
  BASE_URL: basePathSchema,
  MODE: z.string().default('production'),
  /** Where the accessibility statement sends reports (the regulations ask for a contact); set at build time. */
  VITE_ACCESSIBILITY_EMAIL: z.string().email().default('clearing@university.example'),
});

/** Build-time environment, parsed once (conventions: env parsed with zod). */
export const env = envSchema.parse(importMetaEnv);
