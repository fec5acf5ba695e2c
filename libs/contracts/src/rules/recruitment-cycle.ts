import { addCalendarDays, londonCalendarDate, londonWallClock } from '../common/london-time';
import { formatLongDate } from '../common/long-date';
import type { RecruitmentCycle } from '../status/recruitment-cycle-schemas';
import { clearingLabel } from './clearing-label';

/** Whether the Clearing window contains the calendar date `today` (yyyy-mm-dd), both ends included. */
export const inClearingWindow = (cycle: Pick<RecruitmentCycle, 'CLEARING_OPENS' | 'CLEARING_CLOSES'>, today: string): boolean =>
  cycle.CLEARING_OPENS <= today && today <= cycle.CLEARING_CLOSES;

/** Texts of the cycle rules, word for word on every surface. */
export const CYCLE_MESSAGES = {
  /** An offer or invitation on a course that has already started (domain.md: no offer the university cannot honour). */
  COURSE_STARTED: (startDate: string) =>
    `This course started on ${formatLongDate(startDate)}: no offer or interview can be made on it. Suggest a course that starts later.`,
  /** Staff outside the window (the public meets the closed state). */
  OUTSIDE_WINDOW: (cycle: Pick<RecruitmentCycle, 'NAME' | 'CLEARING_OPENS' | 'CLEARING_CLOSES'>) =>
    `Clearing ${cycle.NAME} is outside its window (${formatLongDate(cycle.CLEARING_OPENS)} to ${formatLongDate(cycle.CLEARING_CLOSES)}): the public cannot apply.`,
  /** The closing message the public reads outside the window when an Administrator has set none. */
  CLOSED_OUTSIDE_WINDOW: (cycle: Pick<RecruitmentCycle, 'NAME' | 'CLEARING_OPENS' | 'CLEARING_CLOSES'>) =>
    `Clearing ${cycle.NAME} is open from ${formatLongDate(cycle.CLEARING_OPENS)} to ${formatLongDate(cycle.CLEARING_CLOSES)}.`,
  /** The staff application screen's label of the cycle an application was made in. */
  APPLICATION_CYCLE_LABEL: 'Cycle',
  /**
   * The cycle an application was made in (its stored intake, '2025/26'), and the current cycle's
   * name when that is a later one (after a roll last cycle's applications stay readable).
   */
  APPLICATION_CYCLE: (made: string, current: string | null) =>
    current && current !== made ? `${clearingLabel({ NAME: made })} (an earlier cycle: the current one is ${current})` : clearingLabel({ NAME: made }),
} as const;

/**
 * Whether a course has started on `today` (yyyy-mm-dd): its start date is before today. No offer
 * or invitation is made on such a course (domain.md "Recruitment cycles").
 */
export const courseHasStarted = (courseStartDate: string, today: string): boolean => courseStartDate < today;

/** The same calendar date a year later (29 February becomes 28 February). */
export function plusOneYear(date: string): string {
  const year = Number(date.slice(0, 4)) + 1;
  const monthDay = date.slice(5);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return `${year}-${monthDay === '02-29' && !leap ? '02-28' : monthDay}`;
}

/** The number of days from `from` to `to` (yyyy-mm-dd; negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);

/**
 * The cycle after `cycle` ('Roll to the next cycle'): the name a year on ('2025/26' -> '2026/27'),
 * every date a year later and the next Tariff version. An Administrator may correct the dates.
 */
export function nextCycle(cycle: RecruitmentCycle): RecruitmentCycle {
  const first = Number(cycle.NAME.slice(0, 4)) + 1;
  const version = /^\d+$/.test(cycle.TARIFF_VERSION) ? String(Number(cycle.TARIFF_VERSION) + 1) : cycle.TARIFF_VERSION;
  return {
    NAME: `${first}/${String((first + 1) % 100).padStart(2, '0')}`,
    CLEARING_OPENS: plusOneYear(cycle.CLEARING_OPENS),
    CLEARING_CLOSES: plusOneYear(cycle.CLEARING_CLOSES),
    RESULTS_DAY: plusOneYear(cycle.RESULTS_DAY),
    COURSE_START_DATE: plusOneYear(cycle.COURSE_START_DATE),
    TARIFF_VERSION: version,
  };
}

