import { z } from 'zod';
import { addCalendarDays, formatLondonTime, londonCalendarDate, LONDON_TIME_ZONE } from '../common/london-time';

/**
 * Callbacks the applicant books from the status page (docs/domain/work-queue.md "Callbacks"):
 * slots of CALLBACK_SLOT_MINUTES inside the hours an Administrator has put advisers on shift
 * (`callback_capacity`: a London calendar date and hour, and how many advisers). A slot is free
 * while its live bookings are fewer than the advisers on shift for its hour. One live booking per
 * application: booking again moves it. The words shown to the applicant are this module's.
 */

/** How many of the team's working days ahead (after today, today included while slots remain) the applicant may book. */
export const CALLBACK_BOOKING_DAYS = 2;

export const CALLBACK_STATUSES = ['booked', 'cancelled', 'done'] as const;
export type CallbackStatus = (typeof CALLBACK_STATUSES)[number];

/** The hours (London, start of each) the Settings page offers for advisers on shift: the team's day, 08:00 to 20:00. */
export const CALLBACK_SHIFT_HOURS = [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19] as const;
/** How many calendar days, from today, the Settings page shows. */
export const CALLBACK_SHIFT_DAYS = 3;

/** 'Monday 17 August' (Europe/London). */
export function formatCallbackDay(instant: Date): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: LONDON_TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long' }).format(instant);
}

/** 'We will call you on Monday 17 August between 10:00 and 10:15' (Europe/London): screen and email. */
export function callbackConfirmation(start: Date, end: Date): string {
  return `We will call you on ${formatCallbackDay(start)} between ${formatLondonTime(start)} and ${formatLondonTime(end)}`;
}

/** 'Your call on Monday 17 August between 10:00 and 10:15 is cancelled' (Europe/London): the status page and the cancellation email. */
export function callbackCancellation(start: Date, end: Date): string {
  return `Your call on ${formatCallbackDay(start)} between ${formatLondonTime(start)} and ${formatLondonTime(end)} is cancelled`;
}

/**
 * The calendar invitation's revision (iCalendar SEQUENCE, RFC 5545 3.8.7.4) of an application's
 * callback: one event per application (its UID), revised by each booking, move and cancellation,
 * so a calendar replaces its copy. `bookingIndex` is the booking's place among the application's
 * bookings (0 the first); booking n is revision 2n and its cancellation 2n + 1, so a move (the next
 * booking) always comes after the booking and any cancellation it replaces.
 */
export function callbackIcsSequence(bookingIndex: number, action: 'booked' | 'cancelled'): number {
  return 2 * bookingIndex + (action === 'cancelled' ? 1 : 0);
}

/** The London calendar date (yyyy-mm-dd) and hour (0-23) an instant falls in: the capacity row of its slot. */
export function londonDateHour(instant: Date): { date: string; hour: number } {
  const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: LONDON_TIME_ZONE, hour: '2-digit', hourCycle: 'h23' }).format(instant));
  return { date: londonCalendarDate(instant), hour };
}

/**
 * The calendar dates (yyyy-mm-dd, London) whose slots may be booked at `today`: today and the
 * following days until `days` working days are counted (`isWorkingDay` the team's calendar).
 */
export function callbackBookingDates(today: string, isWorkingDay: (date: string) => boolean, days = CALLBACK_BOOKING_DAYS): string[] {
  const dates: string[] = [];
  for (let day = today, found = 0; found < days && dates.length < 14; day = addCalendarDays(day, 1)) {
    if (isWorkingDay(day)) {
      dates.push(day);
      found += 1;
    }
  }
  return dates;
}

export const callbackSlotSchema = z.object({ START: z.string(), END: z.string() });
export type CallbackSlot = z.infer<typeof callbackSlotSchema>;

/** The applicant's live booking: its slot and the sentence the screen shows. */
export const callbackBookingSchema = z.object({ START: z.string(), END: z.string(), CONFIRMATION: z.string() });
export type CallbackBooking = z.infer<typeof callbackBookingSchema>;

/** Answer of the free-slot list: free slots, earliest first, and the applicant's booking (or null). */
export const callbackSlotsResponseSchema = z.object({ slots: z.array(callbackSlotSchema), booking: callbackBookingSchema.nullable() });
export type CallbackSlotsResponse = z.infer<typeof callbackSlotsResponseSchema>;

/** Book (or move to) the slot starting at START (an ISO instant, one of the listed slots). */
export const callbackBookRequestSchema = z.object({ START: z.string().datetime({ offset: true }) });
export type CallbackBookRequest = z.infer<typeof callbackBookRequestSchema>;

/** Advisers on shift in one London hour (Administrator's Settings page). */
export const callbackCapacityRowSchema = z.object({
  DATE: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date like 2026-08-17'),
  HOUR: z.number().int().min(0).max(23),
  ADVISERS: z.number().int().min(0).max(500),
});
export type CallbackCapacityRow = z.infer<typeof callbackCapacityRowSchema>;
export const callbackCapacitySchema = z.object({ rows: z.array(callbackCapacityRowSchema) });
export type CallbackCapacity = z.infer<typeof callbackCapacitySchema>;

/**
 * The London calendar dates the Settings page shows advisers on shift for: the service's today
 * (its Clearing clock, CLEARING_CLOCK, never the browser's) and the CALLBACK_SHIFT_DAYS - 1 days
 * after it, as 'YYYY-MM-DD'.
 */
export const callbackShiftDays = (now: Date): string[] => {
  const today = londonCalendarDate(now);
  return Array.from({ length: CALLBACK_SHIFT_DAYS }, (_, i) => addCalendarDays(today, i));
};

/** Answer of the advisers on shift (read or saved): the rows set, and the days to show (callbackShiftDays of the service's clock). */
export const callbackCapacityAnswerSchema = callbackCapacitySchema.extend({
  days: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)),
});
export type CallbackCapacityAnswer = z.infer<typeof callbackCapacityAnswerSchema>;
