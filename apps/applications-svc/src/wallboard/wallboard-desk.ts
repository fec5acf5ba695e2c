import { FIGURES_TIME_ZONE, type StaffUser, type WallboardDesk } from '@clearing-desk/contracts';
import { and, count, eq, gte, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { applicationLog, applications, callbacks, queueClaims } from '../db/schema';
import type { ApplicationsDatabase } from '../plugins/external/database';
import type { PresenceStore } from '../presence/presence-store';
import type { WorkQueue } from '../queue/work-queue';
import { scopeCondition } from '../repositories/scope';
import { standingAlerts } from './wallboard-alerts';

/** Midnight of `now`'s day in London, as SQL (the figures' 'today'). */
const startOfToday = (now: Date): SQL =>
  sql`(date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${FIGURES_TIME_ZONE}) at time zone ${FIGURES_TIME_ZONE})`;

/**
 * Whether the callback row has been answered: an adviser recorded an outcome on its application
 * since its window opened (a LOG row meant for the applicant, or an outbound call logged; not the
 * public's own rows, such as the submission's).
 * The desk's outcomes mark the callback `done` (workQueue.close) and done ones are not counted;
 * this also answers one an outcome left `booked` (a status change without holding the
 * application, a failure between the outcome and the marking).
 */
const ANSWERED = sql`exists (select 1 from ${applicationLog} l where l.application_id = ${callbacks.applicationId}
  and l.time >= ${callbacks.slotStart} and l."user" <> 'public' and (l.applicant_message is not null or l.message like 'Outbound call logged:%'))`;
/** Whether someone has taken the callback from the queue and their claim still runs (or they closed it). */
const taken = (now: Date): SQL => sql`exists (select 1 from ${queueClaims} q where q.application_id = ${callbacks.applicationId}
  and q.kind = 'callback' and q.claimed_at >= ${callbacks.slotStart} and (q.closed_at is not null or q.expires_at > ${now.toISOString()}))`;

/**
 * The wallboard's desk panels in `user`'s scopes (docs/domain/wallboard.md "The desk"):
 * - queue: the work queue's items waiting now and since when the oldest has waited;
 * - callbacks: due (booked, window now, not answered), at risk (due, nobody has taken it, the
 *   window ends within `atRiskMinutes`), missed (booked, window ended today, never answered);
 *   both kinds: an applicant's (answered by an outcome on the application, taken by a queue
 *   claim) and a caller's who has not applied (scoped by the course on the row, answered when
 *   closed `done`, taken by the claim on the row itself);
 * - open: the applications held open (presence) on courses in scope;
 * - decisions_today: per username, LOG rows meant for the applicant written today on courses in
 *   scope (a decision each: an adviser's offer, rejection, referral...);
 * - offers_today: applications offered (O) now whose offer was made today, per course and London hour;
 * - alerts: the standing alerts of the cycle on courses in scope (wallboard-alerts.ts standingAlerts).
 */
export async function wallboardDesk(
  deps: { db: ApplicationsDatabase; workQueue: WorkQueue; presence: PresenceStore },
  user: StaffUser,
  atRiskMinutes: number,
  now: Date,
): Promise<WallboardDesk> {
  const { db } = deps;
  const scope = scopeCondition(user.roles);
  if (scope === null)
    return {
      queue: { length: 0, oldest_since: null },
      callbacks: { due: 0, at_risk: 0, missed: 0 },
      open: [],
      decisions_today: [],
      offers_today: [],
      alerts: [],
    };
  const at = now.toISOString();
  const riskFrom = new Date(now.getTime() + atRiskMinutes * 60_000).toISOString();
  const n = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`.mapWith(Number);
  /** Due, at risk and missed of the booked callbacks a query reads, by what answers and what takes one of them. */
  const callbackCounts = (answered: SQL, takenNow: SQL) => {
    const due = sql`${callbacks.slotStart} <= ${at} and ${callbacks.slotEnd} > ${at} and not ${answered}`;
    return {
      due: n(due),
      atRisk: n(sql`${due} and ${callbacks.slotEnd} <= ${riskFrom} and not ${takenNow}`),
      missed: n(sql`${callbacks.slotEnd} <= ${at} and ${callbacks.slotEnd} >= ${startOfToday(now)} and not ${answered}`),
    };
  };

  const offeredAt = sql`(select max(l.time) from ${applicationLog} l where l.application_id = ${applications.applicationId} and l.applicant_message is not null)`;
  const [queue, [applicantCounts], [callerCounts], held, decisions, offers, alerts] = await Promise.all([
    deps.workQueue.waiting(user),
    db
      .select(callbackCounts(ANSWERED, taken(now)))
      .from(callbacks)
      .innerJoin(applications, eq(applications.applicationId, callbacks.applicationId))
      .where(and(eq(callbacks.status, 'booked'), scope)),
    // A caller's callback (no application) is answered by being closed `done` (so never while
    // booked) and taken by the claim on its own row.
    db
      .select(callbackCounts(sql`false`, sql`(${callbacks.claimedBy} is not null and ${callbacks.claimExpiresAt} > ${at})`))
      .from(callbacks)
      .where(
        and(
          eq(callbacks.status, 'booked'),
          isNull(callbacks.applicationId),
          scopeCondition(user.roles, { school: callbacks.school, dept: callbacks.dept }) ?? undefined,
        ),
      ),
    deps.presence.list(),
    db
      .select({ username: applicationLog.user, count: count() })
      .from(applicationLog)
      .innerJoin(applications, eq(applications.applicationId, applicationLog.applicationId))
      .where(and(isNotNull(applicationLog.applicantMessage), gte(applicationLog.time, sql`${startOfToday(now)}`), scope))
      .groupBy(applicationLog.user),
    // Offers standing now, by the hour they were made today (their last row meant for the applicant, as the forecast counts them).
    db
      .select({
        ucasCode: applications.ucasCode,
        hour: sql<number>`extract(hour from ${offeredAt} at time zone ${FIGURES_TIME_ZONE})::int`.mapWith(Number),
        offers: count(),
      })
      .from(applications)
      .where(and(eq(applications.status, 'O'), sql`${offeredAt} >= ${startOfToday(now)}`, scope))
      .groupBy(applications.ucasCode, sql`2`),
    standingAlerts(db, user),
  ]);
  const ids = held.map((h) => h.applicationId);
  const courses = ids.length
    ? await db
        .select({ applicationId: applications.applicationId, ucasCode: applications.ucasCode })
        .from(applications)
        .where(and(inArray(applications.applicationId, ids), scope))
    : [];
  const courseOf = new Map(courses.map((c) => [c.applicationId, c.ucasCode]));
  return {
    queue: { length: queue.length, oldest_since: queue.oldestSince },
    callbacks: {
      due: (applicantCounts?.due ?? 0) + (callerCounts?.due ?? 0),
      at_risk: (applicantCounts?.atRisk ?? 0) + (callerCounts?.atRisk ?? 0),
      missed: (applicantCounts?.missed ?? 0) + (callerCounts?.missed ?? 0),
    },
    open: held.flatMap(({ applicationId, holder }) => {
      const code = courseOf.get(applicationId);
      return code ? [{ username: holder.username, name: holder.name, since: holder.since, APPLICATION_ID: String(applicationId), UCAS_CODE: code }] : [];
    }),
    decisions_today: decisions.map((d) => ({ username: d.username, count: Number(d.count) })),
    offers_today: offers.map((o) => ({ UCAS_CODE: o.ucasCode, hour: o.hour, offers: Number(o.offers) })),
    alerts,
  };
}
