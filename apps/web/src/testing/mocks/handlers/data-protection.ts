import {
  API_ROUTES,
  canManageClearing,
  DEFAULT_RETENTION_SCHEDULE,
  erasureRequestSchema,
  LOGIN_MESSAGES,
  retentionScheduleResponse,
  SUBJECT_ACCESS_TEXTS,
  type ErasureResult,
  type RetentionRun,
} from '@clearing-desk/contracts';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '../api-url';
import { db } from '../db';

const refuse = () =>
  db.sessionUser
    ? HttpResponse.json({ message: SUBJECT_ACCESS_TEXTS.FORBIDDEN }, { status: 403 })
    : HttpResponse.json({ message: LOGIN_MESSAGES.NOT_LOGGED_IN }, { status: 401 });

/**
 * Erasure, the retention schedule and its runs, as the gateway answers them: erasure requests are
 * kept as sent (db.dataProtection.erasures) and answered with db.dataProtection.erasureAnswer (a
 * result, or a refusal with its status and message); 'Run now' adds a run with nothing to do.
 */
export const dataProtectionHandlers = [
  http.get(apiUrl(API_ROUTES.retentionSchedule.path), () => HttpResponse.json(retentionScheduleResponse(DEFAULT_RETENTION_SCHEDULE))),
  http.get(apiUrl(API_ROUTES.deskRetentionRuns.path), () =>
    canManageClearing(db.sessionUser) ? HttpResponse.json({ rows: db.dataProtection.runs }) : refuse(),
  ),
  http.post(apiUrl(API_ROUTES.deskRetentionRun.path), () => {
    if (!canManageClearing(db.sessionUser)) return refuse();
    const at = new Date().toISOString();
    const run: RetentionRun = {
      ID: db.dataProtection.runs.length + 1,
      TRIGGER: 'manual',
      STARTED_AT: at,
      FINISHED_AT: at,
      COUNTS: { 'applications.unsuccessful': 0 },
      ERROR: null,
    };
    db.dataProtection.runs.unshift(run);
    return HttpResponse.json(run);
  }),
  http.post(apiUrl(API_ROUTES.deskErasure.path), async ({ request }) => {
    if (!canManageClearing(db.sessionUser)) return refuse();
    const body = (await request.json()) as { data?: unknown; token?: unknown };
    const parsed = erasureRequestSchema.safeParse(body.data);
    if (typeof body.token !== 'string' || !parsed.success) return HttpResponse.json({ message: 'Invalid request' }, { status: 400 });
    db.dataProtection.erasures.push(parsed.data);
    const answer = db.dataProtection.erasureAnswer;
    if ('status' in answer) return HttpResponse.json({ message: answer.message }, { status: answer.status });
    return HttpResponse.json<ErasureResult>({ ...answer, TICKET: parsed.data.TICKET });
  }),
];
