/** Web-only texts of the record system's webhook endpoints (on the Clearing settings page). */
export const WEBHOOK_SCREEN_TEXTS = {
  HEADING: 'Webhooks',
  INTRO:
    'Clearing Desk can also post each application event to a record system as it happens, signed per Standard Webhooks. Register the system’s endpoint with the events it takes; its signing secret is shown once. An endpoint that keeps failing is paused with its events kept: resume it once the system is back.',
  URL_LABEL: 'Endpoint URL',
  URL_HINT: 'The address the record system receives webhooks on, starting with https://',
  TYPES_LEGEND: 'Events the endpoint takes',
  REGISTER: 'Register endpoint',
  REGISTERED_TITLE: 'Webhook endpoint registered',
  REGISTERED_BODY: 'Copy the signing secret now: it will not be shown again. The record system verifies every webhook with it.',
  SECRET_LABEL: 'Signing secret for',
  LOADING: 'Loading webhook endpoints',
  EMPTY: 'No webhook endpoint is registered.',
  COLUMN_URL: 'Endpoint',
  COLUMN_TYPES: 'Events',
  COLUMN_STATUS: 'Status',
  COLUMN_PENDING: 'Waiting',
  COLUMN_LAST: 'Last delivered',
  COLUMN_ACTION: 'Action',
  ACTIVE: 'Active',
  NEVER: 'Never',
  RESUME: 'Resume',
  RESUMED: 'Webhook endpoint resumed: its waiting events are being delivered in order.',
  SHOW_ATTEMPTS: 'Show attempts',
  HIDE_ATTEMPTS: 'Hide attempts',
  ATTEMPTS_HEADING: 'Latest attempts',
  ATTEMPTS_LOADING: 'Loading attempts',
  ATTEMPTS_EMPTY: 'Nothing has been sent to this endpoint yet.',
  ATTEMPT_WHEN: 'When',
  ATTEMPT_EVENT: 'Event',
  ATTEMPT_NUMBER: 'Attempt',
  ATTEMPT_OUTCOME: 'Outcome',
  DELIVERED: 'Delivered',
  FAILED: 'Failed',
} as const;

/** 'Paused after 10 failures in a row, 14/08/2025 10:05' */
export const pausedText = (failures: number, when: string | null): string =>
  `Paused after ${failures} ${failures === 1 ? 'failure' : 'failures'} in a row${when ? `, ${when}` : ''}`;
/** A button's accessible name says which endpoint it acts on. */
export const resumeLabel = (url: string): string => `${WEBHOOK_SCREEN_TEXTS.RESUME} webhook ${url}`;
export const attemptsLabel = (shown: boolean, url: string): string =>
  `${shown ? WEBHOOK_SCREEN_TEXTS.HIDE_ATTEMPTS : WEBHOOK_SCREEN_TEXTS.SHOW_ATTEMPTS} of ${url}`;
/** 'Failed: The receiver answered 500. (212 ms)' */
export const attemptOutcomeText = (delivered: boolean, httpStatus: number | null, error: string | null, ms: number): string =>
  delivered ? `${WEBHOOK_SCREEN_TEXTS.DELIVERED} (${httpStatus ?? ''}, ${ms} ms)` : `${WEBHOOK_SCREEN_TEXTS.FAILED}: ${error ?? ''} (${ms} ms)`;
