import {
  API_ROUTES,
  canManageClearing,
  LOGIN_MESSAGES,
  WEBHOOK_TEXTS,
  webhookEndpointCreateSchema,
  type WebhookAttemptList,
  type WebhookEndpoint,
  type WebhookEndpointIssued,
  type WebhookEndpointList,
} from '@clearing-desk/contracts';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '../api-url';
import { db } from '../db';

const refuse = () =>
  db.sessionUser
    ? HttpResponse.json({ message: WEBHOOK_TEXTS.FORBIDDEN }, { status: 403 })
    : HttpResponse.json({ message: LOGIN_MESSAGES.NOT_LOGGED_IN }, { status: 401 });

let registered = 0;

/**
 * The webhook endpoints as the gateway answers them (Administrators over all courses): list,
 * register (the secret answered once), resume (409 when not paused), attempts (404 unknown).
 */
export const webhooksHandlers = [
  http.get(apiUrl(API_ROUTES.adminWebhooks.path), () =>
    canManageClearing(db.sessionUser) ? HttpResponse.json<WebhookEndpointList>({ endpoints: db.webhooks.endpoints }) : refuse(),
  ),

  http.post(apiUrl(API_ROUTES.adminWebhookCreate.path), async ({ request }) => {
    if (!canManageClearing(db.sessionUser)) return refuse();
    const body = (await request.json()) as { data?: unknown; token?: unknown };
    if (typeof body.token !== 'string') return HttpResponse.json({ message: 'Invalid request' }, { status: 400 });
    const parsed = webhookEndpointCreateSchema.safeParse(body.data);
    if (!parsed.success) return HttpResponse.json({ message: parsed.error.issues.map((i) => i.message).join('; ') }, { status: 400 });
    registered += 1;
    const endpoint: WebhookEndpoint = {
      id: `00000000-0000-4000-9000-${String(registered).padStart(12, '0')}`,
      url: parsed.data.url,
      eventTypes: parsed.data.eventTypes,
      status: 'active',
      consecutiveFailures: 0,
      pausedAt: null,
      createdBy: db.sessionUser!.username,
      createdAt: new Date().toISOString(),
      pending: 0,
      lastDeliveredAt: null,
    };
    db.webhooks.endpoints.unshift(endpoint);
    return HttpResponse.json<WebhookEndpointIssued>({ endpoint, secret: `whsec_bW9jay1zZWNyZXQt${registered}` });
  }),

  http.post(apiUrl(API_ROUTES.adminWebhookResume.path), ({ params }) => {
    if (!canManageClearing(db.sessionUser)) return refuse();
    const endpoint = db.webhooks.endpoints.find((e) => e.id === params.id);
    if (!endpoint) return HttpResponse.json({ message: WEBHOOK_TEXTS.NOT_FOUND }, { status: 404 });
    if (endpoint.status !== 'paused') return HttpResponse.json({ message: WEBHOOK_TEXTS.NOT_PAUSED }, { status: 409 });
    Object.assign(endpoint, { status: 'active', consecutiveFailures: 0, pausedAt: null });
    return HttpResponse.json<WebhookEndpoint>(endpoint);
  }),

  http.get(apiUrl(API_ROUTES.adminWebhookAttempts.path), ({ params }) => {
    if (!canManageClearing(db.sessionUser)) return refuse();
    const id = String(params.id);
    if (!db.webhooks.endpoints.some((e) => e.id === id)) return HttpResponse.json({ message: WEBHOOK_TEXTS.NOT_FOUND }, { status: 404 });
    return HttpResponse.json<WebhookAttemptList>({ attempts: db.webhooks.attempts[id] ?? [] });
  }),
];
