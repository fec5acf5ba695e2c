import { z } from 'zod';
import { applicationEventTypeSchema } from './application-events';

/**
 * API keys of the events feed (client credentials): an Administrator issues one per record
 * system on the Settings page, scoped to the event types it may read; the key is shown once and
 * stored only as a SHA-256 hash of its secret (docs/domain/events.md "API keys").
 */

/** The words of the API key screens and refusals, one place for the screen and the gateway. */
export const EVENT_API_KEY_TEXTS = {
  MISSING: 'Send an API key: Authorization: Bearer <key>.',
  INVALID: 'This API key is not valid or has been revoked.',
  FORBIDDEN: 'Only an Administrator can manage API keys.',
  NOT_FOUND: 'There is no such API key.',
  NAME_REQUIRED: 'Enter a name for the key, such as the record system that will use it.',
  NAME_TOO_LONG: 'The name must be 80 characters or fewer.',
  TYPES_REQUIRED: 'Select at least one event type the key may read.',
  ALREADY_REVOKED: 'This API key has already been revoked.',
} as const;

/** What each event type is, as the Settings page lists it. */
export const EVENT_TYPE_LABELS: Readonly<Record<z.infer<typeof applicationEventTypeSchema>, string>> = {
  'application.created.v1': 'Application created',
  'application.decision.v1': 'Decision',
  'application.status-changed.v1': 'Status changed',
  'application.withdrawn.v1': 'Withdrawn',
  'application.ucas-choice-added.v1': 'UCAS choice added',
  'application.offer-lapsing.v1': 'Offer lapsing',
};

/** An API key as the Settings page lists it (never its secret). */
export const eventApiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  eventTypes: z.array(applicationEventTypeSchema),
  createdBy: z.string(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
  revokedBy: z.string().nullable(),
});
export type EventApiKey = z.infer<typeof eventApiKeySchema>;
export const eventApiKeyListSchema = z.object({ keys: z.array(eventApiKeySchema) });
export type EventApiKeyList = z.infer<typeof eventApiKeyListSchema>;

/** A new key: its name (who uses it) and the event types it may read. */
export const eventApiKeyCreateSchema = z.object({
  name: z.string().trim().min(1, EVENT_API_KEY_TEXTS.NAME_REQUIRED).max(80, EVENT_API_KEY_TEXTS.NAME_TOO_LONG),
  eventTypes: z.array(applicationEventTypeSchema).min(1, EVENT_API_KEY_TEXTS.TYPES_REQUIRED),
});
export type EventApiKeyCreate = z.infer<typeof eventApiKeyCreateSchema>;

/** The issued key with its secret, answered once: `secret` is the whole bearer token. */
export const eventApiKeyIssuedSchema = z.object({ key: eventApiKeySchema, secret: z.string() });
export type EventApiKeyIssued = z.infer<typeof eventApiKeyIssuedSchema>;

export const eventApiKeyIdParamsSchema = z.object({ id: z.uuid() });

/** The gateway asks applications-svc whether a bearer token is a live key. */
export const eventApiKeyVerifySchema = z.object({ token: z.string().max(200) });
/** A live key: its id (the rate limit's subject) and the event types it may read. */
export const eventApiKeyVerifiedSchema = z.object({ id: z.uuid(), eventTypes: z.array(applicationEventTypeSchema) });
export type EventApiKeyVerified = z.infer<typeof eventApiKeyVerifiedSchema>;
