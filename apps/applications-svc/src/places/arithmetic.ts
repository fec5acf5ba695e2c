import { placesLeft, type PlacesLedger } from '@clearing-desk/contracts';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { coursePlaces } from '../db/schema';

/**
 * The places arithmetic of domain.md "Places", once in TypeScript (contracts' placesLeft and
 * offersAllowedInHundredths) and once in SQL, built here beside it on the same whole numbers (the
 * allowance in hundredths, so nothing rounds differently in Node and PostgreSQL).
 * arithmetic.test.ts holds the two against each other on a table of cases.
 */

/** floor(places x hundredths / 100) in SQL: contracts' offersAllowedInHundredths (integer division of non-negative ints is floor). */
export const offersAllowedSql = (places: SQLWrapper, hundredths: SQLWrapper): SQL => sql`((${places} * ${hundredths}) / 100)`;

/** max(0, offers allowed - offers) in SQL: contracts' placesLeft. */
export const placesLeftSql = (places: SQLWrapper, hundredths: SQLWrapper, offers: SQLWrapper): SQL =>
  sql`greatest(0, ${offersAllowedSql(places, hundredths)} - ${offers})`;

/** Places left of the ledger row being updated, in SQL: the guard's condition is `> 0`. */
export const ledgerPlacesLeftSql = (): SQL => placesLeftSql(coursePlaces.clearingPlaces, coursePlaces.offerAllowanceHundredths, coursePlaces.offers);

/** The ledger's columns the arithmetic reads (whole numbers; the allowance in hundredths). */
export type PlacesNumbers = { clearingPlaces: number; offerAllowanceHundredths: number; offers: number };

/** Places left of a ledger row in TypeScript: contracts' placesLeft on the row's numbers. */
export const rowPlacesLeft = (row: PlacesNumbers): PlacesLedger['VACANCIES_INTERNAL'] =>
  placesLeft({ CLEARING_PLACES: row.clearingPlaces, OFFER_ALLOWANCE: row.offerAllowanceHundredths / 100, OFFERS: row.offers });
