import {
  newOffer,
  OFFER_STATUS,
  OUTBOX_KINDS,
  PLACES_GUARD_USER,
  returnsPlace,
  type CourseControlEvent,
  type CoursePlacesEvent,
  type PlacesBackfill,
  type PlacesLedger,
} from '@clearing-desk/contracts';
import { currentTraceparent } from '@clearing-desk/service-kit';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { applications, consumedEvents, coursePlaces, outbox } from '../db/schema';
import type { ApplicationsDatabase } from '../plugins/external/database';
import { ledgerPlacesLeftSql, rowPlacesLeft } from './arithmetic';
import { clearFullAlert, NO_ALERT_EMAILS, raiseWallboardAlert, type WallboardAlertSettings } from '../wallboard/wallboard-alerts';

/**
 * The places module (domain.md "Places"): applications-svc's ledger per course of CLEARING_PLACES,
 * OFFER_ALLOWANCE (in hundredths) and the offers that count (applications whose STATUS is O). It
 * owns taking and returning a place (countStatusChange, called by every store of a status in that
 * store's transaction), taking course control's settings from courses-svc's 'course-control'
 * events (courses-svc owns them), the figures' ledgers and the one-off backfill that creates each
 * course's ledger. Every change writes a 'course-places' outbox row in the same transaction;
 * courses-svc projects it onto the course (VACANCIES_INTERNAL).
 */

/** A database or an open transaction: the ledger always works in its caller's transaction. */
export type Executor = ApplicationsDatabase | Parameters<Parameters<ApplicationsDatabase['transaction']>[0]>[0];
type LedgerRow = typeof coursePlaces.$inferSelect;
type History = CoursePlacesEvent['history'];

/** A ledger row as the contracts' PlacesLedger. */
export function toPlacesLedger(row: LedgerRow): PlacesLedger {
  return {
    UCAS_CODE: row.ucasCode,
    CLEARING_PLACES: row.clearingPlaces,
    OFFER_ALLOWANCE: row.offerAllowanceHundredths / 100,
    OFFERS: row.offers,
    VACANCIES_INTERNAL: rowPlacesLeft(row),
    GUARD_CLOSED: row.guardClosed,
    LAST_GUARD_CLOSE: row.lastGuardClose?.toISOString() ?? null,
    LAST_GUARD_REOPEN: row.lastGuardReopen?.toISOString() ?? null,
    VERSION: row.version,
  };
}

/** Writes the 'course-places' outbox row of a ledger change in the caller's transaction (the projection in courses-svc follows it). */
async function announce(tx: Executor, row: LedgerRow, history: History): Promise<void> {
  const payload: CoursePlacesEvent = { ...toPlacesLedger(row), at: row.updatedAt.toISOString(), history };
  await tx.insert(outbox).values({ aggregateId: row.ucasCode, kind: OUTBOX_KINDS.COURSE_PLACES, payload, traceparent: currentTraceparent() });
}

/**
 * After a change of offers or settings, in the same transaction: the guard closes the course when
 * an offer took its last place, and reopens a course it closed once a place is back (a manager's
 * close, VACANCIES_EXTERNAL 0 or SUSPENDED in course control, is courses-svc's and untouched).
 * Writes the event, with the close / reopen for the course's history.
 */
async function settle(tx: Executor, row: LedgerRow, cause: 'offer' | 'return' | 'settings', history: History): Promise<LedgerRow> {
  const left = rowPlacesLeft(row);
  let event: 'guard-closed' | 'guard-reopened' | null = null;
  if (cause === 'offer' && left === 0 && !row.guardClosed) event = 'guard-closed';
  else if (left > 0 && row.guardClosed) event = 'guard-reopened';
  if (!event) {
    await announce(tx, row, history);
    return row;
  }
  const [next] = await tx
    .update(coursePlaces)
    .set(
      event === 'guard-closed'
        ? { guardClosed: true, lastGuardClose: sql`now()`, version: sql`${coursePlaces.version} + 1` }
        : { guardClosed: false, lastGuardReopen: sql`now()`, version: sql`${coursePlaces.version} + 1` },
    )
    .where(eq(coursePlaces.ucasCode, row.ucasCode))
    .returning();
  if (!next) throw new Error(`places ledger row ${row.ucasCode} vanished`);
  // A reopened course is no longer full: its 'Full' alert clears, so filling again alerts again.
  if (event === 'guard-reopened') await clearFullAlert(tx, row.ucasCode);
  // A manager's settings change keeps its own entry; the guard's close or reopen is one of its own.
  if (history) await announce(tx, row, history);
  const before = event === 'guard-closed' ? left + 1 : 0;
  await announce(tx, next, {
    username: PLACES_GUARD_USER,
    event,
    changes: [{ field: 'VACANCIES_INTERNAL', old: cause === 'settings' ? null : before, new: left }],
  });
  return next;
}

