import { z } from 'zod';

/**
 * Clearing places (issue 23; domain.md "Places"): applications-svc owns a ledger per course of
 * CLEARING_PLACES (whole places), OFFER_ALLOWANCE (offers allowed per place, two decimals, default
 * 1.00; e.g. 1.30 where three in ten offers are never confirmed) and the offers that count
 * (applications whose STATUS is O). courses-svc keeps VACANCIES_INTERNAL as a projection of it.
 */
export const OFFER_ALLOWANCE_DEFAULT = 1;
/** The largest allowance course control accepts (nine offers per place is already far beyond any real course). */
export const OFFER_ALLOWANCE_MAX = 9.99;
export const CLEARING_PLACES_MAX = 99_999;

export const PLACES_MESSAGES = {
  ALLOWANCE: 'Offer allowance must be a number from 0.00 to 9.99 with at most two decimal places, for example 1.30.',
  PLACES: 'Clearing places must be a whole number from 0 to 99999.',
  /** 409 to staff whose offer (O) found no place left (the public gets COURSE_CLOSED): the form re-assesses and O is gone. */
  NO_PLACE_LEFT: 'No place is left on this course, so it cannot be offered now. Refer or pool the caller instead.',
  /** The Review tab's no-vacancies warning to staff on a course the guard closed: the form keeps working (issue 23 item 3). */
  NO_PLACES_STAFF_WARNING: 'No places left: every Clearing place on this course has been offered. You can still take the call: refer or pool the caller.',
  /** Beside an adviser's Apply in the staff course search, and on the course page, for such a course (issue 23 item 3). */
  NO_PLACES_STAFF_HINT: 'No places left: take the call and refer or pool the caller.',
  /** The status confirmation an Administrator sees before offering with no place left (issue 23 item 3). */
  OVER_ALLOWANCE_CONFIRM: 'No place is left on this course. Offering now goes over its offer allowance. Are you sure you want to offer over the allowance?',
  /** Added to the History LOG of an offer made over the allowance. */
  OVER_ALLOWANCE_LOG: 'Offered over the allowance: no place was left (confirmed by an Administrator).',
  /** 403 when someone other than an Administrator asks to offer over the allowance. */
  OVER_ALLOWANCE_FORBIDDEN: 'Only an Administrator may offer over the allowance.',
} as const;

/** The role that may offer over the allowance, after a confirmation that says so (issue 23 item 3). */
export const OVER_ALLOWANCE_ROLE = 'Administrator';

/**
 * Whether O (Offer) is among a user's buttons for a course with `placesLeft` (its
 * VACANCIES_INTERNAL): while a place is left, or for an Administrator, who may offer over the
 * allowance after confirming. Everyone else refers or pools the caller (issue 23 item 3).
 */
export const offerPossible = (access: string | null | undefined, placesLeft: number): boolean => placesLeft > 0 || access === OVER_ALLOWANCE_ROLE;

/** The status whose applications count against a course's places (domain.md "Places"). */
export const OFFER_STATUS = 'O' as const;

/**
 * Whether a staff save asks for a new offer (`requested` O while the stored status, `current`, is
 * not O; null for a create) on a course with no place left (`placesLeft`, its VACANCIES_INTERNAL)
 * by someone who may not offer over the allowance (offerPossible). The gateway answers such a save
 * 409 PLACES_MESSAGES.NO_PLACE_LEFT before the status rule's 403, so the form that still showed O
 * says why and re-assesses (issue 23 item 3).
 */
export const offerWithoutPlace = (access: string | null | undefined, current: string | null, requested: string | undefined, placesLeft: number): boolean =>
  requested === OFFER_STATUS && current !== OFFER_STATUS && !offerPossible(access, placesLeft);

/** An allowance in hundredths (1.30 -> 130): the ledger's arithmetic is done on whole numbers so it never rounds differently in Node and SQL. */
export const allowanceHundredths = (allowance: number): number => Math.round(allowance * 100);

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

/** How many offers the course may have at once: floor(places x allowance) (domain.md "Places"). */
export const offersAllowed = (places: number, allowance: number): number => Math.floor((places * allowanceHundredths(allowance)) / 100);

/**
 * Places left, what VACANCIES_INTERNAL shows everywhere: floor(places x allowance) minus the offers
 * that count, never below 0 (issue 23 item 2; domain.md "Places").
 */
export const placesLeft = (ledger: { CLEARING_PLACES: number; OFFER_ALLOWANCE: number; OFFERS: number }): number =>
  Math.max(0, offersAllowed(ledger.CLEARING_PLACES, ledger.OFFER_ALLOWANCE) - ledger.OFFERS);

/** The fields of PUT /api/admin/courses/{id} that applications-svc owns (the gateway routes them there). */
export const LEDGER_COURSE_FIELDS = ['CLEARING_PLACES', 'OFFER_ALLOWANCE'] as const;
export type LedgerCourseField = (typeof LEDGER_COURSE_FIELDS)[number];

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
 * allowance 1.00, so nothing closes on upgrade (issue 23 item 1; applications-svc README "Places").
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
 * Payload of an outbox row of kind 'course-places' (issue 23 item 1): the ledger after a change,
 * relayed to courses-svc, which projects it onto the course (VACANCIES_INTERNAL, CLEARING_PLACES,
 * OFFER_ALLOWANCE) when VERSION is newer than the one it holds, and writes `history` (a manager's
 * change of the settings, or a guard close / reopen) to the course's history.
 */
export const coursePlacesEventSchema = placesLedgerSchema.extend({
  at: z.string(),
  history: z
    .object({
      username: z.string(),
      /** 'guard-closed' / 'guard-reopened' when the guard closed or reopened the course (issue 23 item 4). */
      event: z.enum(['settings', 'guard-closed', 'guard-reopened']),
      changes: z.array(placesHistoryChangeSchema),
    })
    .nullable(),
});
export type CoursePlacesEvent = z.infer<typeof coursePlacesEventSchema>;

/** A BullMQ job of the course-places queue: the outbox row's id and payload. */
export const coursePlacesJobSchema = z.object({ outboxId: z.uuid(), payload: coursePlacesEventSchema });

/** The username the course history shows for the guard's own closes and reopens. */
export const PLACES_GUARD_USER = 'places guard';
