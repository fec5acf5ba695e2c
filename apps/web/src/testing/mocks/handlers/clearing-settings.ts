import {
  canManageClearing,
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

/** PUT /api/admin/status and GET /api/admin/status/audit: Administrators over all courses only. */
export const clearingSettingsHandlers = [
  http.put(apiUrl('/admin/status'), async ({ request }) => {
    if (!canManageClearing(db.sessionUser)) return refuse();
    const body = (await request.json()) as { data?: unknown; token?: unknown };
    const update = clearingStatusUpdateSchema.safeParse(body.data);
    if (typeof body.token !== 'string' || !update.success) return HttpResponse.json({ message: 'Invalid request' }, { status: 400 });
    setClearingStatus(update.data);
    db.clearingAudit.unshift({ at: new Date().toISOString(), username: db.sessionUser!.username, ...update.data });
    return HttpResponse.json<ClearingStatusResponse>(db.clearingStatus);
  }),

  http.get(apiUrl('/admin/status/audit'), () =>
    canManageClearing(db.sessionUser) ? HttpResponse.json<ClearingStatusAuditResponse>({ rows: db.clearingAudit }) : refuse(),
  ),
];
