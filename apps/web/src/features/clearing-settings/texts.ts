import { CLOSING_MESSAGE_MAX, DEFAULT_CLOSED_MESSAGE, type LoginLockoutKind } from '@clearing-desk/contracts';

/** Web-only texts of the Clearing settings page (spec texts come from @clearing-desk/contracts). */
export const SETTINGS_TEXTS = {
  HEADING: 'Clearing settings',
  INTRO: 'Open or close Clearing for the public. Signed-in staff can use the application either way.',
  LOADING: 'Loading Clearing settings',
  STATE_LEGEND: 'Clearing',
  OPEN: 'Open',
  CLOSED: 'Closed',
  MESSAGE_LABEL: 'Closing message',
  MESSAGE_HINT: `Shown to the public while Clearing is closed, up to ${CLOSING_MESSAGE_MAX} characters. Leave it empty to show the default message: ‘${DEFAULT_CLOSED_MESSAGE}’`,
  SAVE: 'Save settings',
  SAVED: 'Settings saved.',
  AUDIT_CAPTION: 'Recent changes',
  AUDIT_WHEN: 'When',
  AUDIT_WHO: 'Who',
  AUDIT_STATE: 'Clearing',
  AUDIT_MESSAGE: 'Closing message',
  AUDIT_DEFAULT_MESSAGE: 'Default message',
  AUDIT_EMPTY: 'No changes yet.',
  AUDIT_LOADING: 'Loading recent changes',
  LOCKOUTS_HEADING: 'Sign-in lockouts',
  LOCKOUTS_INTRO:
    'Sign-ins refused too often are held for a while: a username from one address, a username from every address (never for more than a minute), or every username from one address. Lift a lockout once you know who it is.',
  LOCKOUTS_LOADING: 'Loading sign-in lockouts',
  LOCKOUTS_EMPTY: 'No sign-in is locked out.',
  LOCKOUTS_KIND: 'Held',
  LOCKOUTS_USERNAME: 'Username',
  LOCKOUTS_ADDRESS: 'Address',
  LOCKOUTS_REFUSALS: 'Refused sign-ins',
  LOCKOUTS_UNTIL: 'Until',
  LOCKOUTS_ACTION: 'Action',
  LOCKOUTS_LIFT: 'Lift',
  LOCKOUTS_LIFTED: 'Lockout lifted.',
  LOCKOUTS_EVERY: 'Every',
} as const;

/** What a lockout holds, in words. */
export const lockoutKindText = (kind: LoginLockoutKind): string =>
  kind === 'pair'
    ? 'This username from this address'
    : kind === 'username'
      ? 'This username from every address'
      : kind === 'device'
        ? 'This username from browsers it signed in on before'
        : 'Every username from this address';

export const clearingStateText = (state: 0 | 1): string => (state === 1 ? SETTINGS_TEXTS.OPEN : SETTINGS_TEXTS.CLOSED);
