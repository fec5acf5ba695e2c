/**
 * Times as the applicant reads them: Europe/London (GMT in winter, BST in summer), written out in
 * British English (GOV.UK style: '23:59 on Monday 18 August 2025'). Used by the emails
 * (notifications-svc) and the applicant's status page, so both say the same thing.
 */
export const LONDON_TIME_ZONE = 'Europe/London';

const dateParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function parts(instant: Date): Record<string, string> {
  return Object.fromEntries(dateParts.formatToParts(instant).map((p) => [p.type, p.value]));
}

/** '18 August 2025' style date with its weekday: 'Monday 18 August 2025' (Europe/London). */
export function formatLondonDate(instant: Date): string {
  const p = parts(instant);
  return `${p.weekday} ${p.day} ${p.month} ${p.year}`;
}

/** '23:59' (24-hour clock, Europe/London). */
export function formatLondonTime(instant: Date): string {
  const p = parts(instant);
  return `${p.hour}:${p.minute}`;
}

/** '23:59 on Monday 18 August 2025' (Europe/London): how a deadline is written in emails and on the status page. */
export function formatLondonDateTime(instant: Date): string {
  return `${formatLondonTime(instant)} on ${formatLondonDate(instant)}`;
}

/** The calendar date in Europe/London of an instant, as yyyy-mm-dd. */
export function londonCalendarDate(instant: Date): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: LONDON_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(instant)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day}`;
}

/**
 * The instant of a wall-clock time in Europe/London: `date` yyyy-mm-dd, `time` HH:mm. Computed
 * from London's UTC offset at that moment (0 in GMT, +1 in BST); the clock changes happen at
 * 01:00 UTC, never at the times used here (noon, 23:59).
 */
export function londonWallClock(date: string, time: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const asUtc = Date.UTC(y, m - 1, d, hh, mm);
  const p = parts(new Date(asUtc));
  const shownAsUtc = Date.UTC(Number(p.year), monthIndex(p.month ?? ''), Number(p.day), Number(p.hour), Number(p.minute));
  return new Date(asUtc - (shownAsUtc - asUtc));
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const monthIndex = (name: string) => MONTHS.indexOf(name);

/** The calendar date `days` after yyyy-mm-dd (any number, calendar days). */
export function addCalendarDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
