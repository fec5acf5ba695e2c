import { formatLondonDateTime } from '../format-date-time';

describe('formatLondonDateTime', () => {
  it('shows British Summer Time in summer', () => {
    expect(formatLondonDateTime('2025-08-14T07:05:00.000Z')).toBe('14/08/2025 08:05');
  });

  it('shows GMT in winter, with a 24-hour clock', () => {
    expect(formatLondonDateTime('2025-01-02T23:30:00Z')).toBe('02/01/2025 23:30');
  });

  it('leaves a value that is not a date as it is', () => {
    expect(formatLondonDateTime('yesterday')).toBe('yesterday');
  });
});
