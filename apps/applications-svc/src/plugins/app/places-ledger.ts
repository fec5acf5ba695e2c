import { OFFER_STATUS, OUTBOX_KINDS, PLACES_GUARD_USER, type CoursePlacesEvent, type PlacesLedger, type PlacesUpdateRequest } from '@clearing-desk/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { applications, coursePlaces, outbox } from '../../db/schema';
import type { Executor } from './applications-repository';

type LedgerRow = typeof coursePlaces.$inferSelect;

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether statuses count against the places ledger (config PLACES_GUARD; off only in tools/bench/places). */
    placesGuard: boolean;
  }
}
type History = CoursePlacesEvent['history'];

/** floor(places x allowance) in SQL, on whole numbers (the allowance in hundredths): the same as contracts' offersAllowed. */
const allowedSql = sql`((${coursePlaces.clearingPlaces} * ${coursePlaces.offerAllowanceHundredths}) / 100)`;

const allowed = (row: LedgerRow): number => Math.floor((row.clearingPlaces * row.offerAllowanceHundredths) / 100);
const left = (row: LedgerRow): number => Math.max(0, allowed(row) - row.offers);

/** A ledger row as the contracts' PlacesLedger. */
export function toPlacesLedger(row: LedgerRow): PlacesLedger {
  return {
    UCAS_CODE: row.ucasCode,
    CLEARING_PLACES: row.clearingPlaces,
    OFFER_ALLOWANCE: row.offerAllowanceHundredths / 100,
    OFFERS: row.offers,
    VACANCIES_INTERNAL: left(row),
    GUARD_CLOSED: row.guardClosed,
    LAST_GUARD_CLOSE: row.lastGuardClose?.toISOString() ?? null,
    LAST_GUARD_REOPEN: row.lastGuardReopen?.toISOString() ?? null,
    VERSION: row.version,
  };
}

/** Writes the 'course-places' outbox row of a ledger change in the caller's transaction (the projection in courses-svc follows it). */
async function announce(tx: Executor, row: LedgerRow, history: History): Promise<void> {
  const payload: CoursePlacesEvent = { ...toPlacesLedger(row), at: row.updatedAt.toISOString(), history };
  await tx.insert(outbox).values({ aggregateId: row.ucasCode, kind: OUTBOX_KINDS.COURSE_PLACES, payload });
}

/**
 * After a change of offers or settings, in the same transaction: the guard closes the course when
 * an offer took its last place, and reopens a course it closed once a place is back (issue 23
 * item 4; a manager's close, VACANCIES_EXTERNAL 0 or SUSPENDED in course control, is courses-svc's
 * and untouched). Writes the event, with the close / reopen for the course's history.
 */
async function settle(tx: Executor, row: LedgerRow, cause: 'offer' | 'return' | 'settings', history: History): Promise<LedgerRow> {
  const placesLeft = left(row);
  let event: 'guard-closed' | 'guard-reopened' | null = null;
  if (cause === 'offer' && placesLeft === 0 && !row.guardClosed) event = 'guard-closed';
  else if (placesLeft > 0 && row.guardClosed) event = 'guard-reopened';
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
  // A manager's settings change keeps its own entry; the guard's close or reopen is one of its own.
  if (history) await announce(tx, row, history);
  const before = event === 'guard-closed' ? placesLeft + 1 : 0;
  await announce(tx, next, {
    username: PLACES_GUARD_USER,
    event,
    changes: [{ field: 'VACANCIES_INTERNAL', old: cause === 'settings' ? null : before, new: placesLeft }],
  });
  return next;
}

/**
 * The course's ledger row, created at first sight when `seed` (the course's VACANCIES_INTERNAL as
 * courses-svc shows it) is given: places = seed + the course's applications with STATUS O now,
 * allowance 1.00, so places left stays what it was (issue 23 item 1: nothing closes on upgrade).
 * Concurrent first sights create one row (ON CONFLICT DO NOTHING waits for the other's commit).
 * Without a seed and without a row: null (the course is not counted yet; its first sight counts
 * every O stored until then).
 */
export async function ensureLedger(tx: Executor, ucasCode: string, seed: number | undefined): Promise<LedgerRow | null> {
  if (seed !== undefined) {
    const offersNow = sql`(select count(*)::int from ${applications} where ${applications.ucasCode} = ${ucasCode} and ${applications.status} = ${OFFER_STATUS})`;
    const [created] = await tx
      .insert(coursePlaces)
      .values({ ucasCode, clearingPlaces: sql`${seed}::int + ${offersNow}`, offers: offersNow })
      .onConflictDoNothing()
      .returning();
    if (created) {
      await announce(tx, created, null);
      return created;
    }
  }
  const [row] = await tx.select().from(coursePlaces).where(eq(coursePlaces.ucasCode, ucasCode)).limit(1);
  return row ?? null;
}

