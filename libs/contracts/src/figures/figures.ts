import { z } from 'zod';
import { courseRowSchema, type CourseRow } from '../courses/course';
import { emailSummarySchema, type EmailSummary } from '../notifications/email-records';
import { timestampQuerySchema } from '../common/timestamp-query';
import { placesLedgerSchema } from '../rules/places-schemas';
import { FILL_STATE_TEXTS, fillState, forecastTimeToFull, TIME_TO_FULL_WINDOWS_MINUTES, timeToFullText } from './time-to-full';

/**
 * Live results-day figures: per course the user may report on, per school and overall.
 * "Today" and the hours of the chart are days and hours in the university's time zone.
 */
export const FIGURES_TIME_ZONE = 'Europe/London';
/** How often the figures screen asks again (React Query polling), in ms. */
export const FIGURES_REFRESH_MS = 15_000;
/** Over-offer margin (percent of Clearing places) when the manager sets none, and its upper bound. */
export const FIGURES_MARGIN_DEFAULT = 0;
export const FIGURES_MARGIN_MAX = 500;
/** 'Filling fast' below this forecast (minutes) when the deployment sets none (config WALLBOARD_FILLS_FAST_MINUTES). */
export const FILLS_FAST_MINUTES_DEFAULT = 30;
import { AUTOMATIC_SUB_STATUSES } from '../privacy/automatic-decision-texts';
export { AUTOMATIC_SUB_STATUSES };

export const FIGURES_TEXTS = {
  FORBIDDEN: 'Your roles do not include viewing reports on any course.',
  OVER_OFFER: (margin: number) => `Offers exceed Clearing places by more than ${margin}%.`,
  /** File name of the CSV export. */
  CSV_FILE_NAME: 'clearing-figures.csv',
} as const;

const count = z.number().int().nonnegative();

/**
 * Applications by status (spec section 3 codes): all of them, offered (O), invited to interview
 * (I: not an offer, so counted apart), referred (R), pooled (P), rejected (X) and public
 * submissions waiting for a person (S).
 */
export const statusCountsSchema = z.object({
  applications: count,
  offered: count,
  invited: count,
  referred: count,
  pooled: count,
  rejected: count,
  waiting: count,
});
export type StatusCounts = z.infer<typeof statusCountsSchema>;

/**
 * What applications-svc counts for one course: today and in total by status, decisions made
 * automatically (sub-status AO/AR/AX) and by advisers (any other decided status: O, I, R, P, X),
 * and outbound calls logged (OUTBOUND_CALL_FLAG 1).
 */
export const courseCountsSchema = z.object({
  today: statusCountsSchema,
  total: statusCountsSchema,
  automatic: count,
  adviser: count,
  outboundCalls: count,
});
export type CourseCounts = z.infer<typeof courseCountsSchema>;

/** A course applications-svc is asked to count, with what it needs to check the user's scope. */
export const figuresCourseRefSchema = z.object({ UCAS_CODE: z.string().min(1).max(32), SCHOOL: z.string(), DEPT: z.string() });
/** Body of applications-svc POST /figures. */
export const figuresCountRequestSchema = z.object({ courses: z.array(figuresCourseRefSchema).max(5000) });
export type FiguresCountRequest = z.infer<typeof figuresCountRequestSchema>;
/** Answer of applications-svc POST /figures: counts per asked course (every one, zeros included) and today's applications per hour (24 entries, hour 0 first). */
export const figuresCountResponseSchema = z.object({
  /**
   * `places`: the course's places ledger, null before applications-svc first saw the course.
   * `offerTimes`: when each application now offered (O) on the course was offered, for those
   * offered in the last 60 minutes (ISO 8601; the time of its last LOG row meant for the applicant,
   * as the offer's deadline counts from it), the input of the time-to-full forecast.
   */
  rows: z.array(
    courseCountsSchema.extend({
      UCAS_CODE: z.string(),
      places: placesLedgerSchema.nullable().optional(),
      offerTimes: z.array(z.string()).optional(),
    }),
  ),
  perHour: z.array(count).length(24),
  /**
   * 'Filling fast' below this forecast, in minutes: applications-svc's WALLBOARD_FILLS_FAST_MINUTES,
   * the one setting both its alerts and the gateway's fill states use (so the board and the
   * supervisors' emails never disagree on what is filling fast).
   */
  FILLS_FAST_MINUTES: z.number().int().positive(),
});
export type FiguresCountResponse = z.infer<typeof figuresCountResponseSchema>;

