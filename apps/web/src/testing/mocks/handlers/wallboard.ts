import { API_ROUTES } from '@clearing-desk/contracts';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '../api-url';

/**
 * The wallboard's event stream as the fake gateway answers it: open, with no decision (a test
 * that needs one drives the wallboard's EventSource itself, as jsdom has none).
 */
export const wallboardHandlers = [
  http.get(
    apiUrl(API_ROUTES.wallboardEvents.path),
    () => new HttpResponse('retry: 2000\n: connected\n\n', { headers: { 'content-type': 'text/event-stream; charset=utf-8' } }),
  ),
];