/** What `takePlace` did: took a place (`row` after), or found none left (nothing changed), or the course has no ledger yet. */
type TakeResult = { kind: 'taken'; row: LedgerRow } | { kind: 'no-place' } | { kind: 'untracked' };

/**
 * A new O takes a place, in the caller's transaction: one conditional UPDATE, places left > 0
 * (arithmetic.ts, the SQL of contracts' placesLeft) unless `overAllowance`, so two simultaneous
 * offers can never both take the last place: the second waits for the first's row lock and then
 * finds the condition false.
 */
async function takePlace(tx: Executor, ucasCode: string, overAllowance: boolean): Promise<TakeResult> {
  const [row] = await tx
    .update(coursePlaces)
    .set({ offers: sql`${coursePlaces.offers} + 1`, version: sql`${coursePlaces.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(coursePlaces.ucasCode, ucasCode), overAllowance ? undefined : sql`${ledgerPlacesLeftSql()} > 0`))
    .returning();
  if (row) return { kind: 'taken', row: await settle(tx, row, 'offer', null) };
  if (overAllowance) return { kind: 'untracked' };
  const [known] = await tx.select({ ucasCode: coursePlaces.ucasCode }).from(coursePlaces).where(eq(coursePlaces.ucasCode, ucasCode)).limit(1);
  return known ? { kind: 'no-place' } : { kind: 'untracked' };
}

/** An O changed to another status gives its place back, in the caller's transaction; a guard-closed course reopens. */
async function returnPlace(tx: Executor, ucasCode: string): Promise<void> {
  const [row] = await tx
    .update(coursePlaces)
    .set({ offers: sql`greatest(${coursePlaces.offers} - 1, 0)`, version: sql`${coursePlaces.version} + 1`, updatedAt: sql`now()` })
    .where(eq(coursePlaces.ucasCode, ucasCode))
    .returning();
  if (row) await settle(tx, row, 'return', null);
}

/** What a status change did to the course's places: counted (over the allowance or not), or refused for want of a place. */
export type PlacesCount = { kind: 'counted'; overAllowance: boolean } | { kind: 'no-place' };

/**
 * Taking and returning a place, once, for every store of a status (public and staff creates,
 * staff updates), in the transaction that stores it: `from` is the stored status (null for a
 * create), `to` the status being stored. A new offer (contracts' newOffer) takes a place; with
 * none left it is refused ('no-place': public 409 COURSE_CLOSED, staff 409 NO_PLACE_LEFT) unless
 * `overAllowance` (an Administrator's confirmed override, checked by the caller), which takes one
 * over the allowance. An offer changed away (returnsPlace) gives its place back. A course without
 * a ledger (the backfill has not reached it) is not counted.
 */
export async function countStatusChange(tx: Executor, ucasCode: string, from: string | null, to: string, overAllowance: boolean): Promise<PlacesCount> {
  if (newOffer(from, to)) {
    const taken = await takePlace(tx, ucasCode, false);
    if (taken.kind !== 'no-place') return { kind: 'counted', overAllowance: false };
    if (!overAllowance) return { kind: 'no-place' };
    await takePlace(tx, ucasCode, true);
    return { kind: 'counted', overAllowance: true };
  }
  if (returnsPlace(from, to)) await returnPlace(tx, ucasCode);
  return { kind: 'counted', overAllowance: false };
}

/**
 * The one-off backfill (the gateway sends courses-svc's courses whose places the ledger never
 * sent, once at its start-up): creates each named course's ledger that does not exist, places =
 * its VACANCIES_INTERNAL + its offers (O) now, allowance 1.00, so places left stays what it was
 * and nothing closes on upgrade; a course that has a ledger is left alone (a second backfill
 * changes nothing). The applications table is locked against writes for the transaction (SHARE),
 * so no offer is stored between the count and the ledger it belongs to. Answers the codes created.
 */
export async function backfillLedgers(db: ApplicationsDatabase, backfill: PlacesBackfill): Promise<string[]> {
  if (backfill.courses.length === 0) return [];
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${applications} in share mode`);
    const created: string[] = [];
    for (const course of backfill.courses) {
      const ucasCode = course.UCAS_CODE.toUpperCase();
      const offersNow = sql`(select count(*)::int from ${applications} where ${applications.ucasCode} = ${ucasCode} and ${applications.status} = ${OFFER_STATUS})`;
      const [row] = await tx
        .insert(coursePlaces)
        .values({ ucasCode, clearingPlaces: sql`${course.VACANCIES_INTERNAL}::int + ${offersNow}`, offers: offersNow })
        .onConflictDoNothing()
        .returning();
      if (row) {
        await announce(tx, row, null);
        created.push(ucasCode);
      }
    }
    return created;
  });
}

