import {
  API_ROUTES,
  canManageClearing,
  EVENT_API_KEY_TEXTS,
  eventApiKeyCreateSchema,
  LOGIN_MESSAGES,
  type EventApiKey,
  type EventApiKeyIssued,
  type EventApiKeyList,
} from '@clearing-desk/contracts';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '../api-url';
import { db } from '../db';

const refuse = () =>
  db.sessionUser
    ? HttpResponse.json({ message: EVENT_API_KEY_TEXTS.FORBIDDEN }, { status: 403 })
    : HttpResponse.json({ message: LOGIN_MESSAGES.NOT_LOGGED_IN }, { status: 401 });

let issued = 0;

/**
 * The record system's API keys as the gateway answers them (Administrators over all courses):
 * list, issue (the secret answered once, `mock-key-{n}.secret`), revoke (409 when already revoked).
 */
export const eventApiKeysHandlers = [
  http.get(apiUrl(API_ROUTES.adminEventKeys.path), () =>
    canManageClearing(db.sessionUser) ? HttpResponse.json<EventApiKeyList>({ keys: db.eventApiKeys }) : refuse(),
  ),

  http.post(apiUrl(API_ROUTES.adminEventKeyCreate.path), async ({ request }) => {
    if (!canManageClearing(db.sessionUser)) return refuse();
    const body = (await request.json()) as { data?: unknown; token?: unknown };
    const parsed = eventApiKeyCreateSchema.safeParse(body.data);
    if (typeof body.token !== 'string') return HttpResponse.json({ message: 'Invalid request' }, { status: 400 });
    if (!parsed.success) return HttpResponse.json({ message: parsed.error.issues.map((i) => i.message).join('; ') }, { status: 400 });
    issued += 1;
    const key: EventApiKey = {
      id: `00000000-0000-4000-8000-${String(issued).padStart(12, '0')}`,
      name: parsed.data.name,
      eventTypes: parsed.data.eventTypes,
      createdBy: db.sessionUser!.username,
      createdAt: new Date().toISOString(),
      revokedAt: null,
      revokedBy: null,
    };
    db.eventApiKeys.unshift(key);
    return HttpResponse.json<EventApiKeyIssued>({ key, secret: `${key.id}.mock-secret-${issued}` });
  }),

  http.post(apiUrl(API_ROUTES.adminEventKeyRevoke.path), async ({ params }) => {
    if (!canManageClearing(db.sessionUser)) return refuse();
    const key = db.eventApiKeys.find((k) => k.id === params.id);
    if (!key) return HttpResponse.json({ message: EVENT_API_KEY_TEXTS.NOT_FOUND }, { status: 404 });
    if (key.revokedAt) return HttpResponse.json({ message: EVENT_API_KEY_TEXTS.ALREADY_REVOKED }, { status: 409 });
    key.revokedAt = new Date().toISOString();
    key.revokedBy = db.sessionUser!.username;
    return HttpResponse.json<EventApiKey>(key);
  }),
];
