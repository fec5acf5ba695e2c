import { intakeCycleEnd } from '../courses/intake';
import { formatLondonDateTime } from '../common/london-time';
import { isWorkingDay, nthWorkingDayAfter, offerDeadline, poolDeadline, referralDeadline } from './working-days';

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

  it('ends an intake cycle at 23:59 on 31 March of its second year', () => {
    expect(intakeCycleEnd('2025/26').toISOString()).toBe('2026-03-31T22:59:00.000Z');
  });
});