/** What applying a course-control event did: took the settings, found them stale (an older CONTROL_VERSION), or found its id applied before. */
export type CourseControlOutcome = 'applied' | 'stale' | 'replayed';

/**
 * Takes course control's settings of one 'course-control' event (courses-svc's outbox row
 * `eventId`) into the ledger, in one transaction: the event id is recorded (consumed_events), so
 * a replay of it is a no-op ('replayed'); the row is locked and takes CLEARING_PLACES and
 * OFFER_ALLOWANCE only when CONTROL_VERSION is newer than the one it holds ('stale' otherwise:
 * the ledger never goes back to older settings after newer, whatever order the events come in).
 * When places left change, the projection's event carries a history entry by the event's user
 * (courses-svc wrote the settings' own entry with the change); the guard closes or reopens as
 * with any change. Settings that leave no place raise the course's 'Full' wallboard alert (and its
 * emails, `alerts`) as the last offer would; settings that give places back to a course left with
 * none clear it, so filling again alerts again (docs/domain/wallboard.md "Alerts").
 * @throws Error when the course has no ledger yet (courses-svc refuses such a change, so only a
 *   ledger lost since): nothing is recorded and the queue tries again.
 */
export async function applyCourseControl(
  db: ApplicationsDatabase,
  eventId: string,
  event: CourseControlEvent,
  alerts: WallboardAlertSettings = NO_ALERT_EMAILS,
): Promise<CourseControlOutcome> {
  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(consumedEvents)
      .values({ eventId, kind: OUTBOX_KINDS.COURSE_CONTROL })
      .onConflictDoNothing()
      .returning({ eventId: consumedEvents.eventId });
    if (recorded.length === 0) return 'replayed';
    const ucasCode = event.UCAS_CODE.toUpperCase();
    const [current] = await tx.select().from(coursePlaces).where(eq(coursePlaces.ucasCode, ucasCode)).for('update');
    if (!current) throw new Error(`course ${ucasCode} has no places ledger yet`);
    if (event.CONTROL_VERSION <= current.controlVersion) return 'stale';
    const hundredths = Math.round(event.OFFER_ALLOWANCE * 100);
    const settingsChanged = event.CLEARING_PLACES !== current.clearingPlaces || hundredths !== current.offerAllowanceHundredths;
    const [row] = await tx
      .update(coursePlaces)
      .set({
        clearingPlaces: event.CLEARING_PLACES,
        offerAllowanceHundredths: hundredths,
        controlVersion: event.CONTROL_VERSION,
        ...(settingsChanged ? { version: sql`${coursePlaces.version} + 1`, updatedAt: sql`now()` } : {}),
      })
      .where(eq(coursePlaces.ucasCode, ucasCode))
      .returning();
    if (!row) throw new Error(`places ledger row ${ucasCode} vanished`);
    if (!settingsChanged) return 'applied';
    const before = rowPlacesLeft(current);
    const after = rowPlacesLeft(row);
    const history: History =
      after === before ? null : { username: event.username, event: 'settings', changes: [{ field: 'VACANCIES_INTERNAL', old: before, new: after }] };
    await settle(tx, row, 'settings', history);
    if (after === 0 && before > 0 && event.SCHOOL !== undefined && event.DEPT !== undefined) {
      await raiseWallboardAlert(tx, { ucasCode, courseTitle: event.COURSE_TITLE || ucasCode, school: event.SCHOOL, dept: event.DEPT, intake: null }, alerts);
    } else if (after > 0 && before === 0) {
      await clearFullAlert(tx, ucasCode);
    }
    return 'applied';
  });
}

/** The ledgers of the given courses (those the ledger knows; the figures screen and the public submit's facts). */
export async function findLedgers(ex: Executor, ucasCodes: readonly string[]): Promise<PlacesLedger[]> {
  if (ucasCodes.length === 0) return [];
  const rows = await ex
    .select()
    .from(coursePlaces)
    .where(inArray(coursePlaces.ucasCode, [...ucasCodes]));
  return rows.map(toPlacesLedger);
}
