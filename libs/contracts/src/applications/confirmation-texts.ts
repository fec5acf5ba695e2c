/**
 * Confirmation page texts of spec section 2 and the loading text. A module without zod: the app
 * shell asks the leave-page question before a sign-out, and /apply's first load carries no zod.
 */
export const CONFIRMATION_TEXTS = {
  OFFER_HEADING: 'Good News!',
  REJECTED_HEADING: 'Unfortunately, you do not meet the requirements for this course',
  LOADING: "Please wait while your application is being processed. Please don't refresh your browser.",
  LEAVE_PAGE: 'Are you sure you want to leave this application?',
  CONFIRM_SUBMIT: 'Are you sure you want to submit your application?',
  CONFIRM_UPDATE: 'Are you sure you want to update the details of this application?',
  /** Beneath spec section 4's question in the staff dialog: the decision about to be stored. */
  savedWithStatus: (status: string) => `The application will be saved with the status ${status}.`,
  /** And whose application it is, for which course, so the adviser confirms the right caller. */
  decisionFor: (course: string, caller: string) => (caller ? `Course: ${course}. Caller: ${caller}.` : `Course: ${course}.`),
} as const;
