import {
  alertThresholdOf,
  FILLS_FAST_MINUTES_DEFAULT,
  fillState,
  forecastTimeToFull,
  OUTBOX_KINDS,
  wallboardAlertEmail,
  type EmailCourseFacts,
  type StaffEmailPayload,
  type StaffUser,
  type WallboardAlert,
} from '@clearing-desk/contracts';
import { currentTraceparent } from '@clearing-desk/service-kit';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { ApplicationsConfig } from '../config';
import { coursePlaces, outbox, wallboardAlerts } from '../db/schema';
import { rowPlacesLeft } from '../places/arithmetic';
import type { Executor } from '../repositories/applications-repository';
import { currentCycleOf } from '../repositories/cycle-repository';
import { offerTimesOf, rowsOf } from '../repositories/figures-repository';
import { scopeCondition } from '../repositories/scope';

/** What raising alerts needs from the configuration: the filling-fast threshold and whom to email. */
export type WallboardAlertSettings = { fastMinutes: number; recipients: readonly string[] };
/** Alerts raised on the board, nobody emailed (a repository built without the service's configuration). */
export const NO_ALERT_EMAILS: WallboardAlertSettings = { fastMinutes: FILLS_FAST_MINUTES_DEFAULT, recipients: [] };

type AlertRow = typeof wallboardAlerts.$inferSelect;
const toAlert = (row: AlertRow): WallboardAlert => ({
  ID: row.id,
  THRESHOLD: row.threshold,
  MINUTES: row.minutes,
  UCAS_CODE: row.ucasCode,
  COURSE_TITLE: row.courseTitle,
  CYCLE: row.cycle,
  RAISED_AT: row.raisedAt.toISOString(),
});

/**
 * The course that may pass a threshold: as the decision's email names it, with the school and
 * department that scope its alert, and the application's intake (null for a course control
 * change: the current recruitment cycle names the alert's cycle).
 */
export type OfferedCourse = { ucasCode: string; courseTitle: string; school: string; dept: string; intake: string | null };

/** The course of an offered application, titled as its decision's email names it (the code alone when the caller sent no course facts). */
export const offeredCourse = (
  row: { ucasCode: string; school: string; dept: string; intake: string },
  facts: Pick<EmailCourseFacts, 'COURSE_TITLE'> | undefined,
): OfferedCourse => ({ ucasCode: row.ucasCode, courseTitle: facts?.COURSE_TITLE || row.ucasCode, school: row.school, dept: row.dept, intake: row.intake });

/**
 * After a new offer, in the offer's transaction `tx` (docs/domain/wallboard.md "Alerts"): the
 * course's forecast as the board shows it (the places ledger's places left and the offers of the
 * last hour, contracts forecastTimeToFull and fillState with `settings.fastMinutes`), and when it
 * is 'full' or 'filling-fast', that alert of the current recruitment cycle is stored unless one
 * stands already, with one 'wallboard-alert-email' outbox row per supervisor in
 * `settings.recipients`. The unique index on standing alerts makes two offers passing the
 * threshold at once raise one: the second insert waits for the first transaction and then does
 * nothing. Runs after the offer's LOG row is written (its instant is one of the offers counted);
 * the ledger's UPDATE earlier in the transaction already waited for every offer before it on the
 * course, so the count sees them. Answers the alert raised, or null. A course without a ledger
 * raises nothing.
 */
