import { API_ROUTES } from '@clearing-desk/contracts';
import type { ClearingStatusResponse, PingResponse } from '@clearing-desk/contracts';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '../api-url';
import { db } from '../db';

/** The status as the gateway answers it: the mock's current cycle (inside its window) unless the test sets one. */
export const clearingStatusAnswer = (): ClearingStatusResponse => ({ cycle: { ...db.cycles[db.cycles.length - 1]!, IN_WINDOW: true }, ...db.clearingStatus });

/** GET /api/admin/status and GET /api/ping. */
export const clearingStatusHandlers = [
  http.get(apiUrl(API_ROUTES.clearingStatus.path), () => HttpResponse.json<ClearingStatusResponse>(clearingStatusAnswer())),
  http.get(apiUrl(API_ROUTES.ping.path), () => HttpResponse.json<PingResponse>({ state: db.pingState })),
];
