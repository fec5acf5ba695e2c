import type { ClearingStatusResponse, PingResponse } from '@clearing-desk/contracts';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '../api-url';
import { db } from '../db';

/** GET /api/admin/status and GET /api/ping. */
export const clearingStatusHandlers = [
  http.get(apiUrl('/admin/status'), () => HttpResponse.json<ClearingStatusResponse>(db.clearingStatus)),
  http.get(apiUrl('/ping'), () => HttpResponse.json<PingResponse>({ state: db.pingState })),
];
