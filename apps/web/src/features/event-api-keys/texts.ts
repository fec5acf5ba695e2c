/** Web-only texts of the record system's API keys (on the Clearing settings page). */
export const EVENT_KEY_SCREEN_TEXTS = {
  HEADING: 'Record system API keys',
  INTRO:
    'A record system reads every application event (new applications, decisions, status changes, withdrawals) from GET /api/v1/events with an API key. Issue one key for each system, with the events it may read. The key is shown once: give it to the system’s administrator at once.',
  NAME_LABEL: 'Name',
  NAME_HINT: 'Who uses the key, for example the student records system.',
  TYPES_LEGEND: 'Events the key may read',
  ISSUE: 'Issue API key',
  ISSUED_TITLE: 'API key issued',
  ISSUED_BODY: 'Copy this key now: it will not be shown again. Send it as Authorization: Bearer followed by the key.',
  ISSUED_KEY_LABEL: 'API key for',
  LOADING: 'Loading API keys',
  EMPTY: 'No API key has been issued.',
  COLUMN_NAME: 'Name',
  COLUMN_TYPES: 'Events',
  COLUMN_ISSUED: 'Issued',
  COLUMN_STATUS: 'Status',
  COLUMN_ACTION: 'Action',
  ACTIVE: 'Active',
  REVOKE: 'Revoke',
  REVOKE_CONFIRM_TITLE: 'Revoke this API key?',
  REVOKE_CONFIRM_BODY: 'The record system using it is refused from its next call. This cannot be undone: issue a new key instead.',
  REVOKED: 'API key revoked.',
} as const;

/** 'Revoked by admin, 14 August 2025 10:05' */
export const revokedText = (by: string | null, when: string): string => `Revoked${by ? ` by ${by}` : ''}, ${when}`;
/** The Revoke button's accessible name says which key it revokes. */
export const revokeLabel = (name: string): string => `${EVENT_KEY_SCREEN_TEXTS.REVOKE} API key ${name}`;
