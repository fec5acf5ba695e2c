import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, boolean } from 'drizzle-orm/pg-core';

/**
 * The places ledger (domain.md "Places"; src/places/ owns it): one row per course, created once by
 * the start-up backfill with the course's VACANCIES_INTERNAL (places = that + the offers that count
 * already, allowance 1.00: nothing closes on upgrade). `offers` is the number of the course's
 * applications whose STATUS is O, kept in the same transaction as every status change; a new O
 * takes a place with one conditional UPDATE (places left > 0), so two simultaneous offers can
 * never take the last place. The allowance is kept in hundredths (1.30 -> 130): whole numbers, so
 * SQL and Node compute the same places left.
 */
export const coursePlaces = pgTable(
  'course_places',
  {
    ucasCode: text('ucas_code').primaryKey(),
    clearingPlaces: integer('clearing_places').notNull(),
    offerAllowanceHundredths: integer('offer_allowance_hundredths').notNull().default(100),
    offers: integer('offers').notNull().default(0),
    /** The guard closed the course (no place left); cleared when a place returns. */
    guardClosed: boolean('guard_closed').notNull().default(false),
    lastGuardClose: timestamp('last_guard_close', { withTimezone: true }),
    lastGuardReopen: timestamp('last_guard_reopen', { withTimezone: true }),
    /** CONTROL_VERSION of the last course-control event taken (courses-svc owns the settings): an older one changes nothing. */
    controlVersion: integer('control_version').notNull().default(0),
    /** Every change adds 1 (the projection's ordering). */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('course_places_places', sql`${t.clearingPlaces} >= 0`),
    check('course_places_allowance', sql`${t.offerAllowanceHundredths} between 0 and 999`),
    check('course_places_offers', sql`${t.offers} >= 0`),
  ],
);
