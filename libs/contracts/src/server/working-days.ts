import Holidays from 'date-holidays';
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

/**
 * A referral's deadline (spec sections 4 and 9): if nobody has been in touch by 12:00 (midday)
 * Europe/London the next calendar day, the applicant presumes they were unsuccessful.
 */
export function referralDeadline(referredAt: Date): Date {
  return londonWallClock(addCalendarDays(londonCalendarDate(referredAt), 1), '12:00');
}

/** A pooled application's deadline (spec section 9): 24 hours after it was pooled. */
export function poolDeadline(pooledAt: Date): Date {
  return new Date(pooledAt.getTime() + 24 * 60 * 60 * 1000);
}

/**
 * The deadline a decision's words name (domain.md "Decision emails"), from when it was decided:
 * O its offer deadline, R midday next day, P 24 hours on; null for every other status. The one
 * rule the emails (notifications-svc) and the applicant's status page (applications-svc) share.
 */
export function decisionDeadline(status: ApplicationStatus, decidedAt: Date): Date | null {
  if (status === 'O') return offerDeadline(decidedAt);
  if (status === 'R') return referralDeadline(decidedAt);
  if (status === 'P') return poolDeadline(decidedAt);
  return null;
}
