import {
  accessForCourse,
  canEditApplication,
  orderWorkQueue,
  WILL_CALL_BACK_OUTCOME,
  workQueueEntry,
  workQueueReason,
  type ApplicationStatus,
  type QueueCaller,
  type StaffUser,
  type WorkQueueEntry,
  type WorkQueueItem,
  type WorkQueueKind,
  type WorkQueueRules,
} from '@clearing-desk/contracts';
import { decisionDeadline, type TeamCalendar } from '@clearing-desk/contracts/server';
import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { ApplicationsConfig } from '../config';
import { applicationLog, applications, callbacks, queueClaims } from '../db/schema';
import type { ApplicationsDatabase } from '../plugins/external/database';
import { scopeCondition } from '../repositories/scope';

/** Candidates each kind's query reads at most: the first of each kind in its own order, plenty for one 'Next call'. */
const PER_KIND = 50;
/** Candidates of each kind the wallboard counts at most: a queue longer than this reads as this many of the kind. */
const WALLBOARD_PER_KIND = 5_000;
/**
 * The outer row's id, written with its table: drizzle writes a column of a one-table query without
 * it, which inside a subquery would name the subquery's own column (and match every row).
 */
const OUTER_ID = sql.raw('"applications"."application_id"');
/** An offer or referral decided longer ago than this has passed its deadline (two working days, or noon next day). */
const DECISION_LOOKBACK_MS = 7 * 24 * 3_600_000;

type CandidateRow = {
  applicationId: number;
  studentId: string;
  ucasCode: string;
  status: ApplicationStatus;
  createdBy: string;
  createdAt: Date;
  outboundCallRemark: string | null;
  school: string;
  dept: string;
  name: string;
  decidedAt: Date | null;
  lastCallAt: Date | null;
  callbackStart: Date | null;
  callbackEnd: Date | null;
};

/** A call booked from the course page without an application: the caller, the course and its scope. */
type CallerRow = { id: number; start: Date; name: string; tel: string; email: string; ucasCode: string; school: string; dept: string };
const callerSelect = {
  id: callbacks.id,
  start: callbacks.slotStart,
  name: sql<string>`coalesce(${callbacks.callerName}, '')`,
  tel: sql<string>`coalesce(${callbacks.callerTel}, '')`,
  email: sql<string>`coalesce(${callbacks.callerEmail}, '')`,
  ucasCode: sql<string>`coalesce(${callbacks.ucasCode}, '')`,
  school: sql<string>`coalesce(${callbacks.school}, '')`,
  dept: sql<string>`coalesce(${callbacks.dept}, '')`,
};

/** An item of the order: an application's, or a caller's booked call. */
type QueueEntry = (WorkQueueEntry & { id: string; row: CandidateRow }) | (WorkQueueEntry & { id: string; caller: CallerRow });

export type WorkQueueDeps = {
  db: ApplicationsDatabase;
  calendar: TeamCalendar;
  rules: WorkQueueRules;
  /** Minutes an item claimed and not closed stays the adviser's before it returns to the queue. */
  claimMinutes: number;
  now: () => Date;
  /** Whether someone other than `username` has the application open (presence): such an item is not handed out. */
  heldByOther?: (applicationId: number, username: string) => Promise<boolean>;
};

/**
 * The desk's work queue (contracts applications/work-queue.ts; docs/domain/work-queue.md).
 * Candidates come from one query per kind (scoped to the adviser's courses, without items of that
 * kind closed or claimed by someone and not yet expired); the contracts rule gives each its kind
 * and the order; the first the adviser may edit is claimed with an insert on the claim's primary
 * key, so two advisers asking at once never get the same item. Times come from `now`, never from
 * the database's clock, so tests move the clock instead of waiting.
 */
