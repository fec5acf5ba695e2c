import { z } from 'zod';

/** Body of every non-2xx answer (architecture.md "Calls", spec section 8). */
export const errorResponseSchema = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
