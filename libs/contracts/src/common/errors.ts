import { z } from 'zod';

/** Body of every non-2xx answer (architecture.md "Calls", spec section 8). */
export const errorResponseSchema = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Message codes that are part of the contract (spec section 8). */
export const ERROR_CODES = {
  COURSE_CLOSED: 'COURSE_CLOSED',
  COURSE_SUSPENDED: 'COURSE_SUSPENDED',
  FILE_VIRUS: 'file_virus',
  FORM_VALIDATION: '_FORM_VALIDATION',
} as const;
