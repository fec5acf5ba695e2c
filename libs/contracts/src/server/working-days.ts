import Holidays from 'date-holidays';
import { z } from 'zod';
import type { ApplicationStatus } from '../status/status-codes';
import { addCalendarDays, londonCalendarDate, londonWallClock } from '../common/london-time';

// England and Wales share their bank holidays; date-holidays' 'public' type is exactly them for
// GB-ENG (gov.uk/bank-holidays). Observances (Mother's Day...) are not days off.
const englandAndWales = new Holidays('GB', 'ENG', { types: ['public', 'bank'] });

/**
 * Whether a calendar date (yyyy-mm-dd) is a working day: Monday to Friday, not an England and
 * Wales bank holiday (domain.md "Decision emails"; the deadlines built on it: docs/domain/emails.md).
 */
export function isWorkingDay(date: string): boolean {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  // Noon London time: the holiday's calendar day whatever the clocks do.
  return englandAndWales.isHoliday(londonWallClock(date, '12:00')) === false;
}

/** The `n`th working day after the calendar date `date` (the date itself never counts). */
export function nthWorkingDayAfter(date: string, n: number): string {
  let day = date;
  for (let found = 0; found < n;) {
    day = addCalendarDays(day, 1);
    if (isWorkingDay(day)) found += 1;
  }
  return day;
}

/**
 * The deadline of an offer (domain.md "Decision emails"; spec section 9: the offer lapses after
 * two working days): 23:59 Europe/London on the second working day after the day the offer was
 * made. Made on Thursday 14 August 2025 (results day): 23:59 on Monday 18 August 2025; made on
 * Friday 22 August 2025: 23:59 on Wednesday 27 August 2025 (Monday 25 August is the summer bank holiday).
 */
export function offerDeadline(offeredAt: Date): Date {
  return londonWallClock(nthWorkingDayAfter(londonCalendarDate(offeredAt), 2), '23:59');
}

/** Bank-holiday calendars a Clearing team may keep (date-holidays' GB regions); 'none' keeps none. */
export const BANK_HOLIDAY_REGIONS = ['england-and-wales', 'scotland', 'northern-ireland', 'none'] as const;
export type BankHolidayRegion = (typeof BANK_HOLIDAY_REGIONS)[number];

const REGION_HOLIDAYS: Record<Exclude<BankHolidayRegion, 'none'>, Holidays> = {
  'england-and-wales': englandAndWales,
  scotland: new Holidays('GB', 'SCT', { types: ['public', 'bank'] }),
  'northern-ireland': new Holidays('GB', 'NIR', { types: ['public', 'bank'] }),
};

/** Weekday names as configuration writes them, Sunday first (Date.getUTCDay's numbering). */
export const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/**
 * The days the Clearing team works, which referral and pool deadlines fall on (domain.md
 * "Decision emails"): the weekdays it works (0 Sunday .. 6 Saturday) and the bank holidays it
 * does not. Configuration: CLEARING_TEAM_DAYS ('Mon,Tue,Wed,Thu,Fri,Sat') and
 * CLEARING_BANK_HOLIDAYS ('england-and-wales'), read by teamCalendarFromConfig.
 */
export type TeamCalendar = { weekdays: readonly number[]; bankHolidays: BankHolidayRegion };

/** Clearing teams work Saturdays in results season, not Sundays or the bank holidays of England and Wales. */
export const DEFAULT_TEAM_CALENDAR: TeamCalendar = { weekdays: [1, 2, 3, 4, 5, 6], bankHolidays: 'england-and-wales' };

/**
 * The team calendar of a service's environment: CLEARING_TEAM_DAYS a comma list of weekday names
 * (WEEKDAY_NAMES), CLEARING_BANK_HOLIDAYS one of BANK_HOLIDAY_REGIONS; either unset keeps the
 * default's. Throws naming the variable on a value it does not know (a service refuses to start).
 */
