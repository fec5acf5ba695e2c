import { readFileSync } from 'node:fs';
import path from 'node:path';
import { minutesToFullAtTruePace, type RecordedDay } from './recorded-day/recorded-day';
import { forecastTimeToFull, TIME_TO_FULL_WINDOWS_MINUTES } from './time-to-full';

/**
 * The forecast replayed over a recorded results day (recorded-day/README.md): at the moment 30
 * minutes before each course filled, what did it say? Within 10 minutes of 30 counts as right.
 */
const day = JSON.parse(readFileSync(path.join(__dirname, 'recorded-day/recorded-day.json'), 'utf8')) as RecordedDay;
const MINUTE = 60_000;
const AHEAD = 30;
const WITHIN = 10;

type Replayed = { course: string; placesLeft: number; forecast: number | null; truePace: number | null };

/** Each course that filled at least 30 minutes after the day began. */
function replay(): Replayed[] {
  const start = Date.parse(day.dayStart);
  return day.courses
    .filter((c) => c.offerSeconds.length === c.places)
    .map((c) => {
      const now = start + c.offerSeconds.at(-1)! * 1000 - AHEAD * MINUTE;
      const offerTimes = c.offerSeconds.map((s) => start + s * 1000).filter((t) => t <= now);
      const placesLeft = c.places - offerTimes.length;
      const since = now - TIME_TO_FULL_WINDOWS_MINUTES.long * MINUTE;
      return {
        course: c.course,
        placesLeft,
        start: now - start,
        forecast: forecastTimeToFull({ placesLeft, offerTimes: offerTimes.filter((t) => t > since), now }).minutesToFull,
        truePace: minutesToFullAtTruePace(c.demand, placesLeft, (now - start) / MINUTE),
      };
    })
    .filter((r) => r.start >= 0);
}

const right = (minutes: number | null) => minutes !== null && Math.abs(minutes - AHEAD) <= WITHIN;
const share = (rows: Replayed[], pick: (r: Replayed) => number | null) => rows.filter((r) => right(pick(r))).length / rows.length;
const percent = (x: number) => `${(x * 100).toFixed(1)} %`;

describe('the time-to-full forecast over a recorded results day', () => {
  const rows = replay();
  const forecastShare = share(rows, (r) => r.forecast);
  const truePaceShare = share(rows, (r) => r.truePace);
  console.log(
    `${rows.length} courses filled; 30 min before each fill the forecast said 30 +/- 10 min for ${percent(forecastShare)} of them; the true pace would have for ${percent(truePaceShare)}`,
  );

  it('has many courses that fill during the day', () => {
    expect(rows.length).toBeGreaterThanOrEqual(80);
  });

  it('forecasts the fill 30 minutes ahead within 10 minutes about as often as knowing the true pace would', () => {
    // The offers come at random (a Poisson process), so even the true pace misses a fill that came
    // early or late by chance; the forecast is judged against that bound, less 3 points (3 courses of the day).
    expect(forecastShare).toBeGreaterThanOrEqual(truePaceShare - 0.03);
  });

  it('is not biased early or late: the median forecast is within 3 minutes of 30', () => {
    const sorted = rows.map((r) => r.forecast ?? Infinity).sort((a, b) => a - b);
    expect(Math.abs(sorted[Math.floor(sorted.length / 2)]! - AHEAD)).toBeLessThanOrEqual(3);
  });
});
