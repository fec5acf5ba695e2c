import { randomBytes } from 'node:crypto';
import {
  callbackBookingDates,
  callbackConfirmation,
  callbackIcsSequence,
  addCalendarDays,
  londonCalendarDate,
  londonDateHour,
  londonWallClock,
  normaliseEmail,
  OUTBOX_KINDS,
  type CallbackBooking,
  type CallbackEmailPayload,
  type CallbackCapacityRow,
  type CallbackSlot,
  type CallbackSlotsResponse,
  type StoreCallbackRequest,
} from '@clearing-desk/contracts';
import { isTeamWorkingDay, type TeamCalendar } from '@clearing-desk/contracts/server';
import { and, eq, gt, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { ApplicationsConfig } from '../config';
import { callbackRequestAggregateId } from '../db/personal-data';
import { applications, callbackCapacity, callbacks, outbox, queueClaims } from '../db/schema';
import type { ApplicationsDatabase } from '../plugins/external/database';

export type CallbacksDeps = { db: ApplicationsDatabase; calendar: TeamCalendar; slotMinutes: number };

type Transaction = Parameters<Parameters<ApplicationsDatabase['transaction']>[0]>[0];

/** The application a status-page hash names, its row locked for the booking's transaction (none when unknown). */
const lockApplication = (tx: Transaction, hash: string) =>
  tx
    .select({
      id: applications.applicationId,
      studentId: applications.studentId,
      ucasCode: applications.ucasCode,
      status: applications.status,
      form: applications.form,
    })
    .from(applications)
    .where(eq(applications.hash, hash))
    .for('update')
    .limit(1);

/** The calendar event of an application's callbacks: one per application, revised by each booking and cancellation. */
const eventIdOf = (applicationId: number) => `application-${applicationId}`;

/** How many of the application's bookings came before booking `bookingId` (its place, 0 the first: contracts callbackIcsSequence). */
async function bookingsBefore(tx: Transaction, applicationId: number, bookingId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(callbacks)
    .where(and(eq(callbacks.applicationId, applicationId), lt(callbacks.id, bookingId)));
  return row?.n ?? 0;
}

/** Outcome of a booking: booked (the live booking), not-a-slot (not a time we offer), full (no capacity left), not-found (no such hash). */
export type BookResult = { kind: 'booked'; booking: CallbackBooking } | { kind: 'not-a-slot' } | { kind: 'full' } | { kind: 'not-found' };

/** Outcome of a booking from the course page: booked (with the private link's token), not-a-slot or full. */
export type BookRequestResult = { kind: 'booked'; booking: CallbackBooking; token: string } | { kind: 'not-a-slot' } | { kind: 'full' };

/**
 * The hour's capacity row locked (FOR UPDATE) for the rest of the transaction, and the slot's live
 * bookings of both kinds (status page and course page): null when nobody is on shift in the hour.
 * Every booking and move takes this lock before counting, so concurrent bookings of one hour are
 * counted one after another.
 */
async function lockSlot(tx: Transaction, start: Date): Promise<{ advisers: number; live: { id: number; applicationId: number | null }[] } | null> {
  const { date, hour } = londonDateHour(start);
  const [capacity] = await tx
    .select({ advisers: callbackCapacity.advisers })
    .from(callbackCapacity)
    .where(and(eq(callbackCapacity.day, date), eq(callbackCapacity.hour, hour)))
    .for('update');
  if (!capacity || capacity.advisers === 0) return null;
  const live = await tx
    .select({ id: callbacks.id, applicationId: callbacks.applicationId })
    .from(callbacks)
    .where(and(eq(callbacks.status, 'booked'), eq(callbacks.slotStart, start)));
  return { advisers: capacity.advisers, live };
}

/** The columns of a call booked without an application that its email and the queue read. */
const requestColumns = {
  id: callbacks.id,
  status: callbacks.status,
  start: callbacks.slotStart,
  end: callbacks.slotEnd,
  sequence: callbacks.sequence,
  name: callbacks.callerName,
  email: callbacks.callerEmail,
  ucasCode: callbacks.ucasCode,
  token: callbacks.token,
};
type RequestRow = {
  id: number;
  status: string;
  start: Date;
  end: Date;
  sequence: number;
  name: string | null;
  email: string | null;
  ucasCode: string | null;
  token: string | null;
};

/** The calendar event of a call booked without an application: one per booking row, moved and cancelled in place. */
const requestEventIdOf = (callbackId: number) => `request-${callbackId}`;

/** The outbox row of a course-page booking's email (booked, moved or cancelled), written in the caller's transaction. */
async function writeRequestEmail(tx: Transaction, row: RequestRow, action: 'booked' | 'cancelled', now: Date): Promise<void> {
  const payload: CallbackEmailPayload = {
    bookingId: String(row.id),
    action,
    eventId: requestEventIdOf(row.id),
    sequence: row.sequence,
    applicationId: callbackRequestAggregateId(row.id),
    studentId: '',
    ucasCode: row.ucasCode ?? '',
    hash: '',
    token: row.token ?? '',
    applicant: { NAME1: (row.name ?? '').trim(), EMAIL: (row.email ?? '').trim() },
    start: row.start.toISOString(),
    end: row.end.toISOString(),
    bookedAt: now.toISOString(),
  };
  await tx.insert(outbox).values({ aggregateId: callbackRequestAggregateId(row.id), kind: OUTBOX_KINDS.CALLBACK_EMAIL, payload });
}

const pad = (n: number) => String(n).padStart(2, '0');
const bookingOf = (start: Date, end: Date): CallbackBooking => ({
  START: start.toISOString(),
  END: end.toISOString(),
  CONFIRMATION: callbackConfirmation(start, end),
});

/**
 * Callbacks the applicant books (contracts applications/callbacks.ts; docs/domain/work-queue.md
 * "Callbacks"). Slots are CALLBACK_SLOT_MINUTES long inside hours with advisers on shift, on the
 * next CALLBACK_BOOKING_DAYS working days of the team's calendar, not begun at `now` (a slot
 * starting this instant is still whole, so it counts). A booking
 * locks its hour's capacity row (FOR UPDATE) and the application's row, so concurrent bookings of
 * one slot are counted one after another: never more bookings than advisers.
 */
export function createCallbacksRepository({ db, calendar, slotMinutes }: CallbacksDeps) {
  const dates = (now: Date) => callbackBookingDates(londonCalendarDate(now), (d) => isTeamWorkingDay(d, calendar));

  /** The slots of one capacity hour (London date, hour). */
  const slotsOfHour = (day: string, hour: number): { start: Date; end: Date }[] =>
    Array.from({ length: 60 / slotMinutes }, (_, i) => {
      const start = londonWallClock(day, `${pad(hour)}:${pad(i * slotMinutes)}`);
      return { start, end: new Date(start.getTime() + slotMinutes * 60_000) };
    });

  async function liveBooking(applicationId: number): Promise<CallbackBooking | null> {
    const [row] = await db
      .select({ start: callbacks.slotStart, end: callbacks.slotEnd })
      .from(callbacks)
      .where(and(eq(callbacks.applicationId, applicationId), eq(callbacks.status, 'booked')))
      .limit(1);
    return row ? bookingOf(row.start, row.end) : null;
  }

  /** The slots not begun at `now` on the booking days, in hours with advisers on shift, with fewer live bookings (of both kinds) than advisers. */
  async function freeSlots(now: Date): Promise<CallbackSlot[]> {
    const hours = await db
      .select()
      .from(callbackCapacity)
      .where(and(inArray(callbackCapacity.day, dates(now)), gt(callbackCapacity.advisers, 0)));
    const taken = await db
      .select({ start: callbacks.slotStart, n: sql<number>`count(*)::int` })
      .from(callbacks)
      .where(and(eq(callbacks.status, 'booked'), gte(callbacks.slotStart, now)))
      .groupBy(callbacks.slotStart);
    const count = new Map(taken.map((t) => [t.start.getTime(), t.n]));
    return hours
      .flatMap((h) => slotsOfHour(h.day, h.hour).map((s) => ({ ...s, advisers: h.advisers })))
      .filter((s) => s.start.getTime() >= now.getTime() && (count.get(s.start.getTime()) ?? 0) < s.advisers)
      .sort((a, b) => a.start.getTime() - b.start.getTime())
      .map((s) => ({ START: s.start.toISOString(), END: s.end.toISOString() }));
  }

  /** The slot starting at `start` (its end) if it is one we offer at `now` by time alone (aligned, not begun, on a booking day); else null. */
  const offered = (start: Date, now: Date): Date | null => {
    const aligned = start.getTime() % (slotMinutes * 60_000) === 0;
    if (!aligned || start.getTime() < now.getTime() || !dates(now).includes(londonDateHour(start).date)) return null;
    return new Date(start.getTime() + slotMinutes * 60_000);
  };

  const applicationIdOf = async (hash: string) =>
    (await db.select({ id: applications.applicationId }).from(applications).where(eq(applications.hash, hash)).limit(1))[0]?.id ?? null;

  return {
    /** The free slots (earliest first) and the applicant's live booking; null when the hash is unknown. */
    async slots(hash: string, now: Date): Promise<CallbackSlotsResponse | null> {
      const applicationId = await applicationIdOf(hash);
      if (applicationId === null) return null;
      return { slots: await freeSlots(now), booking: await liveBooking(applicationId) };
    },

    /** The free slots (earliest first) for a caller who has not applied: no booking yet. */
    async freeSlots(now: Date): Promise<CallbackSlotsResponse> {
      return { slots: await freeSlots(now), booking: null };
    },

    /**
     * Books (or moves the applicant's booking to) the slot starting at `start`, in one
     * transaction: the application's row and the hour's capacity row are locked (FOR UPDATE), the
     * slot's live bookings counted against the advisers on shift, the old booking cancelled and
     * the new one stored. A queue claim of an earlier callback is cleared so the new one is called.
     */
    async book(hash: string, start: Date, now: Date): Promise<BookResult> {
      const end = offered(start, now);
      if (!end) return { kind: 'not-a-slot' };
      return db.transaction(async (tx) => {
        const [app] = await lockApplication(tx, hash);
        if (!app) return { kind: 'not-found' } as const;
        const slot = await lockSlot(tx, start);
        if (!slot) return { kind: 'not-a-slot' } as const;
        if (slot.live.some((l) => l.applicationId === app.id)) return { kind: 'booked', booking: bookingOf(start, end) } as const;
        if (slot.live.length >= slot.advisers) return { kind: 'full' } as const;
        await tx
          .update(callbacks)
          .set({ status: 'cancelled' })
          .where(and(eq(callbacks.applicationId, app.id), eq(callbacks.status, 'booked')));
        const [stored] = await tx
          .insert(callbacks)
          .values({ applicationId: app.id, slotStart: start, slotEnd: end, status: 'booked', createdAt: now })
          .returning({ id: callbacks.id });
        // The confirmation email (with its .ics) leaves through the outbox, with the booking or not at all.
        const payload: CallbackEmailPayload = {
          bookingId: String(stored!.id),
          action: 'booked',
          eventId: eventIdOf(app.id),
          sequence: callbackIcsSequence(await bookingsBefore(tx, app.id, stored!.id), 'booked'),
          applicationId: String(app.id),
          studentId: app.studentId,
          ucasCode: app.ucasCode,
          status: app.status,
          hash,
          applicant: { NAME1: (app.form.NAME1 ?? '').trim(), EMAIL: (app.form.EMAIL ?? '').trim() },
          start: start.toISOString(),
          end: end.toISOString(),
          bookedAt: now.toISOString(),
        };
        await tx.insert(outbox).values({ aggregateId: String(app.id), kind: OUTBOX_KINDS.CALLBACK_EMAIL, payload });
        await tx.delete(queueClaims).where(and(eq(queueClaims.applicationId, app.id), eq(queueClaims.kind, 'callback')));
        return { kind: 'booked', booking: bookingOf(start, end) } as const;
      });
    },

    /**
     * Cancels the applicant's live booking and writes its cancellation email (the calendar event
     * cancelled) to the outbox, in one transaction: false when there was none (or the hash is unknown).
     */
    async cancel(hash: string, now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [app] = await lockApplication(tx, hash);
        if (!app) return false;
        const [cancelled] = await tx
          .update(callbacks)
          .set({ status: 'cancelled' })
          .where(and(eq(callbacks.applicationId, app.id), eq(callbacks.status, 'booked')))
          .returning({ id: callbacks.id, start: callbacks.slotStart, end: callbacks.slotEnd });
        if (!cancelled) return false;
        const payload: CallbackEmailPayload = {
          bookingId: String(cancelled.id),
          action: 'cancelled',
          eventId: eventIdOf(app.id),
          sequence: callbackIcsSequence(await bookingsBefore(tx, app.id, cancelled.id), 'cancelled'),
          applicationId: String(app.id),
          studentId: app.studentId,
          ucasCode: app.ucasCode,
          status: app.status,
          hash,
          applicant: { NAME1: (app.form.NAME1 ?? '').trim(), EMAIL: (app.form.EMAIL ?? '').trim() },
          start: cancelled.start.toISOString(),
          end: cancelled.end.toISOString(),
          bookedAt: now.toISOString(),
        };
        await tx.insert(outbox).values({ aggregateId: String(app.id), kind: OUTBOX_KINDS.CALLBACK_EMAIL, payload });
        return true;
      });
    },

    /**
     * Books the slot starting at `start` for a caller who has not applied (the course page), in one
     * transaction: the hour's capacity row locked and the slot's live bookings of both kinds
     * counted against the advisers on shift (lockSlot), the caller stored with a new private
     * token, and the confirmation email (with its .ics) written to the outbox.
     */
    async bookRequest(request: StoreCallbackRequest, now: Date): Promise<BookRequestResult> {
      const start = new Date(request.START);
      const end = offered(start, now);
      if (!end) return { kind: 'not-a-slot' };
      return db.transaction(async (tx) => {
        const slot = await lockSlot(tx, start);
        if (!slot) return { kind: 'not-a-slot' } as const;
        if (slot.live.length >= slot.advisers) return { kind: 'full' } as const;
        const token = randomBytes(32).toString('hex');
        const [row] = await tx
          .insert(callbacks)
          .values({
            slotStart: start,
            slotEnd: end,
            status: 'booked',
            createdAt: now,
            callerName: request.NAME,
            callerTel: request.TEL,
            callerEmail: request.EMAIL,
            callerEmailNormalised: normaliseEmail(request.EMAIL),
            ucasCode: request.UCAS_CODE,
            school: request.SCHOOL,
            dept: request.DEPT,
            token,
          })
          .returning(requestColumns);
        await writeRequestEmail(tx, row!, 'booked', now);
        return { kind: 'booked', booking: bookingOf(start, end), token } as const;
      });
    },

    /** The private page of a caller's booking: the free slots and the booking (null once cancelled or called); null when the token is unknown. */
    async requestPage(token: string, now: Date): Promise<CallbackSlotsResponse | null> {
      const [row] = await db
        .select({ status: callbacks.status, start: callbacks.slotStart, end: callbacks.slotEnd })
        .from(callbacks)
        .where(eq(callbacks.token, token))
        .limit(1);
      if (!row) return null;
      return { slots: await freeSlots(now), booking: row.status === 'booked' ? bookingOf(row.start, row.end) : null };
    },

    /**
     * Moves a caller's booking (or books again one they cancelled) to the slot starting at
     * `start`, in one transaction: their row and the hour's capacity row locked, the slot counted
     * (lockSlot), the row moved in place (its calendar event one revision on, any queue claim
     * dropped) and the email written to the outbox. not-found: unknown token, or already called.
     */
    async moveRequest(token: string, start: Date, now: Date): Promise<BookResult> {
      const end = offered(start, now);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select(requestColumns)
          .from(callbacks)
          .where(and(eq(callbacks.token, token), isNull(callbacks.applicationId)))
          .for('update');
        if (!row || row.status === 'done') return { kind: 'not-found' } as const;
        if (!end) return { kind: 'not-a-slot' } as const;
        const slot = await lockSlot(tx, start);
        if (!slot) return { kind: 'not-a-slot' } as const;
        if (row.status === 'booked' && slot.live.some((l) => l.id === row.id)) return { kind: 'booked', booking: bookingOf(start, end) } as const;
        if (slot.live.length >= slot.advisers) return { kind: 'full' } as const;
        // Booking revisions are even, cancellations odd (contracts callbackIcsSequence's rule).
        const sequence = row.sequence + (row.status === 'booked' ? 2 : 1);
        const [moved] = await tx
          .update(callbacks)
          .set({ slotStart: start, slotEnd: end, status: 'booked', sequence, claimedBy: null, claimExpiresAt: null })
          .where(eq(callbacks.id, row.id))
          .returning(requestColumns);
        await writeRequestEmail(tx, moved!, 'booked', now);
        return { kind: 'booked', booking: bookingOf(start, end) } as const;
      });
    },

    /** Cancels a caller's booking and writes its cancellation email to the outbox, in one transaction: false when none is booked (or the token is unknown). */
    async cancelRequest(token: string, now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [cancelled] = await tx
          .update(callbacks)
          .set({ status: 'cancelled', sequence: sql`${callbacks.sequence} + 1`, claimedBy: null, claimExpiresAt: null })
          .where(and(eq(callbacks.token, token), isNull(callbacks.applicationId), eq(callbacks.status, 'booked')))
          .returning(requestColumns);
        if (!cancelled) return false;
        await writeRequestEmail(tx, cancelled, 'cancelled', now);
        return true;
      });
    },

    /** Advisers on shift per hour on the booking days from `now` and the days after (`days` calendar days). */
    async capacity(now: Date, days = 7): Promise<CallbackCapacityRow[]> {
      const from = londonCalendarDate(now);
      const rows = await db
        .select()
        .from(callbackCapacity)
        .where(and(gte(callbackCapacity.day, from), lt(callbackCapacity.day, addCalendarDays(from, days))))
        .orderBy(callbackCapacity.day, callbackCapacity.hour);
      return rows.map((r) => ({ DATE: r.day, HOUR: r.hour, ADVISERS: r.advisers }));
    },

    /** Sets advisers on shift for each (date, hour) given, in one transaction. */
    async setCapacity(rows: CallbackCapacityRow[], username: string): Promise<void> {
      if (rows.length === 0) return;
      await db.transaction(async (tx) => {
        for (const r of rows) {
          await tx
            .insert(callbackCapacity)
            .values({ day: r.DATE, hour: r.HOUR, advisers: r.ADVISERS, updatedBy: username })
            .onConflictDoUpdate({
              target: [callbackCapacity.day, callbackCapacity.hour],
              set: { advisers: r.ADVISERS, updatedBy: username, updatedAt: sql`now()` },
            });
        }
      });
    },
  };
}
export type CallbacksRepository = ReturnType<typeof createCallbacksRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    callbacksRepository: CallbacksRepository;
  }
}

/** The callbacks repository over this service's database (after the database and intake cycle plugins). */
export const callbacksRepositoryPlugin = fp<{ config: ApplicationsConfig }>(
  async (fastify, { config }) => {
    fastify.decorate(
      'callbacksRepository',
      createCallbacksRepository({ db: fastify.db, calendar: fastify.intakeCycle.calendar, slotMinutes: config.CALLBACK_SLOT_MINUTES }),
    );
  },
  { name: 'callbacks-repository' },
);
