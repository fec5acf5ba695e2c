import { z } from 'zod';
import { allowanceHundredths, CLEARING_PLACES_MAX, OFFER_ALLOWANCE_MAX, PLACES_MESSAGES } from './places';

/** The zod schemas of Clearing places (the rules and texts are in places.ts, free of zod). */

/** CLEARING_PLACES: whole places, 0 to 99999. */
export const clearingPlacesSchema = z
  .number({ message: PLACES_MESSAGES.PLACES })
  .int({ message: PLACES_MESSAGES.PLACES })
  .min(0, { message: PLACES_MESSAGES.PLACES })
  .max(CLEARING_PLACES_MAX, { message: PLACES_MESSAGES.PLACES });

/** OFFER_ALLOWANCE: 0.00 to 9.99, at most two decimal places. */
export const offerAllowanceSchema = z
  .number({ message: PLACES_MESSAGES.ALLOWANCE })
  .min(0, { message: PLACES_MESSAGES.ALLOWANCE })
  .max(OFFER_ALLOWANCE_MAX, { message: PLACES_MESSAGES.ALLOWANCE })
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { message: PLACES_MESSAGES.ALLOWANCE })
  .transform((v) => allowanceHundredths(v) / 100);

/** A course's ledger as applications-svc answers it: the two settings, the offers that count and the places left. */
export const placesLedgerSchema = z.object({
  UCAS_CODE: z.string(),
  CLEARING_PLACES: z.number().int().nonnegative(),
  OFFER_ALLOWANCE: z.number().nonnegative(),
  OFFERS: z.number().int().nonnegative(),
  /** Places left (placesLeft): the projection's VACANCIES_INTERNAL. */
  VACANCIES_INTERNAL: z.number().int().nonnegative(),
  /** Whether the guard closed the course (no place left) and has not reopened it yet. */
  GUARD_CLOSED: z.boolean(),
  /** When the guard last closed / reopened the course (ISO 8601), null if never. */
  LAST_GUARD_CLOSE: z.string().nullable(),
  LAST_GUARD_REOPEN: z.string().nullable(),
  /** Every change of the ledger adds 1: the projection applies an event only when it is newer than what it holds. */
  VERSION: z.number().int().positive(),
});
export type PlacesLedger = z.infer<typeof placesLedgerSchema>;

/**
 * The course's VACANCIES_INTERNAL as courses-svc shows it when applications-svc first sees the
 * course: the ledger is created then (lazily) with places = this + the offers that count already,
 * allowance 1.00, so nothing closes on upgrade (applications-svc README "Places").
 */
export const placesSeedSchema = z.number().int().nonnegative().max(CLEARING_PLACES_MAX);

/** Body of applications-svc PUT /places/{code} (internal, from the gateway's course control). */
export const placesUpdateRequestSchema = z.object({
  data: z.strictObject({ CLEARING_PLACES: clearingPlacesSchema, OFFER_ALLOWANCE: offerAllowanceSchema }).partial(),
  /** The course's school and department (the user's role on it is checked here too: edit course). */
  SCHOOL: z.string().max(16),
  DEPT: z.string().max(16),
  seed: placesSeedSchema,
});
export type PlacesUpdateRequest = z.infer<typeof placesUpdateRequestSchema>;

/** A field change of a course made through the ledger, as the course's history records it. */
const placesHistoryChangeSchema = z.object({
  field: z.enum(['CLEARING_PLACES', 'OFFER_ALLOWANCE', 'VACANCIES_INTERNAL']),
  old: z.number().nullable(),
  new: z.number(),
});

/**
 * Payload of an outbox row of kind 'course-places': the ledger after a change,
 * relayed to courses-svc, which projects it onto the course (VACANCIES_INTERNAL, CLEARING_PLACES,
 * OFFER_ALLOWANCE) when VERSION is newer than the one it holds, and writes `history` (a manager's
 * change of the settings, or a guard close / reopen) to the course's history.
 */
export const coursePlacesEventSchema = placesLedgerSchema.extend({
  at: z.string(),
  history: z
    .object({
      username: z.string(),
      /** 'guard-closed' / 'guard-reopened' when the guard closed or reopened the course. */
      event: z.enum(['settings', 'guard-closed', 'guard-reopened']),
      changes: z.array(placesHistoryChangeSchema),
    })
    .nullable(),
});
export type CoursePlacesEvent = z.infer<typeof coursePlacesEventSchema>;

/** A BullMQ job of the course-places queue: the outbox row's id and payload. */
export const coursePlacesJobSchema = z.object({ outboxId: z.uuid(), payload: coursePlacesEventSchema });
