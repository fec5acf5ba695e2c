/** Web-only texts of the staff sign-in (spec texts such as LOGIN_MESSAGES come from @clearing-desk/contracts). */
export const AUTH_TEXTS = {
  SIGN_IN_HEADING: 'Staff sign in',
  SIGN_IN_INTRO: 'Sign in with your staff account to search courses and applications and to take applications by phone.',
  USERNAME_LABEL: 'Username',
  PASSWORD_LABEL: 'Password',
  SIGN_IN_BUTTON: 'Sign in',
  SIGNING_IN: 'Signing in…',
  ENTERPRISE_LINK: 'Sign in with your university account',
  LOADING_SESSION: 'Checking your sign-in',
  LOADING_OPTIONS: 'Loading sign-in options',
  NO_ROLE_HEADING: 'Your account has no Clearing role',
  NO_ROLE_BODY: 'You are signed in, but your account has no Clearing role, so there is nothing you can do here yet.',
  NO_ROLE_ACTION:
    'Contact an administrator to be given a Clearing role. It reaches your account here within a few minutes of being given: then choose Check again.',
  NO_ROLE_CHECK_AGAIN: 'Check again',
  /** The sign-in dialog over a staff form whose session ended. */
  SESSION_ENDED_TITLE: 'Your session has ended: sign in to carry on',
  SESSION_ENDED_BODY: 'Nothing you entered is lost. Once you have signed in, what you were saving is saved.',
  SESSION_ENDED_CANCEL: 'Not now',
  /** Its words when a staff form opens without a session over the draft kept in the tab (a reload, a restored tab). */
  SESSION_RESUME_BODY: 'The call you were taking is kept in this tab. Once you have signed in, it carries on where you left it.',
  /** Its words when a sign-out in another tab discarded the call in progress here. */
  SESSION_DISCARDED_BODY: 'You signed out in another tab, so the call in progress here was discarded. Sign in to take a call.',
  /** Over a staff form left without a session ('Not now' in the sign-in dialog): nothing is saved until someone signs in. */
  STAFF_FORM_SIGNED_OUT: 'You are not signed in. This call stays a staff call: sign in to save it.',
  /** The header's 'Sign out' while a staff call is in progress in another tab of the browser. */
  SIGN_OUT_CALL_IN_PROGRESS: 'A call is in progress in another tab: sign out and discard it?',
  SIGN_OUT_CONFIRM: 'Sign out',
  SIGN_OUT_CANCEL: 'Cancel',
  /** After signing in over a call another adviser started in this tab. */
  OTHER_ADVISER_TITLE: (name: string) => `This call was started by ${name}: continue it or discard it?`,
  OTHER_ADVISER_BODY: 'Continue to save it as yourself; discard it to start a new call.',
  OTHER_ADVISER_CONTINUE: 'Continue the call',
  OTHER_ADVISER_DISCARD: 'Discard it',
} as const;