/** What `takePlace` did: took a place (`row` after), or found none left (nothing changed), or the course has no ledger row. */
export type TakeResult = { kind: 'taken'; row: LedgerRow } | { kind: 'no-place' } | { kind: 'untracked' };

/**
 * A new O takes a place (issue 23 item 3), in the caller's transaction: one conditional UPDATE,
 * `offers < floor(places x allowance)` unless `overAllowance` (an Administrator's confirmed
 * override, or the counting of a status kept from before), so two simultaneous offers can never
 * both take the last place: the second waits for the first's row lock and then finds the
 * condition false.
 */
export async function takePlace(tx: Executor, ucasCode: string, seed: number | undefined, overAllowance: boolean): Promise<TakeResult> {
  const ledger = await ensureLedger(tx, ucasCode, seed);
  if (!ledger) return { kind: 'untracked' };
  const [row] = await tx
    .update(coursePlaces)
    .set({ offers: sql`${coursePlaces.offers} + 1`, version: sql`${coursePlaces.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(coursePlaces.ucasCode, ucasCode), overAllowance ? undefined : sql`${coursePlaces.offers} < ${allowedSql}`))
    .returning();
  if (!row) return { kind: 'no-place' };
  return { kind: 'taken', row: await settle(tx, row, 'offer', null) };
}

/** An O changed to another status returns its place (domain.md "Places"), in the caller's transaction; a guard-closed course reopens. */
export async function returnPlace(tx: Executor, ucasCode: string, seed: number | undefined): Promise<void> {
  const ledger = await ensureLedger(tx, ucasCode, seed);
  if (!ledger) return;
  const [row] = await tx
    .update(coursePlaces)
    .set({ offers: sql`greatest(${coursePlaces.offers} - 1, 0)`, version: sql`${coursePlaces.version} + 1`, updatedAt: sql`now()` })
    .where(eq(coursePlaces.ucasCode, ucasCode))
    .returning();
  if (row) await settle(tx, row, 'return', null);
}

/**
 * Course control's change of CLEARING_PLACES and/or OFFER_ALLOWANCE (issue 23 item 1) by
 * `username`, in the caller's transaction: the row (created at first sight with `seed`) is locked,
 * changed, and the change goes to the course's history with the projection's event.
 */
export async function changeSettings(
  tx: Executor,
  ucasCode: string,
  request: Pick<PlacesUpdateRequest, 'data' | 'seed'>,
  username: string,
): Promise<PlacesLedger> {
  await ensureLedger(tx, ucasCode, request.seed);
  const [current] = await tx.select().from(coursePlaces).where(eq(coursePlaces.ucasCode, ucasCode)).for('update');
  if (!current) throw new Error(`places ledger row ${ucasCode} missing after ensure`);
  const places = request.data.CLEARING_PLACES ?? current.clearingPlaces;
  const hundredths = request.data.OFFER_ALLOWANCE === undefined ? current.offerAllowanceHundredths : Math.round(request.data.OFFER_ALLOWANCE * 100);
  const changes: NonNullable<History>['changes'] = [];
  if (places !== current.clearingPlaces) changes.push({ field: 'CLEARING_PLACES', old: current.clearingPlaces, new: places });
  if (hundredths !== current.offerAllowanceHundredths)
    changes.push({ field: 'OFFER_ALLOWANCE', old: current.offerAllowanceHundredths / 100, new: hundredths / 100 });
  if (changes.length === 0) return toPlacesLedger(current);
  const [row] = await tx
    .update(coursePlaces)
    .set({ clearingPlaces: places, offerAllowanceHundredths: hundredths, version: sql`${coursePlaces.version} + 1`, updatedAt: sql`now()` })
    .where(eq(coursePlaces.ucasCode, ucasCode))
    .returning();
  if (!row) throw new Error(`places ledger row ${ucasCode} vanished`);
  const before = left(current);
  if (left(row) !== before) changes.push({ field: 'VACANCIES_INTERNAL', old: before, new: left(row) });
  return toPlacesLedger(await settle(tx, row, 'settings', { username, event: 'settings', changes }));
}

/** The ledgers of the given courses (those seen so far; the figures screen, issue 23 item 5). */
export async function findLedgers(ex: Executor, ucasCodes: readonly string[]): Promise<PlacesLedger[]> {
  if (ucasCodes.length === 0) return [];
  const rows = await ex
    .select()
    .from(coursePlaces)
    .where(inArray(coursePlaces.ucasCode, [...ucasCodes]));
  return rows.map(toPlacesLedger);
}