const weekday = (date: string): number => new Date(`${date}T12:00:00Z`).getUTCDay();
/** The first `day` (0 Sunday .. 6 Saturday) on or after `date`. */
const onOrAfter = (date: string, day: number): string => addCalendarDays(date, (day - weekday(date) + 7) % 7);

/**
 * The usual cycle of an intake ('2025/26'): Clearing opens on 5 July, A-level results day is the
 * Thursday on or after 13 August (14 August 2025, 13 August 2026), courses start on the fourth Monday of
 * September, the last day to add a Clearing choice is 20 October (UCAS's Clearing calendar), and
 * the Tariff tables are those of the intake's first year.
 */
export function standardCycle(intake: string): RecruitmentCycle {
  const first = intake.slice(0, 4);
  return {
    NAME: intake,
    CLEARING_OPENS: `${first}-07-05`,
    CLEARING_CLOSES: `${first}-10-20`,
    RESULTS_DAY: onOrAfter(`${first}-08-13`, 4),
    COURSE_START_DATE: addCalendarDays(onOrAfter(`${first}-09-01`, 1), 21),
    TARIFF_VERSION: first,
  };
}

/**
 * A demo cycle open on `today` (domain.md "Recruitment cycles": a fresh npm start shows no start
 * date in the past): results day a week ago, the window from two weeks ago to four weeks on, and
 * courses starting on the Monday at least eight weeks on (so every course's start, the catalogue's
 * later schools and January starts included, is after today). Named after the intake its start
 * date falls in (autumn or January: the year the autumn belongs to).
 */
export function demoCycle(today: string): RecruitmentCycle {
  const start = onOrAfter(addCalendarDays(today, 56), 1);
  const startYear = Number(start.slice(0, 4));
  const first = Number(start.slice(5, 7)) >= 8 ? startYear : startYear - 1;
  return {
    NAME: `${first}/${String((first + 1) % 100).padStart(2, '0')}`,
    CLEARING_OPENS: addCalendarDays(today, -14),
    CLEARING_CLOSES: addCalendarDays(today, 28),
    RESULTS_DAY: addCalendarDays(today, -7),
    COURSE_START_DATE: start,
    TARIFF_VERSION: String(first),
  };
}

/**
 * The clock setting (CLEARING_CLOCK): an ISO date ('2025-08-14', read as 09:00 Europe/London
 * that day) or date-time ('2025-08-14T09:00:00Z') the rules take as now, so tests and demos run
 * at any date; unset or blank, the real time. Returns a function giving now. Throws on any other
 * text (a service refuses to start).
 */
export function clockFromSetting(setting: string | undefined): () => Date {
  const text = setting?.trim();
  if (!text) return () => new Date();
  const instant = /^\d{4}-\d{2}-\d{2}$/.test(text) ? londonWallClock(text, '09:00') : new Date(text);
  if (Number.isNaN(instant.getTime())) throw new Error(`CLEARING_CLOCK: '${text}' is not an ISO date or date-time`);
  return () => new Date(instant.getTime());
}

/** Today's calendar date (Europe/London) of a clock. */
export const todayOf = (now: () => Date): string => londonCalendarDate(now());

/** Interview texts of the date rule (domain.md "Decision emails": the date is in the future and before the course starts). */
export const INTERVIEW_DATE_MESSAGES = {
  PAST: (now: string) => `The interview must be in the future: choose a date and time after ${now}.`,
  AFTER_START: (startDate: string) => `The interview must be before the course starts on ${formatLongDate(startDate)}.`,
} as const;

/**
 * Why an interview's date and time cannot be offered, or null: it must be after `now` and on a
 * day before the course's start date (domain.md "Decision emails"). `date` yyyy-mm-dd and `time`
 * HH:mm are Europe/London.
 */