export async function raiseWallboardAlert(tx: Executor, course: OfferedCourse, settings: WallboardAlertSettings): Promise<WallboardAlert | null> {
  // The ledger's places left (read here, not through the ledger module, which clears alerts on a reopen).
  const [ledger] = await tx.select().from(coursePlaces).where(eq(coursePlaces.ucasCode, course.ucasCode));
  if (!ledger) return null;
  // The clock now, not the transaction's start: every offer committed before is at or before it.
  const [clock] = rowsOf<{ now: Date | string }>(await tx.execute(sql`select clock_timestamp() as now`));
  const now = new Date(clock!.now);
  const times = ((await offerTimesOf(tx, [course.ucasCode], now)).get(course.ucasCode) ?? []).map((t) => Date.parse(t));
  const forecast = forecastTimeToFull({ placesLeft: rowPlacesLeft(ledger), offerTimes: times, now: now.getTime() });
  const threshold = alertThresholdOf(fillState(forecast, settings.fastMinutes));
  if (!threshold) return null;
  const cycle = (await currentCycleOf(tx))?.NAME ?? course.intake;
  if (!cycle) return null;
  const [row] = await tx
    .insert(wallboardAlerts)
    .values({
      cycle,
      ucasCode: course.ucasCode,
      threshold,
      minutes: threshold === 'filling-fast' ? settings.fastMinutes : null,
      courseTitle: course.courseTitle,
      school: course.school,
      dept: course.dept,
      raisedAt: now,
    })
    .onConflictDoNothing({ target: [wallboardAlerts.cycle, wallboardAlerts.ucasCode, wallboardAlerts.threshold], where: isNull(wallboardAlerts.clearedAt) })
    .returning();
  if (!row) return null;
  const alert = toAlert(row);
  if (settings.recipients.length > 0) {
    const { subject, lines } = wallboardAlertEmail(alert);
    await tx.insert(outbox).values(
      settings.recipients.map((recipient) => ({
        aggregateId: `wallboard-alert:${alert.ID}`,
        kind: OUTBOX_KINDS.WALLBOARD_ALERT_EMAIL,
        payload: { recipient, subject, lines, alertId: alert.ID } satisfies StaffEmailPayload & { alertId: string },
        traceparent: currentTraceparent(),
      })),
    );
  }
  return alert;
}

/**
 * A course reopened (the places guard gave a place back after closing it), in the ledger's
 * transaction: its standing 'full' alert is cleared, so filling again raises a new one and the
 * supervisors are emailed once more. 'Filling fast' stays: it is raised once per cycle.
 */
export async function clearFullAlert(tx: Executor, ucasCode: string): Promise<void> {
  await tx
    .update(wallboardAlerts)
    .set({ clearedAt: sql`now()` })
    .where(and(eq(wallboardAlerts.ucasCode, ucasCode), eq(wallboardAlerts.threshold, 'full'), isNull(wallboardAlerts.clearedAt)));
}

/**
 * The standing alerts of the current recruitment cycle on courses in `user`'s scopes (the
 * school and department of the offer that raised each), the latest first: what every
 * wallboard shows. None for a user without a role.
 */
export async function standingAlerts(db: Executor, user: StaffUser): Promise<WallboardAlert[]> {
  const scope = scopeCondition(user.roles, { school: wallboardAlerts.school, dept: wallboardAlerts.dept });
  if (scope === null) return [];
  const cycle = (await currentCycleOf(db))?.NAME;
  const rows = await db
    .select()
    .from(wallboardAlerts)
    .where(and(isNull(wallboardAlerts.clearedAt), cycle ? eq(wallboardAlerts.cycle, cycle) : undefined, scope))
    .orderBy(desc(wallboardAlerts.raisedAt), desc(wallboardAlerts.id))
    .limit(200);
  return rows.map(toAlert);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The wallboard's alert settings (WALLBOARD_FILLS_FAST_MINUTES, SUPERVISOR_ALERT_EMAILS) every store of an offer raises alerts with. */
    wallboardAlertSettings: WallboardAlertSettings;
  }
}

/** Decorates the service with its wallboard alert settings from the configuration. */
export const wallboardAlertsPlugin = fp<{ config: ApplicationsConfig }>(
  async (fastify, { config }) => {
    fastify.decorate('wallboardAlertSettings', { fastMinutes: config.WALLBOARD_FILLS_FAST_MINUTES, recipients: config.SUPERVISOR_ALERT_EMAILS });
  },
  { name: 'wallboard-alerts' },
);
