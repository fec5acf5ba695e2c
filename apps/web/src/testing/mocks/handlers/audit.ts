import { API_ROUTES, type AuditItem } from '@clearing-desk/contracts';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '../api-url';

/** The audit rows the mock answers for any application (tests push theirs; emptied by the tests that do). */
export const auditRows: AuditItem[] = [];

/** The application's audit (Administrators), as the gateway answers it. */
export const auditHandlers = [http.get(apiUrl(API_ROUTES.deskApplicationAudit.path), () => HttpResponse.json({ rows: auditRows }))];
