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
 * A course as the one-off places backfill reads it from courses-svc (courses whose places the
 * ledger has never sent): its VACANCIES_INTERNAL. applications-svc creates the course's ledger
 * from it once: places = this + the course's offers (O) then, allowance 1.00, so places left stays
 * what it was and nothing closes on upgrade (applications-svc README "Places").
 */
export const placesBackfillCourseSchema = z.object({
  UCAS_CODE: z.string().min(1).max(32),
  VACANCIES_INTERNAL: z.number().int().nonnegative().max(CLEARING_PLACES_MAX),
});
/** The courses of one backfill (courses-svc's answer, applications-svc's body). */
export const placesBackfillSchema = z.object({ courses: z.array(placesBackfillCourseSchema).max(5000) });
export type PlacesBackfill = z.infer<typeof placesBackfillSchema>;
/** applications-svc's answer to a backfill: the courses whose ledger it created (those it had already are left alone). */
export const placesBackfillResultSchema = z.object({ created: z.array(z.string()) });

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