export function teamCalendarFromConfig(env: { CLEARING_TEAM_DAYS?: string | undefined; CLEARING_BANK_HOLIDAYS?: string | undefined }): TeamCalendar {
  let weekdays = DEFAULT_TEAM_CALENDAR.weekdays;
  if (env.CLEARING_TEAM_DAYS?.trim()) {
    weekdays = env.CLEARING_TEAM_DAYS.split(',').map((name) => {
      const at = WEEKDAY_NAMES.findIndex((w) => w.toLowerCase() === name.trim().slice(0, 3).toLowerCase());
      if (at < 0) throw new Error(`CLEARING_TEAM_DAYS: '${name.trim()}' is not a weekday (${WEEKDAY_NAMES.join(', ')})`);
      return at;
    });
  }
  const region = env.CLEARING_BANK_HOLIDAYS?.trim() || DEFAULT_TEAM_CALENDAR.bankHolidays;
  if (!(BANK_HOLIDAY_REGIONS as readonly string[]).includes(region))
    throw new Error(`CLEARING_BANK_HOLIDAYS: '${region}' is not one of ${BANK_HOLIDAY_REGIONS.join(', ')}`);
  return { weekdays, bankHolidays: region as BankHolidayRegion };
}

const refuses = (env: Parameters<typeof teamCalendarFromConfig>[0]): string | null => {
  try {
    teamCalendarFromConfig(env);
    return null;
  } catch (err) {
    return (err as Error).message;
  }
};

/**
 * The team calendar's two environment variables, for a service's config schema (`.extend(...)`):
 * an unknown weekday or region stops the service at start with teamCalendarFromConfig's message.
 */
export const teamCalendarConfigShape = {
  CLEARING_TEAM_DAYS: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      const message = refuses({ CLEARING_TEAM_DAYS: v });
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
  CLEARING_BANK_HOLIDAYS: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      const message = refuses({ CLEARING_BANK_HOLIDAYS: v });
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
};

/** Whether the team works on a calendar date (yyyy-mm-dd): one of its weekdays and not one of its bank holidays. */
export function isTeamWorkingDay(date: string, calendar: TeamCalendar = DEFAULT_TEAM_CALENDAR): boolean {
  if (!calendar.weekdays.includes(new Date(`${date}T12:00:00Z`).getUTCDay())) return false;
  if (calendar.bankHolidays === 'none') return true;
  return REGION_HOLIDAYS[calendar.bankHolidays].isHoliday(londonWallClock(date, '12:00')) === false;
}

/** The first team working day on or after `date`. */
function teamDayFrom(date: string, calendar: TeamCalendar): string {
  if (calendar.weekdays.length === 0) return date;
  let day = date;
  while (!isTeamWorkingDay(day, calendar)) day = addCalendarDays(day, 1);
  return day;
}

/**
 * A referral's deadline (spec sections 4 and 9; domain.md "Decision emails"): if nobody has been
 * in touch by 12:00 (midday) Europe/London on the team's next working day, the applicant presumes
 * they were unsuccessful. Referred on Saturday 15 August 2026 with the default calendar: 12:00 on
 * Monday 17 August (nobody calls on Sunday); before the summer bank holiday, the day after it.
 */
export function referralDeadline(referredAt: Date, calendar: TeamCalendar = DEFAULT_TEAM_CALENDAR): Date {
  return londonWallClock(teamDayFrom(addCalendarDays(londonCalendarDate(referredAt), 1), calendar), '12:00');
}

/**
 * A pooled application's deadline (spec section 9): 24 hours after it was pooled, moved to the
 * same time on the team's next working day when those 24 hours end on a day the team does not
 * work (pooled on Saturday 10:00: Monday 10:00, not Sunday).
 */
export function poolDeadline(pooledAt: Date, calendar: TeamCalendar = DEFAULT_TEAM_CALENDAR): Date {
  const end = new Date(pooledAt.getTime() + 24 * 60 * 60 * 1000);
  const day = londonCalendarDate(end);
  const workday = teamDayFrom(day, calendar);
  if (workday === day) return end;
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(end);
  return londonWallClock(workday, time);
}

/**
 * The deadline a decision's words name (domain.md "Decision emails"), from when it was decided:
 * O its offer deadline, R midday on the team's next working day, P 24 hours on (moved past the
 * days the team does not work); null for every other status. The one rule the emails
 * (notifications-svc) and the applicant's status page (applications-svc) share; `calendar` is the
 * team's (teamCalendarFromConfig).
 */
export function decisionDeadline(status: ApplicationStatus, decidedAt: Date, calendar: TeamCalendar = DEFAULT_TEAM_CALENDAR): Date | null {
  if (status === 'O') return offerDeadline(decidedAt);
  if (status === 'R') return referralDeadline(decidedAt, calendar);
  if (status === 'P') return poolDeadline(decidedAt, calendar);
  return null;
}
