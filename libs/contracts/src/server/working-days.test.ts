import { intakeCycleEnd } from '../courses/intake';
import { formatLondonDateTime } from '../common/london-time';
import {
  decisionDeadline,
  isTeamWorkingDay,
  isWorkingDay,
  nthWorkingDayAfter,
  offerDeadline,
  poolDeadline,
  referralDeadline,
  teamCalendarFromConfig,
} from './working-days';

describe('working days (England and Wales)', () => {
  it('skips weekends and the bank holidays date-holidays knows', () => {
    expect(isWorkingDay('2025-08-22')).toBe(true); // Friday
    expect(isWorkingDay('2025-08-23')).toBe(false); // Saturday
    expect(isWorkingDay('2025-08-25')).toBe(false); // summer bank holiday
    expect(isWorkingDay('2025-12-26')).toBe(false); // Boxing Day
    expect(nthWorkingDayAfter('2025-12-24', 2)).toBe('2025-12-30');
  });

  it('gives an offer 23:59 on the second working day after the offer day (Europe/London)', () => {
    // Results day 2025 (Thursday 14 August), late in the evening BST: Friday, then Monday.
    expect(formatLondonDateTime(offerDeadline(new Date('2025-08-14T22:30:00Z')))).toBe('23:59 on Monday 18 August 2025');
    expect(offerDeadline(new Date('2025-08-14T08:00:00Z')).toISOString()).toBe('2025-08-18T22:59:00.000Z');
    // Friday 22 August: Monday 25 is the summer bank holiday, so Tuesday then Wednesday.
    expect(formatLondonDateTime(offerDeadline(new Date('2025-08-22T10:00:00Z')))).toBe('23:59 on Wednesday 27 August 2025');
    // An offer made on a Saturday counts from Monday; in GMT the instant is 23:59 UTC.
    expect(offerDeadline(new Date('2025-11-01T10:00:00Z')).toISOString()).toBe('2025-11-04T23:59:00.000Z');
  });

  it('refers until midday the next day and pools for 24 hours', () => {
    expect(formatLondonDateTime(referralDeadline(new Date('2025-08-14T16:00:00Z')))).toBe('12:00 on Friday 15 August 2025');
    expect(poolDeadline(new Date('2025-08-14T16:00:00Z')).toISOString()).toBe('2025-08-15T16:00:00.000Z');
  });

  it('moves referral and pool deadlines past Sundays and bank holidays the team does not work, naming the day', () => {
    // Saturday 15 August 2026: the team works Saturdays, not Sundays.
    expect(formatLondonDateTime(referralDeadline(new Date('2026-08-15T10:00:00Z')))).toBe('12:00 on Monday 17 August 2026');
    // Friday 28 August 2026: Saturday is worked.
    expect(formatLondonDateTime(referralDeadline(new Date('2026-08-28T10:00:00Z')))).toBe('12:00 on Saturday 29 August 2026');
    // Sunday 30 August 2026, before the summer bank holiday (Monday 31 August): Tuesday.
    expect(formatLondonDateTime(referralDeadline(new Date('2026-08-30T10:00:00Z')))).toBe('12:00 on Tuesday 1 September 2026');
    // Pooled on Saturday 15 August 2026 at 11:00 BST: 24 hours end on Sunday, so Monday 11:00.
    expect(formatLondonDateTime(poolDeadline(new Date('2026-08-15T10:00:00Z')))).toBe('11:00 on Monday 17 August 2026');
    // Pooled on Thursday: Friday, as before.
    expect(formatLondonDateTime(poolDeadline(new Date('2026-08-13T15:00:00Z')))).toBe('16:00 on Friday 14 August 2026');
    expect(decisionDeadline('P', new Date('2026-08-15T10:00:00Z'))?.toISOString()).toBe('2026-08-17T10:00:00.000Z');
  });

  it('reads the team calendar from configuration', () => {
    const weekdaysOnly = teamCalendarFromConfig({ CLEARING_TEAM_DAYS: 'Mon,Tue,Wed,Thu,Fri' });
    expect(formatLondonDateTime(referralDeadline(new Date('2026-08-28T10:00:00Z'), weekdaysOnly))).toBe('12:00 on Tuesday 1 September 2026');
    const noHolidays = teamCalendarFromConfig({ CLEARING_BANK_HOLIDAYS: 'none' });
    expect(isTeamWorkingDay('2026-08-31', noHolidays)).toBe(true);
    expect(isTeamWorkingDay('2026-08-31')).toBe(false);
    expect(isTeamWorkingDay('2026-08-03', teamCalendarFromConfig({ CLEARING_BANK_HOLIDAYS: 'scotland' }))).toBe(false);
    expect(() => teamCalendarFromConfig({ CLEARING_TEAM_DAYS: 'Mon,Funday' })).toThrow("CLEARING_TEAM_DAYS: 'Funday' is not a weekday");
    expect(() => teamCalendarFromConfig({ CLEARING_BANK_HOLIDAYS: 'wales' })).toThrow("CLEARING_BANK_HOLIDAYS: 'wales' is not one of");
  });

  it('ends an intake cycle at 23:59 on 31 March of its second year', () => {
    expect(intakeCycleEnd('2025/26').toISOString()).toBe('2026-03-31T22:59:00.000Z');
  });
});
