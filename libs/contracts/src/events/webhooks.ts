import { z } from 'zod';
import { applicationEventTypeSchema } from './application-events';

/**
 * Signed webhooks of application events (docs/domain/events.md "Webhooks"): an Administrator
 * registers a record system's endpoint (its URL and the event types it takes) on the Settings
 * page; applications-svc POSTs each event to it, at least once, in order, signed per the Standard
 * Webhooks specification (headers webhook-id, webhook-timestamp, webhook-signature; the npm
 * library `standardwebhooks`), with retries and backoff through BullMQ; after
 * WEBHOOK_PAUSE_AFTER_FAILURES consecutive failures the endpoint is paused, its backlog kept,
 * until an Administrator resumes it.
 */

/** The words of the webhook screens and refusals, one place for the screen and the services. */
export const WEBHOOK_TEXTS = {
  URL_INVALID: 'Enter the endpoint’s full address, starting with https:// (http:// only for this machine).',
  TYPES_REQUIRED: 'Select at least one event type the endpoint takes.',
  FORBIDDEN: 'Only an Administrator can manage webhooks.',
  NOT_FOUND: 'There is no such webhook endpoint.',
  NOT_PAUSED: 'This webhook endpoint is not paused.',
} as const;

/** Loopback hosts, the only ones a webhook may reach over plain http (a receiver on this machine). */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether a webhook URL is acceptable: https, or http to this machine; no credentials in it. */
export function isWebhookUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
}

/** A webhook endpoint's state: delivering, or paused after too many consecutive failures. */
export const webhookEndpointStatusSchema = z.enum(['active', 'paused']);
export type WebhookEndpointStatus = z.infer<typeof webhookEndpointStatusSchema>;

/** A webhook endpoint as the Settings page lists it (never its secret). */
export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  eventTypes: z.array(applicationEventTypeSchema),
  status: webhookEndpointStatusSchema,
  /** Failed attempts in a row (0 after a success). */
  consecutiveFailures: z.number().int(),
  pausedAt: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  /** Events waiting for delivery, in order (the backlog kept while paused). */
  pending: z.number().int(),
  lastDeliveredAt: z.string().nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const webhookEndpointListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

/** A new endpoint: its URL and the event types it takes. */
export const webhookEndpointCreateSchema = z.object({
  url: z.string().trim().max(2000, WEBHOOK_TEXTS.URL_INVALID).refine(isWebhookUrl, WEBHOOK_TEXTS.URL_INVALID),
  eventTypes: z.array(applicationEventTypeSchema).min(1, WEBHOOK_TEXTS.TYPES_REQUIRED),
});
export type WebhookEndpointCreate = z.infer<typeof webhookEndpointCreateSchema>;

/** The registered endpoint with its signing secret (`whsec_…`, Standard Webhooks), answered once. */
export const webhookEndpointIssuedSchema = z.object({ endpoint: webhookEndpointSchema, secret: z.string() });
export type WebhookEndpointIssued = z.infer<typeof webhookEndpointIssuedSchema>;

export const webhookEndpointIdParamsSchema = z.object({ id: z.uuid() });

/** One delivery attempt: which event, when, and what the receiver answered (or why none came). */
export const webhookAttemptSchema = z.object({
  /** The event's id: the webhook-id of every attempt of it. */
  eventId: z.uuid(),
  eventType: applicationEventTypeSchema,
  /** 1 for the first attempt of this event at this endpoint. */
  attempt: z.number().int(),
  at: z.string(),
  outcome: z.enum(['delivered', 'failed']),
  /** The receiver's HTTP status; null when none came (refused, timed out). */
  httpStatus: z.number().int().nullable(),
  /** Why it failed, in a line; null when delivered. */
  error: z.string().nullable(),
  durationMs: z.number().int(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;
/** The latest attempts of one endpoint, newest first. */
export const webhookAttemptListSchema = z.object({ attempts: z.array(webhookAttemptSchema) });
export type WebhookAttemptList = z.infer<typeof webhookAttemptListSchema>;

/** How many attempts the Settings page shows per endpoint. */
export const WEBHOOK_ATTEMPTS_SHOWN = 50;
