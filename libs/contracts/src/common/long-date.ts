const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/**
 * An ISO calendar date ('2026-09-28') as British English text ('28 September 2026'), the form of
 * every date the screens and call scripts show (GOV.UK style: day, month name, year). Written out
 * rather than through Intl.DateTimeFormat: the first Intl call loads locale data, about 20 ms of
 * a phone's first screen, and the text is the same. Anything that is not a
 * valid YYYY-MM-DD date is returned as it is.
 */
export function formatLongDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month || Number(match[3]) < 1 || Number(match[3]) > 31) return isoDate;
  return `${Number(match[3])} ${month} ${match[1]}`;
}
