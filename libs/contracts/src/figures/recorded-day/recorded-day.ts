/**
 * The recorded results day the time-to-full forecast is checked against
 * (time-to-full-accuracy.test.ts): its shape (`RecordedDay`), the day's curve it was drawn from
 * (`HOURLY_SHARE`, `paceAt`) and the drawing itself (`drawDay`, seeded: the same seed gives the same
 * day). Sources and assumptions: README.md beside this file.
 */

/** One course of the day: its Clearing places, the offers it would make in a day if it never filled, and its offers' instants. */
export type RecordedCourse = {
  course: string;
  places: number;
  /** Offers the course's demand would make over the whole day (more than `places` for a course that fills). */
  demand: number;
  /** Each offer's instant, in seconds after `dayStart`, in order; as many as `places` when the course filled. */
  offerSeconds: number[];
};
export type RecordedDay = { dayStart: string; source: string; seed: number; courses: RecordedCourse[] };

/** Results day 2025 (14 August), 08:00 in London (BST): results are out, the phone lines open. */
export const RECORDED_DAY_START = '2025-08-14T07:00:00Z';
/** The seed recorded-day.json was drawn with. */
export const RECORDED_DAY_SEED = 20250814;
/** Courses in the day (the demo catalogue has 161; about as many). */
export const RECORDED_DAY_COURSES = 150;
/** Share of the day's offers made in each hour from 08:00 to 20:00 (README "The day's curve"). */
export const HOURLY_SHARE = [0.18, 0.2, 0.16, 0.12, 0.09, 0.08, 0.06, 0.04, 0.03, 0.02, 0.015, 0.005] as const;

/** mulberry32: a small seeded generator, so a seed always draws the same day. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The day's pace at `minute` (minutes after 08:00) as a share of the day's offers per minute: the
 * hourly shares joined linearly between the hours' middles (a pace changes smoothly, not on the
 * hour), flat before the first middle and after the last, 0 outside the day.
 */
export function paceAt(minute: number): number {
  const hours = HOURLY_SHARE.length;
  if (minute < 0 || minute >= hours * 60) return 0;
  const h = minute / 60 - 0.5;
  if (h <= 0) return HOURLY_SHARE[0] / 60;
  if (h >= hours - 1) return HOURLY_SHARE[hours - 1]! / 60;
  const i = Math.floor(h);
  const f = h - i;
  return ((1 - f) * HOURLY_SHARE[i]! + f * HOURLY_SHARE[i + 1]!) / 60;
}

/**
 * A day of `RECORDED_DAY_COURSES` courses drawn with `seed`: each course has 10-80 Clearing
 * places; seven in ten are in demand beyond their places (1.2 to 4 times: they fill), the others
 * below (0.3 to 0.9 times: they do not). Its offers are a Poisson process of rate demand x
 * `paceAt` (drawn by thinning: candidates at the peak rate, each kept with the pace's share of
 * it), stopped when the places are taken.
 */
export function drawDay(seed: number): RecordedCourse[] {
  const next = random(seed);
  const courses: RecordedCourse[] = [];
  const minutes = HOURLY_SHARE.length * 60;
  for (let c = 0; c < RECORDED_DAY_COURSES; c++) {
    const places = 10 + Math.floor(next() * 71);
    const fills = next() < 0.7;
    const demand = Math.round(places * (fills ? 1.2 + next() * 2.8 : 0.3 + next() * 0.6) * 100) / 100;
    const peak = (demand * Math.max(...HOURLY_SHARE)) / 60;
    const offerSeconds: number[] = [];
    for (let t = 0; offerSeconds.length < places;) {
      t += -Math.log(1 - next()) / peak;
      if (t >= minutes) break;
      if (next() < (demand * paceAt(t)) / peak) offerSeconds.push(Math.round(t * 60));
    }
    courses.push({ course: `C${String(c + 1).padStart(3, '0')}`, places, demand, offerSeconds });
  }
  return courses;
}

/**
 * The minutes from `minute` (after 08:00) until a course's demand at the day's pace has made
 * `placesLeft` more offers: the fill a forecast knowing the true pace would give (the best any
 * forecast from the pace can do; the offers themselves still come at random). Steps of 0.1 min;
 * null when the day ends first.
 */
export function minutesToFullAtTruePace(demand: number, placesLeft: number, minute: number): number | null {
  let expected = 0;
  for (let m = minute; m < HOURLY_SHARE.length * 60; m += 0.1) {
    if (expected >= placesLeft) return m - minute;
    expected += demand * paceAt(m) * 0.1;
  }
  return null;
}
