import {
  API_ROUTES,
  LOGIN_MESSAGES,
  loginFormSchema,
  SESSION_IDLE_WARNING_MS,
  type LoginOptions,
  type SessionState,
  type StaffUser,
} from '@clearing-desk/contracts';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '../api-url';
import { db, setSessionUser, setStaffSignedInHint } from '../db';

/** A session 30 minutes from its idle end (no warning due), ending 12 hours from now. */
export const freshSessionState = (): SessionState => ({
  idleEndsAt: new Date(Date.now() + 30 * 60_000).toISOString(),
  endsAt: new Date(Date.now() + 12 * 3_600_000).toISOString(),
  warnBeforeMs: SESSION_IDLE_WARNING_MS,
});

const notLoggedIn = () => HttpResponse.json({ message: LOGIN_MESSAGES.NOT_LOGGED_IN }, { status: 401 });

/** The staff session: options, sign-in (form-encoded, with the XSRF `token` field), sign-out, the current user. */
export const authHandlers = [
  http.get(apiUrl(API_ROUTES.authOptions.path), () => HttpResponse.json<LoginOptions>(db.loginOptions)),

  http.put(apiUrl(API_ROUTES.authLogin.path), async ({ request }) => {
    const body = new URLSearchParams(await request.text());
    if (!request.headers.get('content-type')?.startsWith('application/x-www-form-urlencoded') || !body.has('token')) {
      return HttpResponse.json({ message: 'Invalid request' }, { status: 400 });
    }
    const form = loginFormSchema.safeParse({ username: body.get('username') ?? '', password: body.get('password') ?? '' });
    const account = form.success
      ? db.directory.find((a) => a.user.username === form.data.username && a.password === form.data.password && a.password !== '')
      : undefined;
    if (!account) return HttpResponse.json({ message: LOGIN_MESSAGES.INCORRECT }, { status: 401 });
    setSessionUser(account.user);
    return HttpResponse.json<StaffUser>(account.user);
  }),

  http.put(apiUrl(API_ROUTES.authLogout.path), () => {
    setSessionUser(null);
    return new HttpResponse(null, { status: 204 });
  }),

  http.get(apiUrl(API_ROUTES.authSession.path), () => (db.sessionUser ? HttpResponse.json<SessionState>(freshSessionState()) : notLoggedIn())),
  http.put(apiUrl(API_ROUTES.authSessionExtend.path), () => (db.sessionUser ? HttpResponse.json<SessionState>(freshSessionState()) : notLoggedIn())),

  http.get(apiUrl(API_ROUTES.authUser.path), () => {
    if (db.sessionUser) return HttpResponse.json<StaffUser>(db.sessionUser);
    // The gateway clears a stale sign-in hint on any API call that finds no session.
    setStaffSignedInHint(false);
    return notLoggedIn();
  }),
];