export function createWorkQueue(deps: WorkQueueDeps) {
  const { db, calendar, rules } = deps;

  /** Rows of kind `kind` not closed and not claimed by anyone at `now`. */
  const free = (kind: WorkQueueKind, now: Date): SQL =>
    sql`not exists (select 1 from ${queueClaims} q where q.application_id = ${OUTER_ID} and q.kind = ${kind}
      and (q.closed_at is not null or q.expires_at > ${now.toISOString()}))`;

  const select = {
    applicationId: applications.applicationId,
    studentId: applications.studentId,
    ucasCode: applications.ucasCode,
    status: applications.status,
    createdBy: applications.createdBy,
    createdAt: applications.createdAt,
    outboundCallRemark: applications.outboundCallRemark,
    school: applications.school,
    dept: applications.dept,
    name: sql<string>`trim(coalesce(${applications.form}->>'NAME1', '') || ' ' || coalesce(${applications.form}->>'NAME2', ''))`,
    // When the current decision was made, as its email and status page count (the last row meant for the applicant).
    decidedAt: sql<Date | null>`(select max(l.time) from ${applicationLog} l where l.application_id = ${OUTER_ID} and l.applicant_message is not null)`.mapWith(
      (v: string | Date | null) => (v === null ? null : new Date(v)),
    ),
    lastCallAt:
      sql<Date | null>`(select max(l.time) from ${applicationLog} l where l.application_id = ${OUTER_ID} and l.message like 'Outbound call logged:%')`.mapWith(
        (v: string | Date | null) => (v === null ? null : new Date(v)),
      ),
    // The applicant's live callback booking (at most one: callbacks_one_live_idx).
    callbackStart: sql<Date | null>`(select c.slot_start from ${callbacks} c where c.application_id = ${OUTER_ID} and c.status = 'booked')`.mapWith(
      (v: string | Date | null) => (v === null ? null : new Date(v)),
    ),
    callbackEnd: sql<Date | null>`(select c.slot_end from ${callbacks} c where c.application_id = ${OUTER_ID} and c.status = 'booked')`.mapWith(
      (v: string | Date | null) => (v === null ? null : new Date(v)),
    ),
  };

  async function candidates(user: StaffUser, now: Date, perKind = PER_KIND): Promise<CandidateRow[]> {
    const scope = scopeCondition(user.roles);
    if (scope === null) return [];
    const since = new Date(now.getTime() - DECISION_LOOKBACK_MS);
    const kindQueries: [WorkQueueKind, SQL | undefined, ReturnType<typeof asc>][] = [
      // A booked callback whose slot is now (its window: [slot start, slot end)).
      [
        'callback',
        sql`exists (select 1 from ${callbacks} c where c.application_id = ${OUTER_ID} and c.status = 'booked'
          and c.slot_start <= ${now.toISOString()} and c.slot_end > ${now.toISOString()})`,
        asc(applications.applicationId),
      ],
      // An offer already added in UCAS Hub (UCAS's export says so) cannot lapse: nobody needs to call.
      ['offer-lapsing', and(eq(applications.status, 'O'), isNull(applications.ucasAddedAt), gte(applications.updatedAt, since)), asc(applications.updatedAt)],
      ['referral-due', and(eq(applications.status, 'R'), gte(applications.updatedAt, since)), asc(applications.updatedAt)],
      // Waiting: nobody has called them yet (a call logged is an outcome).
      [
        'public-waiting',
        and(eq(applications.status, 'S'), eq(applications.createdBy, 'public'), eq(applications.outboundCallFlag, 0)),
        asc(applications.applicationId),
      ],
      ['will-call-back', sql`${applications.outboundCallRemark} like ${`${WILL_CALL_BACK_OUTCOME}%`}`, asc(applications.updatedAt)],
    ];
    const found = await Promise.all(
      kindQueries.map(([kind, where, order]) =>
        db
          .select(select)
          .from(applications)
          .where(and(scope, where, free(kind, now)))
          .orderBy(order)
          .limit(perKind),
      ),
    );
    const byId = new Map<number, CandidateRow>();
    for (const row of found.flat()) byId.set(row.applicationId, row as CandidateRow);
    return [...byId.values()];
  }

  /**
   * Calls booked from the course page without an application whose slot is now ([start, end)),
   * in the user's scopes (the course's school and department), free: not claimed, or the claim run
   * out. Claimed on the row itself (queue_claims needs an application).
   */
  async function callerCandidates(user: StaffUser, now: Date, perKind: number): Promise<CallerRow[]> {
    const scope = scopeCondition(user.roles, { school: callbacks.school, dept: callbacks.dept });
    if (scope === null) return [];
    const rows = await db
      .select(callerSelect)
      .from(callbacks)
      .where(
        and(
          scope,
          isNull(callbacks.applicationId),
          eq(callbacks.status, 'booked'),
          lte(callbacks.slotStart, now),
          gt(callbacks.slotEnd, now),
          or(isNull(callbacks.claimExpiresAt), lte(callbacks.claimExpiresAt, now)),
        ),
      )
      .orderBy(asc(callbacks.slotStart), asc(callbacks.id))
      .limit(perKind);
    return rows as CallerRow[];
  }

  /** A caller's entry: kind callback, due at its slot's start (workQueueEntry's rule for a callback). */
  const callerEntry = (row: CallerRow): QueueEntry => ({ kind: 'callback', dueAt: row.start.toISOString(), id: `caller-${row.id}`, caller: row });

  const callerItem = (row: CallerRow, until: Date, now: Date): WorkQueueItem => {
    const entry: WorkQueueEntry = { kind: 'callback', dueAt: row.start.toISOString() };
    const CALLER: QueueCaller = { CALLBACK_ID: String(row.id), NAME: row.name, TEL: row.tel, EMAIL: row.email, UCAS_CODE: row.ucasCode };
    return {
      kind: 'callback',
      reason: workQueueReason(entry, now),
      due_at: entry.dueAt,
      claimed_until: until.toISOString(),
      STUDENT_ID: '',
      APPLICATION_ID: '',
      UCAS_CODE: row.ucasCode,
      NAME: row.name,
      CALLER,
    };
  };

  /** Claims a caller's booked call for `username` until `until` if nobody holds it (one update: two advisers never both get it). */
  async function claimCaller(id: number, username: string, now: Date, until: Date): Promise<boolean> {
    const claimed = await db
      .update(callbacks)
      .set({ claimedBy: username, claimExpiresAt: until })
      .where(
        and(
          eq(callbacks.id, id),
          isNull(callbacks.applicationId),
          eq(callbacks.status, 'booked'),
          or(isNull(callbacks.claimExpiresAt), lte(callbacks.claimExpiresAt, now)),
        ),
      )
      .returning({ id: callbacks.id });
    return claimed.length === 1;
  }

  /** The contracts rule over a row (its deadline from the team's calendar); null when not in the queue. */
  const entryOf = (row: CandidateRow, now: Date): WorkQueueEntry | null =>
    workQueueEntry(
      {
        status: row.status,
        public: row.createdBy === 'public',
        submittedAt: row.createdAt.toISOString(),
        deadline: row.decidedAt ? (decisionDeadline(row.status, row.decidedAt, calendar)?.toISOString() ?? null) : null,
        outboundCallRemark: row.outboundCallRemark,
        lastCallAt: row.lastCallAt?.toISOString() ?? null,
        callback: row.callbackStart && row.callbackEnd ? { start: row.callbackStart.toISOString(), end: row.callbackEnd.toISOString() } : null,
      },
      now,
      rules,
    );

  const itemOf = (
    row: Pick<CandidateRow, 'studentId' | 'ucasCode' | 'applicationId' | 'name'>,
    entry: WorkQueueEntry,
    until: Date,
    now: Date,
  ): WorkQueueItem => ({
    kind: entry.kind,
    reason: workQueueReason(entry, now),
    due_at: entry.dueAt,
    claimed_until: until.toISOString(),
    STUDENT_ID: row.studentId,
    APPLICATION_ID: String(row.applicationId),
    UCAS_CODE: row.ucasCode,
    NAME: row.name,
  });

  /** The adviser's own claim still open (not closed, not expired), if any. */
  async function openClaim(username: string, now: Date): Promise<WorkQueueItem | null> {
    const [caller] = await db
      .select({ ...callerSelect, expiresAt: callbacks.claimExpiresAt })
      .from(callbacks)
      .where(and(eq(callbacks.claimedBy, username), isNull(callbacks.applicationId), eq(callbacks.status, 'booked'), gt(callbacks.claimExpiresAt, now)))
      .limit(1);
    if (caller) return callerItem(caller as CallerRow, caller.expiresAt!, now);
    const [row] = await db
      .select({ ...select, kind: queueClaims.kind, dueAt: queueClaims.dueAt, expiresAt: queueClaims.expiresAt })
      .from(queueClaims)
      .innerJoin(applications, eq(applications.applicationId, queueClaims.applicationId))
      .where(and(eq(queueClaims.username, username), isNull(queueClaims.closedAt), gt(queueClaims.expiresAt, now)))
      .orderBy(asc(queueClaims.claimedAt))
      .limit(1);
    return row ? itemOf(row, { kind: row.kind, dueAt: row.dueAt.toISOString() }, row.expiresAt, now) : null;
  }

  /**
   * Claims (application, kind) for `username` until `until`: a new row, or the row of an
   * expired claim nobody closed. Answers whether this call got it (false: someone else has it).
   */
  async function claim(applicationId: number, entry: WorkQueueEntry, username: string, now: Date, until: Date): Promise<boolean> {
    const claimed = await db
      .insert(queueClaims)
      .values({ applicationId, kind: entry.kind, username, dueAt: new Date(entry.dueAt), claimedAt: now, expiresAt: until })
      .onConflictDoUpdate({
        target: [queueClaims.applicationId, queueClaims.kind],
        set: { username, dueAt: new Date(entry.dueAt), claimedAt: now, expiresAt: until },
        setWhere: and(isNull(queueClaims.closedAt), sql`${queueClaims.expiresAt} <= ${now.toISOString()}`),
      })
      .returning({ applicationId: queueClaims.applicationId });
    return claimed.length === 1;
  }

  /**
   * The items in the user's scopes that apply now and are free for their kind (not closed, not
   * claimed by anyone whose claim still runs), at most `perKind` candidates of each kind.
   */
  async function freeEntries(user: StaffUser, now: Date, perKind: number) {
    const rows = await candidates(user, now, perKind);
    const entries = rows.flatMap((row) => {
      const entry = entryOf(row, now);
      return entry ? [{ ...entry, id: String(row.applicationId), row }] : [];
    });
    // An application found by one kind's query may be a more urgent kind now: that kind's claims count.
    const taken = entries.length
      ? await db
          .select({ applicationId: queueClaims.applicationId, kind: queueClaims.kind })
          .from(queueClaims)
          .where(
            and(
              inArray(
                queueClaims.applicationId,
                entries.map((e) => e.row.applicationId),
              ),
              or(isNotNull(queueClaims.closedAt), gt(queueClaims.expiresAt, now)),
            ),
          )
      : [];
    const isTaken = new Set(taken.map((t) => `${t.applicationId}:${t.kind}`));
    return entries.filter((entry) => !isTaken.has(`${entry.row.applicationId}:${entry.kind}`));
  }

  return {
    /**
     * The adviser's next call: their own open claim first (one item at a time), else the most
     * urgent free item they may edit (spec section 6's editing rule on its course), now claimed
     * for QUEUE_CLAIM_MINUTES; null when none waits.
     */
    async next(user: StaffUser): Promise<WorkQueueItem | null> {
      const now = deps.now();
      const mine = await openClaim(user.username, now);
      if (mine) return mine;
      const until = new Date(now.getTime() + deps.claimMinutes * 60_000);
      const entries = (await freeEntries(user, now, PER_KIND)).filter(({ row }) =>
        canEditApplication(accessForCourse(user.roles, { SCHOOL: row.school, DEPT: row.dept }), row.status),
      );
      // A caller without an application is answered by a new application by phone: the role must create one on the course.
      const callers = (await callerCandidates(user, now, PER_KIND))
        .filter((row) => canEditApplication(accessForCourse(user.roles, { SCHOOL: row.school, DEPT: row.dept }), null))
        .map(callerEntry);
      for (const entry of orderWorkQueue<QueueEntry>([...entries, ...callers])) {
        if ('caller' in entry) {
          if (await claimCaller(entry.caller.id, user.username, now, until)) return callerItem(entry.caller, until, now);
          continue;
        }
        if (await deps.heldByOther?.(entry.row.applicationId, user.username)) continue;
        if (await claim(entry.row.applicationId, entry, user.username, now, until)) return itemOf(entry.row, entry, until, now);
      }
      return null;
    },

    /**
     * The queue as the wallboard counts it, in the user's scopes (docs/domain/wallboard.md "The
     * desk"): the items waiting (free: not claimed, not closed) and the instant the oldest of those
     * already due has waited since (a callback's window start, a submission, a call logged; a
     * deadline still ahead is not a wait); null when none.
     */
    async waiting(user: StaffUser): Promise<{ length: number; oldestSince: string | null }> {
      const now = deps.now();
      const entries = [...(await freeEntries(user, now, WALLBOARD_PER_KIND)), ...(await callerCandidates(user, now, WALLBOARD_PER_KIND)).map(callerEntry)];
      const due = entries.map((e) => e.dueAt).filter((at) => new Date(at).getTime() <= now.getTime());
      return { length: entries.length, oldestSince: due.length ? due.reduce((a, b) => (new Date(a) <= new Date(b) ? a : b)) : null };
    },

    /**
     * The adviser left the application without an outcome (closed its screen or tab): their claim
     * on it not closed runs out now, so the item returns to the queue at once rather than after
     * QUEUE_CLAIM_MINUTES. Answers whether there was one.
     */
    async release(applicationId: number, username: string): Promise<boolean> {
      const now = deps.now();
      const released = await db
        .update(queueClaims)
        .set({ expiresAt: now })
        .where(
          and(eq(queueClaims.applicationId, applicationId), eq(queueClaims.username, username), isNull(queueClaims.closedAt), gt(queueClaims.expiresAt, now)),
        )
        .returning({ applicationId: queueClaims.applicationId });
      return released.length > 0;
    },

    /**
     * An outcome was recorded on the application (a decision, a call): its open claims are closed
     * for good, and its booked callback whose slot has begun is done (the call it asked for was
     * made), in one transaction. A callback whose slot is still ahead stays booked: the applicant
     * asked for a call at that time.
     */
    async close(applicationId: number): Promise<void> {
      const now = deps.now();
      await db.transaction(async (tx) => {
        await tx
          .update(queueClaims)
          .set({ closedAt: now })
          .where(and(eq(queueClaims.applicationId, applicationId), isNull(queueClaims.closedAt)));
        await tx
          .update(callbacks)
          .set({ status: 'done' })
          .where(and(eq(callbacks.applicationId, applicationId), eq(callbacks.status, 'booked'), lte(callbacks.slotStart, now)));
      });
    },
  };
}
export type WorkQueue = ReturnType<typeof createWorkQueue>;

declare module 'fastify' {
  interface FastifyInstance {
    workQueue: WorkQueue;
  }
}

/** The work queue over this service's database (after the database, intake cycle and presence plugins). */
export const workQueuePlugin = fp<{ config: ApplicationsConfig; now?: () => Date }>(
  async (fastify, { config, now }) => {
    fastify.decorate(
      'workQueue',
      createWorkQueue({
        db: fastify.db,
        calendar: fastify.intakeCycle.calendar,
        rules: { offerLapsingHours: config.QUEUE_OFFER_LAPSING_HOURS },
        claimMinutes: config.QUEUE_CLAIM_MINUTES,
        now: now ?? (() => new Date()),
        heldByOther: async (applicationId, username) => {
          const { holder } = await fastify.presence.holder(applicationId);
          return holder !== null && holder.username !== username;
        },
      }),
    );
  },
  { name: 'work-queue', dependencies: ['presence'] },
);
