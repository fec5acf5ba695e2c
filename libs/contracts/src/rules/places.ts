/**
 * Clearing places (domain.md "Places"): applications-svc owns a ledger per course of
 * CLEARING_PLACES (whole places), OFFER_ALLOWANCE (offers allowed per place, two decimals, default
 * 1.00; e.g. 1.30 where three in ten offers are never confirmed) and the offers that count
 * (applications whose STATUS is O). courses-svc keeps VACANCIES_INTERNAL as a projection of it.
 * This module is free of zod so that the web's first load can use its texts and rules; the
 * schemas are in places-schemas.ts. The rules together: docs/domain/places.md.
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
  /** The Review tab's no-vacancies warning to staff on a course the guard closed: the form keeps working. */
  NO_PLACES_STAFF_WARNING: 'No places left: every Clearing place on this course has been offered. You can still take the call: refer or pool the caller.',
  /** Beside an adviser's Apply in the staff course search, and on the course page, for such a course. */
  NO_PLACES_STAFF_HINT: 'No places left: take the call and refer or pool the caller.',
  /** The status confirmation an Administrator sees before offering with no place left. */
  OVER_ALLOWANCE_CONFIRM: 'No place is left on this course. Offering now goes over its offer allowance. Are you sure you want to offer over the allowance?',
  /** Added to the History LOG of an offer made over the allowance. */
  OVER_ALLOWANCE_LOG: 'Offered over the allowance: no place was left (confirmed by an Administrator).',
  /** 409 to course control changing the places of a course the places ledger does not count yet (the start-up backfill reaches it within seconds). */
  NOT_COUNTED_YET: 'The places of this course are not counted yet. Try again in a minute.',
  /** 403 when someone other than an Administrator asks to offer over the allowance. */
  OVER_ALLOWANCE_FORBIDDEN: 'Only an Administrator may offer over the allowance.',
} as const;

/** The role that may offer over the allowance, after a confirmation that says so. */
const OVER_ALLOWANCE_ROLE = 'Administrator';

/**
 * The over-allowance rule, once: whether a user with `access`
 * (their role on the course) may offer over the course's offer allowance, after a confirmation
 * that says so (PLACES_MESSAGES.OVER_ALLOWANCE_CONFIRM). Only an Administrator may.
 */
export const canOfferOverAllowance = (access: string | null | undefined): boolean => access === OVER_ALLOWANCE_ROLE;

/**
 * Why a save that asks to offer over the allowance (`asked`: its OVER_ALLOWANCE) is refused, or
 * null when it does not ask or the user may (canOfferOverAllowance). applications-svc answers the
 * refusal 403 (service-kit's forbidIfRefused), as the web's test fake does; `access` is null for
 * the public, who never may.
 */
export const overAllowanceRefusal = (access: string | null | undefined, asked: boolean | undefined): string | null =>
  asked === true && !canOfferOverAllowance(access) ? PLACES_MESSAGES.OVER_ALLOWANCE_FORBIDDEN : null;

/**
 * Whether O (Offer) is among a user's buttons for a course with `placesLeft` (its
 * VACANCIES_INTERNAL): while a place is left, or for a user who may offer over the allowance after
 * confirming (canOfferOverAllowance). Everyone else refers or pools the caller.
 */
export const offerPossible = (access: string | null | undefined, placesLeft: number): boolean => placesLeft > 0 || canOfferOverAllowance(access);

/** The status whose applications count against a course's places (domain.md "Places"). */
export const OFFER_STATUS = 'O' as const;

/** Whether a save of `requested` over the stored `current` (null for a create) makes a new offer, one that takes a place. */
export const newOffer = (current: string | null, requested: string | undefined): boolean => requested === OFFER_STATUS && current !== OFFER_STATUS;

/** Whether a save of `requested` over the stored `current` gives a place back: an offer (O) changed to another status (domain.md "Places"). */
export const returnsPlace = (current: string | null, requested: string): boolean => current === OFFER_STATUS && requested !== OFFER_STATUS;

/**
 * Whether a staff save of `requested` over `current` (null for a create) is a new offer on a course
 * with no place left (`placesLeft`, its VACANCIES_INTERNAL) that the user may make only over the
 * allowance (canOfferOverAllowance): the web asks PLACES_MESSAGES.OVER_ALLOWANCE_CONFIRM and sends
 * OVER_ALLOWANCE; without it applications-svc answers 409 NO_PLACE_LEFT, with it the LOG row
 * records OVER_ALLOWANCE_LOG.
 */
export const offerOverAllowance = (access: string | null | undefined, current: string | null, requested: string | undefined, placesLeft: number): boolean =>
  newOffer(current, requested) && placesLeft <= 0 && canOfferOverAllowance(access);

/**
 * Whether a staff save asks for a new offer (`requested` O while the stored status, `current`, is
 * not O; null for a create) on a course with no place left (`placesLeft`, its VACANCIES_INTERNAL)
 * by someone who may not offer over the allowance (offerPossible). The gateway answers such a save
 * 409 PLACES_MESSAGES.NO_PLACE_LEFT before the status rule's 403, so the form that still showed O
 * says why and re-assesses.
 */
export const offerWithoutPlace = (access: string | null | undefined, current: string | null, requested: string | undefined, placesLeft: number): boolean =>
  newOffer(current, requested) && !offerPossible(access, placesLeft);

/** An allowance in hundredths (1.30 -> 130): the ledger's arithmetic is done on whole numbers so it never rounds differently in Node and SQL. */
export const allowanceHundredths = (allowance: number): number => Math.round(allowance * 100);

/**
 * How many offers the course may have at once, the allowance in hundredths (130 for 1.30):
 * floor(places x hundredths / 100), on whole numbers (domain.md "Places"). applications-svc's
 * places module builds the same expression in SQL beside it and tests the two against each other.
 */
export const offersAllowedInHundredths = (places: number, hundredths: number): number => Math.floor((places * hundredths) / 100);

/** How many offers the course may have at once: floor(places x allowance) (domain.md "Places"). */
export const offersAllowed = (places: number, allowance: number): number => offersAllowedInHundredths(places, allowanceHundredths(allowance));

/**
 * Places left, what VACANCIES_INTERNAL shows everywhere: floor(places x allowance) minus the offers
 * that count, never below 0 (domain.md "Places").
 */
export const placesLeft = (ledger: { CLEARING_PLACES: number; OFFER_ALLOWANCE: number; OFFERS: number }): number =>
  Math.max(0, offersAllowed(ledger.CLEARING_PLACES, ledger.OFFER_ALLOWANCE) - ledger.OFFERS);

/**
 * The course-control fields applications-svc's places ledger works with: courses-svc owns and
 * stores them, and announces each change to the ledger (a 'course-control' outbox event).
 */
export const LEDGER_COURSE_FIELDS = ['CLEARING_PLACES', 'OFFER_ALLOWANCE'] as const;
export type LedgerCourseField = (typeof LEDGER_COURSE_FIELDS)[number];

/** The username the course history shows for the guard's own closes and reopens. */
export const PLACES_GUARD_USER = 'places guard';