/** Answer of courses-svc GET /courses/reportable: the courses the forwarded user may view reports on. */
export const reportableCoursesResponseSchema = z.object({ rows: z.array(courseRowSchema) });

/** Query of GET /api/admin/figures and /api/admin/figures.csv: the over-offer margin (percent of Clearing places). */
export const figuresQuerySchema = timestampQuerySchema.extend({
  margin: z.coerce.number().int().min(0).max(FIGURES_MARGIN_MAX).default(FIGURES_MARGIN_DEFAULT),
});
export type FiguresQuery = z.infer<typeof figuresQuerySchema>;

/** Totals of a group of courses (a school, or everything the user may see). */
export const figuresTotalsSchema = courseCountsSchema.extend({
  /** Places left: the sum of the places ledger's Clearing places left (VACANCIES_INTERNAL), as course control shows them. */
  placesLeft: count,
  /** Public vacancies: the sum of VACANCIES_EXTERNAL (what the public search shows as open places). */
  publicVacancies: count,
  courses: count,
  overOffered: count,
});
export type FiguresTotals = z.infer<typeof figuresTotalsSchema>;

export const figuresCourseRowSchema = courseCountsSchema.extend({
  UCAS_CODE: z.string(),
  COURSE_CODE_OVERRIDE: z.string().nullable(),
  COURSE_TITLE: z.string(),
  QUALIFICATION: z.string(),
  SCHOOL: z.string(),
  SCHOOL_NAME: z.string(),
  DEPT: z.string(),
  SUSPENDED: z.boolean(),
  VACANCIES_EXTERNAL: count,
  VACANCIES_INTERNAL: count,
  /** Offers made (O in total) exceed the Clearing places by more than the margin. */
  overOffered: z.boolean(),
  /**
   * The places ledger: Clearing places, offer allowance, offers that count (O),
   * places left (VACANCIES_INTERNAL) and when the guard last closed / reopened the course (ISO
   * 8601, null if never). A course the ledger has not seen yet shows its projection and 0 offers counted.
   */
  CLEARING_PLACES: count,
  OFFER_ALLOWANCE: z.number().nonnegative(),
  OFFERS_COUNTING: count,
  LAST_GUARD_CLOSE: z.string().nullable(),
  LAST_GUARD_REOPEN: z.string().nullable(),
  /** Offers made in the last 15 and 60 minutes (docs/domain/wallboard.md). */
  OFFERS_LAST_15: count,
  OFFERS_LAST_60: count,
  /** Time-to-full forecast in minutes (contracts forecastTimeToFull): 0 when full, null when not filling. */
  MINUTES_TO_FULL: z.number().nonnegative().nullable(),
  FILL_STATE: z.enum(['full', 'filling-fast', 'filling', 'not-filling']),
});
export type FiguresCourseRow = z.infer<typeof figuresCourseRowSchema>;

/** GET /api/admin/figures. */
export const figuresResponseSchema = z.object({
  generatedAt: z.string(),
  timeZone: z.string(),
  margin: z.number().int(),
  courses: z.array(figuresCourseRowSchema),
  schools: z.array(figuresTotalsSchema.extend({ SCHOOL: z.string(), SCHOOL_NAME: z.string() })),
  overall: figuresTotalsSchema,
  perHour: z.array(z.object({ hour: z.number().int().min(0).max(23), applications: count })),
  /** The decision emails of these courses by state; null when notifications-svc could not say. */
  emails: emailSummarySchema.nullable(),
});
export type FiguresResponse = z.infer<typeof figuresResponseSchema>;

