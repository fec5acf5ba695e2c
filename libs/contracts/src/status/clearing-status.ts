import { z } from 'zod';

/** Clearing open state (spec section 3 "Clearing status"): 1 = open, 0 = closed. */
export const clearingStateSchema = z.union([z.literal(0), z.literal(1)]);

/** GET /api/admin/status (spec section 7), called at load. */
export const clearingStatusResponseSchema = z.object({
  state: clearingStateSchema,
  closing_message: z.string().nullable(),
});
export type ClearingStatusResponse = z.infer<typeof clearingStatusResponseSchema>;

/** GET /api/ping (spec section 7), called every 5 minutes. */
export const pingResponseSchema = z.object({ state: clearingStateSchema });
export type PingResponse = z.infer<typeof pingResponseSchema>;

/** Shown when clearing is closed and the server gave no closing message (spec section 4). */
export const DEFAULT_CLOSED_MESSAGE =
  'Online applications for Clearing are now closed. Thank you for your interest.';
