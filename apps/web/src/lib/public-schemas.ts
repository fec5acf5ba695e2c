/**
 * The response schemas of the calls the public first screen makes (Clearing status, ping, the
 * session and its ends, sign-out, the course search, error bodies). Only ever imported dynamically (PUBLIC_SCHEMAS in
 * api-client.ts): this module is where zod enters the app's JavaScript for /apply (ADR 0003).
 */
import { z } from 'zod';

export {
  clearingStatusResponseSchema,
  courseSearchResponseSchema,
  errorResponseSchema,
  pingResponseSchema,
  sessionStateSchema,
  staffUserResponseSchema,
} from '@clearing-desk/contracts';

/** An answer whose body is not read (sign-out's 204). */
export const anyResponseSchema = z.unknown();