const zeroStatus = (): StatusCounts => ({ applications: 0, offered: 0, invited: 0, referred: 0, pooled: 0, rejected: 0, waiting: 0 });
const zeroCounts = (): CourseCounts => ({ today: zeroStatus(), total: zeroStatus(), automatic: 0, adviser: 0, outboundCalls: 0 });
const zeroTotals = (): FiguresTotals => ({ ...zeroCounts(), placesLeft: 0, publicVacancies: 0, courses: 0, overOffered: 0 });

/**
 * The over-offer warning: offers made exceed the places by more than `marginPercent` percent of
 * them (any offer on a course with no places counts when the margin is 0).
 */
export const isOverOffered = (offers: number, placesLeft: number, marginPercent: number): boolean => offers * 100 > placesLeft * (100 + marginPercent);

function addInto(into: FiguresTotals, row: FiguresCourseRow): void {
  for (const key of Object.keys(into.today) as (keyof StatusCounts)[]) {
    into.today[key] += row.today[key];
    into.total[key] += row.total[key];
  }
  into.automatic += row.automatic;
  into.adviser += row.adviser;
  into.outboundCalls += row.outboundCalls;
  into.placesLeft += row.VACANCIES_INTERNAL;
  into.publicVacancies += row.VACANCIES_EXTERNAL;
  into.courses += 1;
  if (row.overOffered) into.overOffered += 1;
}

/**
 * Joins the courses (courses-svc) with their counts (applications-svc) into the figures answer:
 * rows per course in the given order, totals per school (ordered by school name) and overall,
 * today's applications per hour. A course without counts counts zero.
 */
export function buildFigures(
  courses: readonly CourseRow[],
  counts: Pick<FiguresCountResponse, 'rows' | 'perHour'>,
  options: { margin: number; now?: Date; emails?: EmailSummary | null; fastMinutes?: number },
): FiguresResponse {
  const now = options.now ?? new Date();
  const byCode = new Map(counts.rows.map((r) => [r.UCAS_CODE, r]));
  const rows: FiguresCourseRow[] = courses.map((c) => {
    const {
      UCAS_CODE: _code,
      places,
      offerTimes = [],
      ...found
    } = byCode.get(c.UCAS_CODE) ?? { UCAS_CODE: c.UCAS_CODE, places: null, offerTimes: [], ...zeroCounts() };
    const placesLeft = places?.VACANCIES_INTERNAL ?? c.VACANCIES_INTERNAL;
    const times = offerTimes.map((t) => Date.parse(t));
    const forecast = forecastTimeToFull({ placesLeft, offerTimes: times, now: now.getTime() });
    const within = (minutes: number) => times.filter((t) => t > now.getTime() - minutes * 60_000 && t <= now.getTime()).length;
    const row: Omit<FiguresCourseRow, 'overOffered'> = {
      UCAS_CODE: c.UCAS_CODE,
      COURSE_CODE_OVERRIDE: c.COURSE_CODE_OVERRIDE,
      COURSE_TITLE: c.COURSE_TITLE,
      QUALIFICATION: c.QUALIFICATION,
      SCHOOL: c.SCHOOL,
      SCHOOL_NAME: c.SCHOOL_NAME,
      DEPT: c.DEPT,
      SUSPENDED: c.SUSPENDED,
      VACANCIES_EXTERNAL: c.VACANCIES_EXTERNAL,
      VACANCIES_INTERNAL: placesLeft,
      ...found,
      CLEARING_PLACES: places?.CLEARING_PLACES ?? c.VACANCIES_INTERNAL,
      OFFER_ALLOWANCE: places?.OFFER_ALLOWANCE ?? 1,
      OFFERS_COUNTING: places?.OFFERS ?? 0,
      LAST_GUARD_CLOSE: places?.LAST_GUARD_CLOSE ?? null,
      LAST_GUARD_REOPEN: places?.LAST_GUARD_REOPEN ?? null,
      OFFERS_LAST_15: within(TIME_TO_FULL_WINDOWS_MINUTES.short),
      OFFERS_LAST_60: within(TIME_TO_FULL_WINDOWS_MINUTES.long),
      MINUTES_TO_FULL: forecast.minutesToFull,
      FILL_STATE: fillState(forecast, options.fastMinutes ?? FILLS_FAST_MINUTES_DEFAULT),
    };
    // Offers against the ledger's Clearing places (not public vacancies, which only gate the public search).
    return { ...row, overOffered: isOverOffered(row.total.offered, row.CLEARING_PLACES, options.margin) };
  });
  const schools = new Map<string, FiguresTotals & { SCHOOL: string; SCHOOL_NAME: string }>();
  const overall = zeroTotals();
  for (const row of rows) {
    let school = schools.get(row.SCHOOL);
    if (!school) {
      school = { SCHOOL: row.SCHOOL, SCHOOL_NAME: row.SCHOOL_NAME, ...zeroTotals() };
      schools.set(row.SCHOOL, school);
    }
    addInto(school, row);
    addInto(overall, row);
  }
  return {
    generatedAt: now.toISOString(),
    timeZone: FIGURES_TIME_ZONE,
    margin: options.margin,
    courses: rows,
    schools: [...schools.values()].sort((a, b) => a.SCHOOL_NAME.localeCompare(b.SCHOOL_NAME)),
    overall,
    perHour: counts.perHour.map((applications, hour) => ({ hour, applications })),
    emails: options.emails ?? null,
  };
}

