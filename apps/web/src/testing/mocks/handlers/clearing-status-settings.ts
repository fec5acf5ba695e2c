import {
  API_ROUTES,
  canManageClearing,
  canManageSignInLockouts,
  liftLoginLockoutSchema,
  type LoginLockoutsResponse,
  clearingStatusUpdateSchema,
  LOGIN_MESSAGES,
  type ClearingStatusAuditResponse,
  type ClearingStatusResponse,
} from '@clearing-desk/contracts';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '../api-url';
import { db, setClearingStatus } from '../db';

const refuse = () =>
  db.sessionUser
    ? HttpResponse.json({ message: LOGIN_MESSAGES.FORBIDDEN }, { status: 403 })
    : HttpResponse.json({ message: LOGIN_MESSAGES.NOT_LOGGED_IN }, { status: 401 });

/** PUT /api/admin/status, GET /api/admin/status/audit and the sign-in lockouts: Administrators over all courses only. */
export const clearingStatusSettingsHandlers = [
  http.put(apiUrl(API_ROUTES.clearingStatusUpdate.path), async ({ request }) => {
    if (!canManageClearing(db.sessionUser)) return refuse();
    const body = (await request.json()) as { data?: unknown; token?: unknown };
    const update = clearingStatusUpdateSchema.safeParse(body.data);
    if (typeof body.token !== 'string' || !update.success) return HttpResponse.json({ message: 'Invalid request' }, { status: 400 });
    setClearingStatus(update.data);
    db.clearingAudit.unshift({ at: new Date().toISOString(), username: db.sessionUser!.username, ...update.data });
    return HttpResponse.json<ClearingStatusResponse>(db.clearingStatus);
  }),

  http.get(apiUrl(API_ROUTES.signInLockouts.path), () =>
    canManageSignInLockouts(db.sessionUser) ? HttpResponse.json<LoginLockoutsResponse>({ rows: db.signInLockouts }) : refuse(),
  ),

  http.post(apiUrl(API_ROUTES.liftSignInLockout.path), async ({ request }) => {
    if (!canManageSignInLockouts(db.sessionUser)) return refuse();
    const body = (await request.json()) as { data?: unknown; token?: unknown };
    const subject = liftLoginLockoutSchema.safeParse(body.data);
    if (typeof body.token !== 'string' || !subject.success) return HttpResponse.json({ message: 'Invalid request' }, { status: 400 });
    const { kind, username, address } = subject.data;
    db.signInLockouts = db.signInLockouts.filter((row) => !(row.kind === kind && row.username === username && row.address === address));
    return HttpResponse.json<LoginLockoutsResponse>({ rows: db.signInLockouts });
  }),

  http.get(apiUrl(API_ROUTES.clearingStatusAudit.path), () =>
    canManageClearing(db.sessionUser) ? HttpResponse.json<ClearingStatusAuditResponse>({ rows: db.clearingAudit }) : refuse(),
  ),
];
