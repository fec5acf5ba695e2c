/**
 * Time-to-full forecast for a course on the supervisor's wallboard and the figures table: how
 * long until the places left are taken at the pace offers are being made now.
 *
 * Method (docs/domain/wallboard.md "Time to full"):
 * 1. The offers of the last 60 minutes are the input (their instants, any order).
 * 2. A window's rate (offers per minute) over the offers inside it (the last 15 and the last 60
 *    minutes): none, 0; one, 1 / window (a lone offer says the pace is at most one a window);
 *    two or more, the lower of the mean gap between them ((n - 1) / (newest - oldest), which a
 *    steady pace gives exactly whatever the phase of the window) and n / (now - oldest) (so a
 *    silence since the last offer slows the rate instead of being ignored).
 * 3. The rate forecast blends them, a quarter of the 15-minute rate and three quarters of the
 *    60-minute one (TIME_TO_FULL_SHORT_WEIGHT): the short window follows a change of pace
 *    (acceleration, a stop) within minutes, the long one keeps the chance gaps between offers from
 *    swinging the forecast. Replayed over a recorded results day, the plain mean of the two said
 *    30 +/- 10 minutes, 30 minutes before a fill, for fewer courses than this blend
 *    (time-to-full-accuracy.test.ts; docs/domain/wallboard.md).
 * 4. Minutes to full = places left / blended rate; 0 when no place is left; null when the
 *    blended rate is 0 (nothing offered for an hour: no forecast, shown as 'Not filling').
 */

/** The short and long windows of the forecast, in minutes. */
export const TIME_TO_FULL_WINDOWS_MINUTES = { short: 15, long: 60 } as const;
/** The short window's share of the blended rate (step 3); the long window has the rest. */
export const TIME_TO_FULL_SHORT_WEIGHT = 0.25;

/** What the forecast says about a course: no places left, filling within the alert threshold, filling, or no offers for an hour. */
export type FillState = 'full' | 'filling-fast' | 'filling' | 'not-filling';

export type TimeToFullInput = {
  /** Clearing places left (the places ledger's VACANCIES_INTERNAL); 0 or less is full. */
  placesLeft: number;
  /** Instants of the offers made in the last 60 minutes (ms since the epoch); older ones are ignored. */
  offerTimes: readonly number[];
  /** The instant of the forecast (ms since the epoch). */
  now: number;
};

export type TimeToFullForecast = {
  /** Offers per hour over the last 15 and the last 60 minutes, and their blend (step 3). */
  ratePerHour15: number;
  ratePerHour60: number;
  ratePerHour: number;
  /** Minutes until no place is left at the blended rate; 0 when full, null when not filling. */
  minutesToFull: number | null;
};

const MINUTE_MS = 60_000;

/** Offers per minute over the offers inside the last `windowMinutes` (step 2 of the method). */
export function windowRate(offerTimes: readonly number[], now: number, windowMinutes: number): number {
  const since = now - windowMinutes * MINUTE_MS;
  const inside = offerTimes.filter((t) => t > since && t <= now);
  if (inside.length === 0) return 0;
  if (inside.length === 1) return 1 / windowMinutes;
  const oldest = Math.min(...inside);
  const newest = Math.max(...inside);
  const sinceOldestMinutes = (now - oldest) / MINUTE_MS;
  const spanMinutes = (newest - oldest) / MINUTE_MS;
  // Offers at the same instant have no gap to measure: the pace over the window since the oldest says it.
  const byGap = spanMinutes > 0 ? (inside.length - 1) / spanMinutes : Infinity;
  const bySilence = sinceOldestMinutes > 0 ? inside.length / sinceOldestMinutes : inside.length / windowMinutes;
  return Math.min(byGap, bySilence);
}

/**
 * The time-to-full forecast of one course (method in this module's docstring). Pure: the same
 * offers at the same `now` give the same forecast.
 */
export function forecastTimeToFull({ placesLeft, offerTimes, now }: TimeToFullInput): TimeToFullForecast {
  const rate15 = windowRate(offerTimes, now, TIME_TO_FULL_WINDOWS_MINUTES.short);
  const rate60 = windowRate(offerTimes, now, TIME_TO_FULL_WINDOWS_MINUTES.long);
  const rate = TIME_TO_FULL_SHORT_WEIGHT * rate15 + (1 - TIME_TO_FULL_SHORT_WEIGHT) * rate60;
  const minutesToFull = placesLeft <= 0 ? 0 : rate > 0 ? placesLeft / rate : null;
  return { ratePerHour15: rate15 * 60, ratePerHour60: rate60 * 60, ratePerHour: rate * 60, minutesToFull };
}

/**
 * The course's fill state: 'full' with no place left, 'filling-fast' when the forecast is under
 * `fastMinutes` (the alert threshold, config WALLBOARD_FILLS_FAST_MINUTES), 'not-filling' without
 * a forecast, else 'filling'.
 */
export function fillState(forecast: Pick<TimeToFullForecast, 'minutesToFull'>, fastMinutes: number): FillState {
  const { minutesToFull } = forecast;
  if (minutesToFull === 0) return 'full';
  if (minutesToFull === null) return 'not-filling';
  return minutesToFull < fastMinutes ? 'filling-fast' : 'filling';
}

/** Words shown for a forecast (wallboard, figures table, alert email): one function for every screen. */
export function timeToFullText(minutesToFull: number | null): string {
  if (minutesToFull === null) return 'Not filling';
  if (minutesToFull === 0) return 'Full';
  const minutes = Math.max(1, Math.round(minutesToFull));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** Words of each fill state (figures filters, tags, wallboard, alert emails). */
export const FILL_STATE_TEXTS: Record<FillState, string> = {
  full: 'Full',
  'filling-fast': 'Filling fast',
  filling: 'Filling',
  'not-filling': 'Not filling',
};

/** Sort by time to full, soonest first: full courses (0) first, courses not filling (null) last. */
export function compareTimeToFull(a: number | null, b: number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a - b;
}
