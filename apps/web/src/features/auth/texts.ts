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
  /** The sign-in dialog over a staff form whose session ended (issue 19 item 1). */
  SESSION_ENDED_TITLE: 'Your session has ended: sign in to carry on',
  SESSION_ENDED_BODY: 'Nothing you entered is lost. Once you have signed in, what you were saving is saved.',
  SESSION_ENDED_CANCEL: 'Not now',
} as const;
