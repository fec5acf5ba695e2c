import { z } from 'zod';
import { LIMITS } from '../common/limits';
import { CALLBACK_REQUEST_TEXTS, isCallbackTelephone } from './callback-caller';
import { callbackBookingSchema, callbackSlotsResponseSchema } from './callbacks';

/**
 * Calls asked for from the public course page by someone who has not applied (docs/domain/
 * work-queue.md "Callbacks"): their name, telephone and email, the page's course and one of the
 * free slots the status page offers (the same slots and capacity: callbacks.ts). A private link
 * (an unguessable token, like the status page's hash) shows the booking with Cancel and Change.
 * The words on screen and in the email are this module's and callbacks.ts's.
 */

const T = CALLBACK_REQUEST_TEXTS;

/** The caller's details, checked the same way on screen and by the service (bad input: 400 with the first message). */
export const callbackCallerSchema = z.object({
  NAME: z.string().trim().min(1, T.NAME_MISSING).max(LIMITS.TEXT_MAX, T.NAME_TOO_LONG),
  TEL: z.string().trim().max(LIMITS.PHONE_MAX, T.TEL_INVALID).refine(isCallbackTelephone, T.TEL_INVALID),
  EMAIL: z.string().trim().max(LIMITS.EMAIL_MAX, T.EMAIL_INVALID).pipe(z.email(T.EMAIL_INVALID)),
});
export type CallbackCaller = z.infer<typeof callbackCallerSchema>;

/** Body of the course page's booking: the caller, the page's course and the slot starting at START (one of the free slots). */
export const callbackRequestSchema = callbackCallerSchema.extend({
  UCAS_CODE: z.string().trim().min(1).max(16),
  START: z.string({ error: T.START_MISSING }).datetime({ offset: true, error: T.START_MISSING }),
});
export type CallbackRequest = z.infer<typeof callbackRequestSchema>;

/**
 * What the gateway sends applications-svc: the request, with the course's SCHOOL and DEPT read from
 * courses-svc (the queue hands the call to advisers in that scope).
 */
export const storeCallbackRequestSchema = callbackRequestSchema.extend({ SCHOOL: z.string().max(16), DEPT: z.string().max(16) });
export type StoreCallbackRequest = z.infer<typeof storeCallbackRequestSchema>;

/** Answer of a booking from the course page: the booking in words and the private link's token. */
export const callbackRequestBookedSchema = callbackBookingSchema.extend({ TOKEN: z.string() });
export type CallbackRequestBooked = z.infer<typeof callbackRequestBookedSchema>;

/** The private link's token (64 hex characters, as the status page's hash). */
export const callbackTokenParamsSchema = z.object({ token: z.string().trim().min(1).max(128) });

/** The private page: the free slots and the caller's booking (null once cancelled or called), as the status page's. */
export const callbackRequestPageSchema = callbackSlotsResponseSchema;

/**
 * What 'Next call' carries for a booked call without an application: the caller's details and
 * course, which prefill the phone-entry form; CALLBACK_ID goes back with the saved application.
 */
export const queueCallerSchema = z.object({ CALLBACK_ID: z.string(), NAME: z.string(), TEL: z.string(), EMAIL: z.string(), UCAS_CODE: z.string() });
export type QueueCaller = z.infer<typeof queueCallerSchema>;
