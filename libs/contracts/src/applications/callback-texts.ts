/**
 * The callbacks' words (docs/domain/work-queue.md "Callbacks"), in a module without zod: the course
 * page reads its heading before any booking screen loads. callbacks.ts re-exports them.
 */
/** Words of the callback section, its answers and its email (one source for screen and email). */
export const CALLBACK_TEXTS = {
  HEADING: 'Ask us to call you',
  LEGEND: 'Choose a time for us to call you',
  BOOK: 'Book this time',
  CANCEL: 'Cancel',
  CHANGE: 'Change',
  NONE_FREE: 'There are no free times in the next two working days. Please call us instead.',
  SLOT_TAKEN: 'That time has just been taken or is no longer available: please choose another time.',
  NOT_A_SLOT: 'That is not a time we can call you: please choose one of the times listed.',
  NO_BOOKING: 'You have no call booked.',
  /** The cancellation's email (its sentence is callbackCancellation, the same the status page shows). */
  CANCEL_EMAIL_SUBJECT: 'Your call from the Clearing team is cancelled',
  CANCEL_EMAIL_HEADING: 'Your call is cancelled',
  CANCEL_EMAIL_REBOOK: 'Book another time on your application page',
  SHIFTS_HEADING: 'Advisers on shift for booked calls',
  SHIFTS_HINT: 'How many advisers can take booked calls in each hour. Applicants can book a time only in an hour with advisers on shift.',
  SHIFTS_SAVE: 'Save advisers on shift',
  SHIFTS_SAVED: 'Advisers on shift saved.',
  shiftLabel: (day: string, hour: number) => `Advisers on ${day} from ${String(hour).padStart(2, '0')}:00`,
  EMAIL_SUBJECT: 'Your call from the Clearing team is booked',
  EMAIL_HEADING: 'Your call is booked',
  EMAIL_PHONE: 'We will ring the telephone number in your application. Please keep your phone with you at that time.',
  EMAIL_CHANGE: 'Change or cancel the call on your application page',
  /** The calendar event (.ics) the email carries. */
  ICS_SUMMARY: 'Call from the Clearing team',
  ICS_FILENAME: 'clearing-call.ics',
} as const;
