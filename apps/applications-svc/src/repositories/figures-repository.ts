import {
  AUTOMATIC_SUB_STATUSES,
  FIGURES_TIME_ZONE,
  TIME_TO_FULL_WINDOWS_MINUTES,
  type CourseCounts,
  type FiguresCountResponse,
  type StatusCounts,
} from '@clearing-desk/contracts';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { applicationLog, applications } from '../db/schema';
import type { ApplicationsDatabase } from '../plugins/external/database';
import type { Executor } from './applications-repository';

/** Statuses that are a decision (spec section 3): offered, invited, referred, pooled, rejected. */
const DECISION_STATUSES = ['O', 'I', 'R', 'P', 'X'] as const;

/** Courses asked up to which only their rows are read (by index); more, and the table is scanned once. */
const FEW_COURSES = 20;

type HourRow = {
  ucas_code: string;
  hour: number | null;
  applications: number;
  offered: number;
  invited: number;
  referred: number;
  pooled: number;
  rejected: number;
  waiting: number;
  automatic: number;
  adviser: number;
  outbound_calls: number;
};

const zeroStatus = (): StatusCounts => ({ applications: 0, offered: 0, invited: 0, referred: 0, pooled: 0, rejected: 0, waiting: 0 });
const zeroCounts = (): CourseCounts => ({ today: zeroStatus(), total: zeroStatus(), automatic: 0, adviser: 0, outboundCalls: 0 });
function addStatus(into: StatusCounts, add: StatusCounts): void {
  for (const key of Object.keys(into) as (keyof StatusCounts)[]) into[key] += add[key];
}

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/**
 * Results-day figures counted in PostgreSQL, never by loading rows into Node: one
 * grouped scan answers counts per course and per hour of today (at most 25 rows per course),
 * which are added up here. "Today" starts at midnight in FIGURES_TIME_ZONE.
 *
 * Automatic against adviser decisions: the table has no "decided by" column, so an automatic
 * decision is one whose SUB_STATUS is AO, AR or AX (only the automatic public decision sets them,
 * domain.md "Public submissions"); every other decided status (O, I, R, P, X) is an adviser's.
 */
