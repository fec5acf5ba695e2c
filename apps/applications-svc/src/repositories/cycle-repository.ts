import {
  CYCLE_ROLL_MESSAGES,
  inClearingWindow,
  nextCycle,
  OUTBOX_KINDS,
  type CourseStartsMovedEvent,
  type CurrentCycle,
  type CycleRollEntry,
  type RecruitmentCycle,
} from '@clearing-desk/contracts';
import { currentTraceparent, HttpError } from '@clearing-desk/service-kit';
import { desc, eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { outbox, recruitmentCycleAudit, recruitmentCycles } from '../db/schema';
import type { ApplicationsDatabase } from '../plugins/external/database';

type CycleRow = typeof recruitmentCycles.$inferSelect;
/** The pool or a transaction of it. */
type Executor = ApplicationsDatabase | Parameters<Parameters<ApplicationsDatabase['transaction']>[0]>[0];

const toCycle = (row: CycleRow): RecruitmentCycle => ({
  NAME: row.name,
  CLEARING_OPENS: row.clearingOpens,
  CLEARING_CLOSES: row.clearingCloses,
  RESULTS_DAY: row.resultsDay,
  COURSE_START_DATE: row.courseStartDate,
  TARIFF_VERSION: row.tariffVersion,
});

const toRow = (cycle: RecruitmentCycle) => ({
  name: cycle.NAME,
  clearingOpens: cycle.CLEARING_OPENS,
  clearingCloses: cycle.CLEARING_CLOSES,
  resultsDay: cycle.RESULTS_DAY,
  courseStartDate: cycle.COURSE_START_DATE,
  tariffVersion: cycle.TARIFF_VERSION,
});

/**
 * The current recruitment cycle in `db` (a transaction or the pool); null before the first start
 * has seeded one. New applications record its NAME (read in their own transaction, so an
 * application stored while a roll commits belongs to exactly one cycle).
 */
export async function currentCycleOf(db: Executor): Promise<RecruitmentCycle | null> {
  const [row] = await db.select().from(recruitmentCycles).where(eq(recruitmentCycles.current, true)).limit(1);
  return row ? toCycle(row) : null;
}

/**
 * The recruitment cycles (domain.md "Recruitment cycles"): the current one, seeding it, and the
 * Administrator's roll to the next. `today` gives the calendar date (yyyy-mm-dd, Europe/London)
 * of the service's clock (CLEARING_CLOCK), which the Clearing window is judged on.
 */
export function createCycleRepository(db: ApplicationsDatabase, today: () => string) {
  return {
    /** Stores `seed` as the current cycle unless a current cycle exists already (first start; later starts keep what is stored). */
    async ensure(seed: RecruitmentCycle): Promise<void> {
      await db.transaction(async (tx) => {
        if (await currentCycleOf(tx)) return;
        await tx
          .insert(recruitmentCycles)
          .values({ ...toRow(seed), current: true })
          .onConflictDoNothing();
      });
    },

    /** The current cycle with whether its Clearing window contains today; null before it is seeded. */
    async current(): Promise<CurrentCycle | null> {
      const cycle = await currentCycleOf(db);
      return cycle ? { ...cycle, IN_WINDOW: inClearingWindow(cycle, today()) } : null;
    },

    /** The latest `limit` rolls, newest first. */
    async rolls(limit = 20): Promise<CycleRollEntry[]> {
      const rows = await db.select().from(recruitmentCycleAudit).orderBy(desc(recruitmentCycleAudit.id)).limit(limit);
      return rows.map((r) => ({ at: r.at.toISOString(), username: r.username, FROM: r.fromCycle, TO: r.toCycle }));
    },

    /**
     * Rolls from the cycle named `from` to the next (contracts' nextCycle: every date a year on),
     * in one transaction: the next cycle stored and made current, the audit row, and the outbox row
     * by which courses-svc moves the courses that started on the old default start date to the
     * new one. 409 (CYCLE_ROLL_MESSAGES.NOT_CURRENT) unless `from` is the current cycle, so a
     * repeated confirmation never rolls twice; the row lock makes two concurrent rolls one.
     */
    async roll(from: string, username: string): Promise<RecruitmentCycle> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(recruitmentCycles).where(eq(recruitmentCycles.current, true)).for('update').limit(1);
        if (!row || row.name !== from) throw new HttpError(409, CYCLE_ROLL_MESSAGES.NOT_CURRENT(from, row?.name ?? '—'));
        const old = toCycle(row);
        const next = nextCycle(old);
        await tx.update(recruitmentCycles).set({ current: false }).where(eq(recruitmentCycles.name, old.NAME));
        // A cycle of that name stored before (rolled back to by hand) takes the new dates.
        await tx
          .insert(recruitmentCycles)
          .values({ ...toRow(next), current: true })
          .onConflictDoUpdate({ target: recruitmentCycles.name, set: { ...toRow(next), current: true } });
        const [audit] = await tx.insert(recruitmentCycleAudit).values({ username, fromCycle: old.NAME, toCycle: next.NAME }).returning();
        const event: CourseStartsMovedEvent = {
          FROM_CYCLE: old.NAME,
          TO_CYCLE: next.NAME,
          FROM: old.COURSE_START_DATE,
          TO: next.COURSE_START_DATE,
          username,
          at: (audit?.at ?? new Date()).toISOString(),
        };
        await tx.insert(outbox).values({ aggregateId: next.NAME, kind: OUTBOX_KINDS.COURSE_STARTS, payload: event, traceparent: currentTraceparent() });
        return next;
      });
    },
  };
}
export type CycleRepository = ReturnType<typeof createCycleRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    cycleRepository: CycleRepository;
  }
}

export const cycleRepositoryPlugin = fp<{ today: () => string }>(
  async (fastify, { today }) => {
    fastify.decorate('cycleRepository', createCycleRepository(fastify.db, today));
  },
  { name: 'cycle-repository', dependencies: ['applications-database'] },
);
