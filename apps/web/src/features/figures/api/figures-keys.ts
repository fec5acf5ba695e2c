/** Query keys of the figures screen (general to specific). */
export const figuresKeys = {
  all: ['figures'] as const,
  detail: (margin: number) => [...figuresKeys.all, { margin }] as const,
  /** The failed emails behind 'Emails that failed' (invalidated with the figures: a resend changes both). */
  failedEmails: () => [...figuresKeys.all, 'failed-emails'] as const,
  /** The wallboard's desk panels: under `all`, so each live event refreshes them with the figures. */
  wallboard: () => [...figuresKeys.all, 'wallboard'] as const,
};