export function interviewDateIssue(
  interview: { INTERVIEW_DATE: string; INTERVIEW_TIME: string },
  facts: { now: Date; courseStartDate: string },
): string | null {
  const at = londonWallClock(interview.INTERVIEW_DATE, interview.INTERVIEW_TIME);
  if (at.getTime() <= facts.now.getTime()) {
    const time = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(facts.now);
    return INTERVIEW_DATE_MESSAGES.PAST(`${time} on ${formatLongDate(londonCalendarDate(facts.now))}`);
  }
  if (interview.INTERVIEW_DATE >= facts.courseStartDate) return INTERVIEW_DATE_MESSAGES.AFTER_START(facts.courseStartDate);
  return null;
}

/**
 * The first cycle a fresh installation stores (domain.md "Recruitment cycles": configuration seeds
 * it): standardCycle(INTAKE_YEAR), each date replaced by its setting when given (npm start's demo
 * cycle open today sets them all; a university may set its own window).
 */
export function seedCycle(settings: {
  INTAKE_YEAR: string;
  COURSE_START_DATE?: string | undefined;
  CLEARING_OPENS?: string | undefined;
  CLEARING_CLOSES?: string | undefined;
  RESULTS_DAY?: string | undefined;
}): RecruitmentCycle {
  const standard = standardCycle(settings.INTAKE_YEAR);
  return {
    ...standard,
    CLEARING_OPENS: settings.CLEARING_OPENS ?? standard.CLEARING_OPENS,
    CLEARING_CLOSES: settings.CLEARING_CLOSES ?? standard.CLEARING_CLOSES,
    RESULTS_DAY: settings.RESULTS_DAY ?? standard.RESULTS_DAY,
    COURSE_START_DATE: settings.COURSE_START_DATE ?? standard.COURSE_START_DATE,
  };
}

/**
 * What the public meets (spec section 4's open/closed state; domain.md "Recruitment cycles"):
 * the Administrator's `setting` inside the cycle's Clearing window; outside it Clearing is closed,
 * with the setting's closing message when it has one, else CYCLE_MESSAGES.CLOSED_OUTSIDE_WINDOW.
 */
export function publicClearingState(
  setting: { state: 0 | 1; closing_message: string | null },
  cycle: Pick<RecruitmentCycle, 'NAME' | 'CLEARING_OPENS' | 'CLEARING_CLOSES'>,
  today: string,
): { state: 0 | 1; closing_message: string | null } {
  if (inClearingWindow(cycle, today)) return setting;
  return { state: 0, closing_message: setting.closing_message ?? CYCLE_MESSAGES.CLOSED_OUTSIDE_WINDOW(cycle) };
}

/** Texts of rolling to the next cycle (the settings page, its confirmation and the 409 of a repeated roll). */
export const CYCLE_ROLL_MESSAGES = {
  /** A roll from a cycle that is no longer the current one (rolled already, by someone else or a repeated request). */
  NOT_CURRENT: (from: string, current: string) => `The ${from} cycle is no longer the current one: the current cycle is ${current}. Nothing was changed.`,
  /** The confirmation's question, naming the next cycle. */
  CONFIRM_TITLE: (next: Pick<RecruitmentCycle, 'NAME'>) => `Roll to ${clearingLabel(next)}?`,
  /** The confirmation's text: the next cycle's dates, and what moves with it. */
  CONFIRM_BODY: (current: Pick<RecruitmentCycle, 'NAME' | 'COURSE_START_DATE'>, next: RecruitmentCycle) =>
    `Clearing ${next.NAME} opens on ${formatLongDate(next.CLEARING_OPENS)} and closes on ${formatLongDate(next.CLEARING_CLOSES)}; results day is ${formatLongDate(next.RESULTS_DAY)}. ` +
    `Courses starting on ${formatLongDate(current.COURSE_START_DATE)} will start on ${formatLongDate(next.COURSE_START_DATE)}. ` +
    `Applications made in Clearing ${current.NAME} stay readable under that cycle. This cannot be undone here.`,
  /** The confirmation's action. */
  CONFIRM_ACTION: (next: Pick<RecruitmentCycle, 'NAME'>) => `Roll to ${clearingLabel(next)}`,
  /** After a roll. */
  ROLLED: (next: Pick<RecruitmentCycle, 'NAME'>) => `${clearingLabel(next)} is now the current cycle.`,
} as const;