/**
 * The words of the figures' columns, once: the staff figures screen's table headings and the CSV
 * export's headings (FIGURES_CSV_HEADINGS) are both built from these, so the two never name the
 * same figure differently. Counts by status are per period: the screen puts a period's
 * applications under TODAY / TOTAL, the CSV names each count with its period ('Offered today').
 */
export const FIGURES_COLUMNS = {
  LEVEL: 'Level',
  SCHOOL: 'School',
  COURSE: 'Course',
  COURSE_CODE: 'Course code',
  COURSE_TITLE: 'Course title',
  QUALIFICATION: 'Qualification',
  TODAY: 'Today',
  TOTAL: 'Total',
  /** Counts by status (statusCountsSchema keys), invitations apart from offers. */
  STATUS: {
    applications: 'Applications',
    offered: 'Offered',
    invited: 'Invited',
    referred: 'Referred',
    pooled: 'Pooled',
    rejected: 'Rejected',
    waiting: 'Waiting',
  } satisfies Record<keyof StatusCounts, string>,
  AUTOMATIC_DECISIONS: 'Automatic decisions',
  ADVISER_DECISIONS: 'Adviser decisions',
  OUTBOUND_CALLS: 'Outbound calls',
  /** Clearing places left: the places ledger's figure, the one course control shows. */
  PLACES_LEFT: 'Places left',
  /** VACANCIES_EXTERNAL: what the public search shows as open places. */
  PUBLIC_VACANCIES: 'Public vacancies',
  OVER_OFFERED: 'Over-offered',
  CLEARING_PLACES: 'Clearing places',
  OFFER_ALLOWANCE: 'Offer allowance',
  OFFERS_COUNTING: 'Offers that count',
  LAST_GUARD_CLOSE: 'Last guard close',
  LAST_GUARD_REOPEN: 'Last guard reopen',
  /** The time-to-full forecast (docs/domain/wallboard.md): its inputs, the minutes, their words and the fill state. */
  OFFERS_LAST_15: 'Offers in the last 15 min',
  OFFERS_LAST_60: 'Offers in the last hour',
  MINUTES_TO_FULL: 'Minutes to full',
  TIME_TO_FULL: 'Time to full',
  FILL_STATE: 'Fill state',
} as const;

/** A status count's heading with its period, as the CSV names it ('Offered today', 'Waiting total'). */
export const figuresPeriodHeading = (status: keyof StatusCounts, period: 'today' | 'total'): string =>
  `${FIGURES_COLUMNS.STATUS[status]} ${FIGURES_COLUMNS[period === 'today' ? 'TODAY' : 'TOTAL'].toLowerCase()}`;