export function createFiguresRepository(db: ApplicationsDatabase) {
  const repository = {
    /**
     * Counts per course code (every code asked, zeros included, in the order asked) and today's
     * applications per hour over all of them (24 entries). `now` fixes "today" (tests).
     */
    async count(codes: readonly string[], now: Date = new Date()): Promise<Omit<FiguresCountResponse, 'FILLS_FAST_MINUTES'>> {
      const perHour = Array.from({ length: 24 }, () => 0);
      if (codes.length === 0) return { rows: [], perHour };
      const tz = FIGURES_TIME_ZONE;
      const startOfToday = sql`(date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${tz}) at time zone ${tz})`;
      // Few courses (a department's): only their rows, through the index that starts with
      // ucas_code. Many (a school, everything): one scan of the table is cheaper than matching
      // every row against a long list, and groups of courses nobody asked for are dropped below.
      const where = codes.length <= FEW_COURSES ? sql`where ${applications.ucasCode} = any(${textArray(codes)})` : sql``;
      // Status codes are the contract's constants, so they go into the SQL as literals.
      const inList = (values: readonly string[]) => sql.raw(`(${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')})`);
      const n = (condition: string) => sql.raw(`(count(*) filter (where ${condition}))::int`);
      // One grouped scan: per course and per hour of today (hour null for earlier days), so the
      // answer is at most 25 small rows per course, added up here.
      const result = await db.execute<HourRow>(sql`
        select ucas_code, hour,
          count(*)::int as applications,
          ${n("status = 'O'")} as offered,
          ${n("status = 'I'")} as invited,
          ${n("status = 'R'")} as referred,
          ${n("status = 'P'")} as pooled,
          ${n("status = 'X'")} as rejected,
          ${n("status = 'S'")} as waiting,
          ${n('decided and automatic')} as automatic,
          ${n('decided and not automatic')} as adviser,
          ${n('outbound_call_flag = 1')} as outbound_calls
        from (
          select ${applications.ucasCode} as ucas_code, ${applications.status} as status,
            case when ${applications.createdAt} >= ${startOfToday}
              then extract(hour from ${applications.createdAt} at time zone ${tz})::int end as hour,
            ${applications.status} in ${inList(DECISION_STATUSES)} as decided,
            coalesce(${applications.subStatus} in ${inList(AUTOMATIC_SUB_STATUSES)}, false) as automatic,
            ${applications.outboundCallFlag} as outbound_call_flag
          from ${applications}
          ${where}
        ) a
        group by ucas_code, hour`);
      const asked = new Map<string, CourseCounts>(codes.map((code) => [code, zeroCounts()]));
      for (const row of rowsOf<HourRow>(result)) {
        const counts = asked.get(row.ucas_code);
        if (!counts) continue;
        const statusCounts = {
          applications: Number(row.applications),
          offered: Number(row.offered),
          invited: Number(row.invited),
          referred: Number(row.referred),
          pooled: Number(row.pooled),
          rejected: Number(row.rejected),
          waiting: Number(row.waiting),
        };
        addStatus(counts.total, statusCounts);
        if (row.hour !== null) {
          addStatus(counts.today, statusCounts);
          perHour[Number(row.hour)] = (perHour[Number(row.hour)] ?? 0) + statusCounts.applications;
        }
        counts.automatic += Number(row.automatic);
        counts.adviser += Number(row.adviser);
        counts.outboundCalls += Number(row.outbound_calls);
      }
      const offerTimes = await repository.offerTimes(codes, now);
      return {
        rows: codes.map((code) => ({ UCAS_CODE: code, ...(asked.get(code) ?? zeroCounts()), offerTimes: offerTimes.get(code) ?? [] })),
        perHour,
      };
    },

    /** When each application now offered on these courses was offered, in the last 60 minutes (offerTimesOf). */
    offerTimes: (codes: readonly string[], now: Date = new Date()) => offerTimesOf(db, codes, now),
  };
  return repository;
}

/**
 * When each application now offered (O) on these courses was offered, for those offered in the
 * last 60 minutes before `now`: the time of its last LOG row meant for the applicant (the status
 * change or the create that made it O, the instant its offer deadline counts from). An offer
 * withdrawn since is not counted: the forecast is about places taken now. `ex` is the pool or a
 * transaction (the wallboard's alerts read them in the offer's own). Answers ISO 8601 instants per code.
 */
export async function offerTimesOf(ex: Executor, codes: readonly string[], now: Date): Promise<Map<string, string[]>> {
  const since = new Date(now.getTime() - TIME_TO_FULL_WINDOWS_MINUTES.long * 60_000).toISOString();
  const result = await ex.execute<{ ucas_code: string; offered_at: Date | string }>(sql`
    select a.ucas_code, o.offered_at
    from ${applications} a
    cross join lateral (
      select max(l.time) as offered_at from ${applicationLog} l
      where l.application_id = a.application_id and l.applicant_message is not null
    ) o
    where a.status = 'O' and a.ucas_code = any(${textArray(codes)})
      and o.offered_at > ${since}::timestamptz and o.offered_at <= ${now.toISOString()}::timestamptz`);
  const byCode = new Map<string, string[]>();
  for (const row of rowsOf<{ ucas_code: string; offered_at: Date | string }>(result)) {
    const list = byCode.get(row.ucas_code) ?? [];
    list.push(new Date(row.offered_at).toISOString());
    byCode.set(row.ucas_code, list);
  }
  return byCode;
}

/** node-postgres answers `{ rows }`, PGlite too; both shapes are accepted. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

export type FiguresRepository = ReturnType<typeof createFiguresRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    figuresRepository: FiguresRepository;
  }
}

export const figuresRepositoryPlugin = fp(
  async (fastify) => {
    fastify.decorate('figuresRepository', createFiguresRepository(fastify.db));
  },
  { name: 'figures-repository', dependencies: ['applications-database'] },
);
