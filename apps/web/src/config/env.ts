import { z } from 'zod';
import { normaliseBasePath } from './base-path';
import { importMetaEnv } from './import-meta-env';

/** Base prefix as Vite gives it (BASE_PATH at build time), always with a leading and trailing '/'. */
export const basePathSchema = z.string().default('/').transform(normaliseBasePath);

const envSchema = z.object({
  BASE_URL: basePathSchema,
  MODE: z.string().default('production'),
  /** Where the accessibility statement sends reports (the regulations ask for a contact); set at build time. */
  VITE_ACCESSIBILITY_EMAIL: z.string().email().default('clearing@university.example'),
  /**
   * The Clearing team's telephone number, set at build time: the call scripts give it where a
   * course has no FEEDBACK_TELEPHONE (the priority hotline) or no extension to transfer to.
   */
  VITE_CLEARING_TEAM_TELEPHONE: z.string().trim().min(4).max(32).default('020 7040 4000'),
});

/** Build-time environment, parsed once (conventions: env parsed with zod). */
export const env = envSchema.parse(importMetaEnv);