/** The status counts in the order of the figures (screen and CSV). */
export const FIGURES_STATUS_ORDER = [
  'applications',
  'offered',
  'invited',
  'referred',
  'pooled',
  'rejected',
  'waiting',
] as const satisfies readonly (keyof StatusCounts)[];

const C = FIGURES_COLUMNS;
/** Column headings of the CSV export, in order (words from FIGURES_COLUMNS). */
export const FIGURES_CSV_HEADINGS: readonly string[] = [
  C.LEVEL,
  C.SCHOOL,
  C.COURSE_CODE,
  C.COURSE_TITLE,
  C.QUALIFICATION,
  ...FIGURES_STATUS_ORDER.map((status) => figuresPeriodHeading(status, 'today')),
  ...FIGURES_STATUS_ORDER.map((status) => figuresPeriodHeading(status, 'total')),
  C.AUTOMATIC_DECISIONS,
  C.ADVISER_DECISIONS,
  C.OUTBOUND_CALLS,
  C.PLACES_LEFT,
  C.PUBLIC_VACANCIES,
  C.OVER_OFFERED,
  C.CLEARING_PLACES,
  C.OFFER_ALLOWANCE,
  C.OFFERS_COUNTING,
  C.LAST_GUARD_CLOSE,
  C.LAST_GUARD_REOPEN,
  C.OFFERS_LAST_15,
  C.OFFERS_LAST_60,
  C.MINUTES_TO_FULL,
  C.TIME_TO_FULL,
  C.FILL_STATE,
];

/** One CSV cell: quoted when it holds a comma, quote or line break; a leading =, +, - or @ is defused (CSV injection). */
const csvCell = (value: string | number): string => {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

const STATUS_KEYS = ['applications', 'offered', 'invited', 'referred', 'pooled', 'rejected', 'waiting'] as const;

/**
 * The figures as CSV (RFC 4180, CRLF): a line per course, per school and the overall total. A
 * course's line ends with its time-to-full forecast (offers in the last 15 and 60 minutes, minutes
 * to full, its words and the fill state), as the figures screen and the wallboard show it.
 */
export function figuresCsv(figures: FiguresResponse): string {
  const counts = (c: CourseCounts) => [...STATUS_KEYS.map((k) => c.today[k]), ...STATUS_KEYS.map((k) => c.total[k]), c.automatic, c.adviser, c.outboundCalls];
  const lines: (string | number)[][] = [[...FIGURES_CSV_HEADINGS]];
  for (const r of figures.courses) {
    const code = r.COURSE_CODE_OVERRIDE?.trim() ? r.COURSE_CODE_OVERRIDE : r.UCAS_CODE;
    lines.push([
      'Course',
      r.SCHOOL_NAME,
      code,
      r.COURSE_TITLE,
      r.QUALIFICATION,
      ...counts(r),
      r.VACANCIES_INTERNAL,
      r.VACANCIES_EXTERNAL,
      r.overOffered ? 'yes' : 'no',
      r.CLEARING_PLACES,
      r.OFFER_ALLOWANCE.toFixed(2),
      r.OFFERS_COUNTING,
      r.LAST_GUARD_CLOSE ?? '',
      r.LAST_GUARD_REOPEN ?? '',
      // The forecast in whole minutes (blank when not filling) beside the words every screen shows.
      r.OFFERS_LAST_15,
      r.OFFERS_LAST_60,
      r.MINUTES_TO_FULL === null ? '' : Math.round(r.MINUTES_TO_FULL),
      timeToFullText(r.MINUTES_TO_FULL),
      FILL_STATE_TEXTS[r.FILL_STATE],
    ]);
  }
  // Schools and the total have no ledger and no forecast of their own (a forecast is a course's).
  const noLedger = ['', '', '', '', '', '', '', '', '', ''];
  for (const s of figures.schools) lines.push(['School', s.SCHOOL_NAME, '', '', '', ...counts(s), s.placesLeft, s.publicVacancies, s.overOffered, ...noLedger]);
  const o = figures.overall;
  lines.push(['All', '', '', '', '', ...counts(o), o.placesLeft, o.publicVacancies, o.overOffered, ...noLedger]);
  return lines.map((line) => line.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
