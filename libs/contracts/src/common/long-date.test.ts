import { formatLongDate } from './long-date';

describe('formatLongDate', () => {
  it.each([
    ['2026-09-28', '28 September 2026'],
    ['2025-01-05', '5 January 2025'],
    ['2024-02-29', '29 February 2024'],
    ['2025-12-31', '31 December 2025'],
  ])('%s -> %s, as Intl en-GB day/long month/year writes it', (iso, text) => {
    expect(formatLongDate(iso)).toBe(text);
    expect(formatLongDate(iso)).toBe(
      new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`)),
    );
  });

  it.each(['', '2025-13-01', '2025-00-10', '2025-09-32', '28/09/2026', '2025-9-1'])('returns %j unchanged', (value) => {
    expect(formatLongDate(value)).toBe(value);
  });
});
