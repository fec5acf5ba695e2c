import { z } from 'zod';
import { CLOSING_MESSAGE_MAX } from './clearing-texts';
import { currentCycleSchema } from './recruitment-cycle-schemas';

/** Clearing open state (spec section 3 "Clearing status"): 1 = open, 0 = closed. */
export const clearingStatusStateSchema = z.union([z.literal(0), z.literal(1)]);

/**
 * GET /api/admin/status (spec section 7), called at load. `state` and `closing_message` are what
 * the public meets: closed outside the current cycle's Clearing window (domain.md "Recruitment
 * cycles") whatever the setting. `setting` is the Administrator's stored open/closed setting and
 * `cycle` the current recruitment cycle (both absent only from an older service).
 */
export const clearingStatusResponseSchema = z.object({
  state: clearingStatusStateSchema,
  closing_message: z.string().nullable(),
  setting: z.object({ state: clearingStatusStateSchema, closing_message: z.string().nullable() }).optional(),
  cycle: currentCycleSchema.optional(),
});
export type ClearingStatusResponse = z.infer<typeof clearingStatusResponseSchema>;

/** GET /api/ping (spec section 7), called every 5 minutes. */
export const pingResponseSchema = z.object({ state: clearingStatusStateSchema });
export type PingResponse = z.infer<typeof pingResponseSchema>;

/** PUT /api/admin/status: an Administrator opens or closes Clearing and sets the closing message. */
export const clearingStatusUpdateSchema = z.strictObject({
  state: clearingStatusStateSchema,
  closing_message: z
    .string()
    .max(CLOSING_MESSAGE_MAX, `'Closing message' max length is ${CLOSING_MESSAGE_MAX}.`)
    .nullable()
    .transform((message) => (message?.trim() ? message.trim() : null)),
});
export type ClearingStatusUpdate = z.infer<typeof clearingStatusUpdateSchema>;

/** One change of the Clearing setting in the audit log: who, when, and what it was set to. */
export const clearingStatusAuditEntrySchema = z.object({
  at: z.string(),
  username: z.string(),
  state: clearingStatusStateSchema,
  closing_message: z.string().nullable(),
});
export type ClearingStatusAuditEntry = z.infer<typeof clearingStatusAuditEntrySchema>;

/** GET /api/admin/status/audit: the latest changes, newest first. */
export const clearingStatusAuditResponseSchema = z.object({ rows: z.array(clearingStatusAuditEntrySchema) });
export type ClearingStatusAuditResponse = z.infer<typeof clearingStatusAuditResponseSchema>;
