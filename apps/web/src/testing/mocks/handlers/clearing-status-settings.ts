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
  cycleRollRequestSchema,
  CYCLE_ROLL_MESSAGES,
  nextCycle,
  type CycleResponse,
} from '@clearing-desk/contracts';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '../api-url';
import { clearingStatusAnswer } from './clearing-status';
import { db, setClearingStatus } from '../db';

const refuse = () =>
  db.sessionUser
    ? HttpResponse.json({ message: LOGIN_MESSAGES.FORBIDDEN }, { status: 403 })
    : HttpResponse.json({ message: LOGIN_MESSAGES.NOT_LOGGED_IN }, { status: 401 });

/** The current cycle as GET /api/admin/cycle answers it (inside its window unless the status says otherwise). */
const cycleAnswer = (): CycleResponse => {
  const current = db.cycles[db.cycles.length - 1]!;
  return { current: { ...current, IN_WINDOW: db.clearingStatus.cycle?.IN_WINDOW ?? true }, next: nextCycle(current), rolls: db.cycleRolls };
};

/** PUT /api/admin/status, GET /api/admin/status/audit, the recruitment cycle and the sign-in lockouts: Administrators over all courses only. */
export const clearingStatusSettingsHandlers = [
  http.put(apiUrl(API_ROUTES.clearingStatusUpdate.path), async ({ request }) => {
    if (!canManageClearing(db.sessionUser)) return refuse();
    const body = (await request.json()) as { data?: unknown; token?: unknown };
    const update = clearingStatusUpdateSchema.safeParse(body.data);
    if (typeof body.token !== 'string' || !update.success) return HttpResponse.json({ message: 'Invalid request' }, { status: 400 });
    setClearingStatus(update.data);
    db.clearingAudit.unshift({ at: new Date().toISOString(), username: db.sessionUser!.username, ...update.data });
    return HttpResponse.json<ClearingStatusResponse>(clearingStatusAnswer());
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

  http.get(apiUrl(API_ROUTES.recruitmentCycle.path), () => (canManageClearing(db.sessionUser) ? HttpResponse.json<CycleResponse>(cycleAnswer()) : refuse())),

  http.post(apiUrl(API_ROUTES.recruitmentCycleRoll.path), async ({ request }) => {
    if (!canManageClearing(db.sessionUser)) return refuse();
    const body = (await request.json()) as { data?: unknown; token?: unknown };
    const roll = cycleRollRequestSchema.safeParse(body.data);
    if (typeof body.token !== 'string' || !roll.success) return HttpResponse.json({ message: 'Invalid request' }, { status: 400 });
    const current = db.cycles[db.cycles.length - 1]!;
    if (roll.data.FROM !== current.NAME) return HttpResponse.json({ message: CYCLE_ROLL_MESSAGES.NOT_CURRENT(roll.data.FROM, current.NAME) }, { status: 409 });
    const next = nextCycle(current);
    db.cycles.push(next);
    db.cycleRolls.unshift({ at: new Date().toISOString(), username: db.sessionUser!.username, FROM: current.NAME, TO: next.NAME });
    return HttpResponse.json<CycleResponse>(cycleAnswer());
  }),

  http.get(apiUrl(API_ROUTES.clearingStatusAudit.path), () =>
    canManageClearing(db.sessionUser) ? HttpResponse.json<ClearingStatusAuditResponse>({ rows: db.clearingAudit }) : refuse(),
  ),
];
