/**
 * A course's offers against its places over a period, and the wallboard's time-to-full forecast
 * (contracts forecastTimeToFull, docs/domain/wallboard.md "Time to full") against when the course
 * really filled. Used by the rehearsal and by real-day.ts, so both reports judge the forecast the
 * same way.
 *
 * When the forecast is taken: at the offer that leaves half of the course's places (rounded up)
 * taken, the moment a supervisor would start to rely on it; a course that never got there has no
 * forecast (its row says 'No forecast').
 */
import { forecastTimeToFull } from '@clearing-desk/contracts';
import type { CourseFill } from './report-data';

/** A change to the course's standing offers: +1 an offer made, -1 an offer taken back (status moved off O). */
export type OfferChange = { at: number; delta: 1 | -1 };

export type CourseFillInput = {
  courseCode: string;
  title: string;
  /** The most offers the course may hold (its Clearing places with the allowance: contracts offersAllowedInHundredths). */
  places: number;
  /** Offers standing when the period began. */
  offersAtStart: number;
  /** The changes within the period (ms since the epoch), any order. */
  changes: readonly OfferChange[];
};

/**
 * The course's row of the report: offers standing at the end, the forecast taken half way and
 * the instant the standing offers first reached its places.
 */
export function courseFill(input: CourseFillInput): CourseFill {
  const changes = [...input.changes].sort((a, b) => a.at - b.at);
  const halfWay = Math.ceil(input.places / 2);
  let standing = input.offersAtStart;
  const offerTimes: number[] = [];
  let forecastTakenAt: number | null = null;
  let forecastFullAt: number | null = null;
  // A course already full when the period began filled before it: no instant within the period.
  let actualFullAt: number | null = null;
  for (const change of changes) {
    standing += change.delta;
    if (change.delta === 1) offerTimes.push(change.at);
    if (forecastTakenAt === null && change.delta === 1 && standing >= halfWay && standing < input.places) {
      const forecast = forecastTimeToFull({ placesLeft: input.places - standing, offerTimes, now: change.at });
      if (forecast.minutesToFull !== null) {
        forecastTakenAt = change.at;
        forecastFullAt = change.at + forecast.minutesToFull * 60_000;
      }
    }
    if (actualFullAt === null && input.places > 0 && standing >= input.places) actualFullAt = change.at;
  }
  const iso = (t: number | null) => (t === null ? null : new Date(Math.round(t)).toISOString());
  return {
    courseCode: input.courseCode,
    title: input.title,
    places: input.places,
    offers: standing,
    forecastTakenAt: iso(forecastTakenAt),
    forecastFullAt: iso(forecastFullAt),
    actualFullAt: iso(actualFullAt),
  };
}
