import type { LoginLockoutKind } from '@clearing-desk/contracts';

/** Web-only texts of the sign-in lockouts table (on the Clearing settings page). */
export const LOCKOUT_TEXTS = {
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
