/** The work queue's words, in a module without zod: the phone entry (in /apply's route) shows the reason heading. work-queue.ts re-exports them. */
/** Texts of the 'Next call' button and its answers. */
export const WORK_QUEUE_TEXTS = {
  NEXT_CALL: 'Next call',
  NONE_WAITING: 'No calls are waiting for you. Try again in a few minutes.',
  /** The heading of the reason on the application's screen. */
  REASON_HEADING: 'Next call',
} as const;
