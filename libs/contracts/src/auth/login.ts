import { z } from 'zod';
import { LIMITS } from '../common/limits';
import { staffUserSchema } from './roles';

/**
 * PUT /api/admin/auth/ldap (spec section 7): form-encoded `username` and `password` (limits of
 * spec sections 5 and 9) plus the XSRF `token` field. An empty password is not refused here: it
 * gets the same 401 as a wrong one, so the answer never tells which part was wrong.
 */
export const loginFormSchema = z.object({
  username: z.string().trim().max(LIMITS.USERNAME_MAX, `'Username' max length is ${LIMITS.USERNAME_MAX}.`),
  password: z.string().max(LIMITS.PASSWORD_MAX, `'Password' max length is ${LIMITS.PASSWORD_MAX}.`),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** The login's body as the gateway reads it: the form's fields and the XSRF `token` field. */
export const loginBodySchema = loginFormSchema.extend({ token: z.string().optional() });

/** The signed-in user: the answer of a login and of GET /api/admin/auth/user. */
export const staffUserResponseSchema = staffUserSchema;

/** How the login screen offers sign-in: a password form, or the enterprise (OIDC) link to /login. */
export const loginOptionsSchema = z.object({ enterprise: z.boolean() });
export type LoginOptions = z.infer<typeof loginOptionsSchema>;

/** Texts of the staff sign-in (spec section 8 and the staff sign-in issue). */
export const LOGIN_MESSAGES = {
  /** 401 of a wrong password, an unknown user or an empty password (spec section 8). */
  INCORRECT: 'Incorrect username/password',
  /** Any admin call without a session. */
  NOT_LOGGED_IN: 'Not logged in',
  /** 503 when the directory cannot be reached. */
  DIRECTORY_UNAVAILABLE: 'The staff directory cannot be reached. Please try again in a few minutes.',
  /** 503 when the session store (Redis) cannot be reached. */
  SESSIONS_UNAVAILABLE: 'Staff sign-in is unavailable at the moment. Please try again in a few minutes.',
  /** 429 of the login rate limit. */
  TOO_MANY_ATTEMPTS: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  /** Shown on /staff?signin=failed: the enterprise (OIDC) sign-in was refused or cancelled. */
  ENTERPRISE_FAILED: 'The enterprise sign-in did not complete. Please try again.',
  /** 503 when the enterprise (OIDC) provider cannot be reached (discovery or token exchange). */
  ENTERPRISE_UNAVAILABLE: 'The enterprise sign-in provider cannot be reached. Please try again in a few minutes.',
  /** 403 for a signed-in user without the permission a route needs. */
  FORBIDDEN: 'You do not have permission to do this.',
} as const;

/**
 * GET and PUT /api/admin/auth/session: when the staff session ends. `idleEndsAt`
 * moves with what the adviser does (not with the background status ping, nor this GET); the PUT
 * is 'Stay signed in' and counts as activity. `endsAt` is the absolute end (sign-in plus the
 * absolute lifetime, or its hard ceiling while a form is open). ISO 8601 times; `warnBeforeMs`:
 * how long before `idleEndsAt` the warning shows.
 */
export const sessionStateSchema = z.object({
  idleEndsAt: z.string(),
  endsAt: z.string(),
  warnBeforeMs: z.number().int().nonnegative(),
});
export type SessionState = z.infer<typeof sessionStateSchema>;
