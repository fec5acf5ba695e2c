/**
 * The words of the reconciliation report: one place for the staff screen and the nightly email,
 * so both say the same. A difference is told in words as well as colour (WCAG 1.4.1).
 */
export const RECONCILIATION_TEXTS = {
  TITLE: 'Daily reconciliation',
  INTRO:
    'Per status, the applications the figures count, the events feed and each webhook endpoint at the end of the day. A count that differs from the figures is a difference.',
  DATE_LABEL: 'Day',
  LOADING: 'Loading the report',
  SHOW: 'Show report',
  caption: (day: string, cycle: string) => `Applications by status on ${day} (cycle ${cycle})`,
  STATUS_HEADER: 'Status',
  FIGURES_HEADER: 'Figures',
  EVENTS_HEADER: 'Events feed',
  endpointHeader: (url: string, paused: boolean) => `Delivered to ${url}${paused ? ' (paused)' : ''}`,
  /** Beside a count that differs from the figures'. */
  DIFFERENCE: 'Difference',
  differenceOf: (count: number, figures: number) => `${count} (Difference: ${count > figures ? '+' : ''}${count - figures})`,
  summary: (differences: number) =>
    differences === 0 ? 'Every count agrees with the figures.' : `${differences} ${differences === 1 ? 'status has' : 'statuses have'} a difference.`,
  asAt: (time: string) => `Counts as at ${time}.`,
  NO_ENDPOINTS: 'No webhook endpoint is registered.',
  FORBIDDEN: 'Only staff who view reports on every course can see the reconciliation.',
  DAY_INVALID: 'Enter a real day, for example 2025-08-14.',
  /** The nightly email to Administrators and supervisors, sent only when there is a difference. */
  emailSubject: (day: string, differences: number) => `Clearing reconciliation ${day}: ${differences} ${differences === 1 ? 'difference' : 'differences'}`,
  emailIntro: (day: string, cycle: string) => `The reconciliation of ${day} (cycle ${cycle}) found counts that differ from the figures:`,
  emailLine: (label: string, status: string, source: string, count: number, figures: number) => `${label} (${status}): ${source} ${count}, figures ${figures}`,
  EMAIL_SOURCE_EVENTS: 'events feed',
  emailSourceEndpoint: (url: string) => `delivered to ${url}`,
  emailOutro: 'Open Daily reconciliation on the staff screens for the whole report.',
} as const;
