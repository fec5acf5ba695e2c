import { API_ROUTES } from '@clearing-desk/contracts';
import type { ClearingStatusResponse, PingResponse } from '@clearing-desk/contracts';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '../api-url';
import { db } from '../db';

/** GET /api/admin/status and GET /api/ping. */
export const clearingStatusHandlers = [
  http.get(apiUrl(API_ROUTES.clearingStatus.path), () => HttpResponse.json<ClearingStatusResponse>(db.clearingStatus)),
  http.get(apiUrl(API_ROUTES.ping.path), () => HttpResponse.json<PingResponse>({ state: db.pingState })),
];
