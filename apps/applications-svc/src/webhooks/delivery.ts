import { applicationEventSchema } from '@clearing-desk/contracts';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { outbox, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../db/schema';
import type { ApplicationsDatabase } from '../plugins/external/database';

/** What one delivery job did: delivered (and the next head, if any), failed (retry), paused, or nothing to do. */
export type DeliveryOutcome =
  { kind: 'delivered'; next: string | null } | { kind: 'failed'; error: string } | { kind: 'paused' } | { kind: 'skipped'; head: string | null };

/**
 * The Standard Webhooks headers of one attempt: webhook-id (the event's id, the same on every
 * attempt), webhook-timestamp (this attempt's time, in seconds) and webhook-signature
 * (`v1,<base64 HMAC-SHA256>` of `id.timestamp.body`, made by the `standardwebhooks` library).
 */
export function signedHeaders(secret: string, eventId: string, body: string, at: Date): Record<string, string> {
  return {
    'content-type': 'application/json',
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(eventId, at, body),
  };
}

/**
 * Tries the head of an endpoint's backlog (its oldest undelivered event), when `deliveryId` is
 * that head and the endpoint is active: POSTs the event, signed, and records the attempt. A 2xx
 * marks it delivered and clears the endpoint's failures; anything else (another status, no
 * answer within `timeoutMs`) counts a failure, and the `pauseAfter`-th in a row pauses the
 * endpoint (the backlog stays; an Administrator resumes it). Only the head is ever tried, so a
 * receiver gets an endpoint's events in order.
 */
export async function deliverHead(
  db: ApplicationsDatabase,
  job: { endpointId: string; deliveryId: string },
  options: { timeoutMs: number; pauseAfter: number; now?: () => Date },
): Promise<DeliveryOutcome> {
  const now = options.now ?? (() => new Date());
  const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, job.endpointId));
  if (!endpoint || endpoint.status !== 'active') return { kind: 'skipped', head: null };
  const head = await headOf(db, endpoint.id);
  if (!head || head.id !== job.deliveryId) return { kind: 'skipped', head: head?.id ?? null };
  const event = applicationEventSchema.parse(head.payload);
  const body = JSON.stringify(event);
  const started = Date.now();
  let status: number | null = null;
  let error: string | null = null;
  try {
    const res = await fetch(endpoint.url, {
      method: 'POST',
      headers: signedHeaders(endpoint.secret, event.id, body, now()),
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    status = res.status;
    await res.body?.cancel();
    if (status < 200 || status > 299) error = `The receiver answered ${status}.`;
  } catch (err) {
    error = err instanceof Error && err.name === 'TimeoutError' ? `No answer within ${options.timeoutMs} ms.` : `No answer: ${errorText(err)}.`;
  }
  const delivered = error === null;
  const durationMs = Date.now() - started;
  const paused = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, ...(delivered ? { deliveredAt: sql`now()` } : {}) })
      .where(eq(webhookDeliveries.id, head.id))
      .returning({ attempts: webhookDeliveries.attempts });
    await tx.insert(webhookAttempts).values({
      endpointId: endpoint.id,
      deliveryId: head.id,
      eventId: event.id,
      eventType: event.type,
      attempt: row?.attempts ?? 1,
      delivered: delivered ? 1 : 0,
      httpStatus: status,
      error,
      durationMs,
    });
    if (delivered) {
      await tx.update(webhookEndpoints).set({ consecutiveFailures: 0 }).where(eq(webhookEndpoints.id, endpoint.id));
      return false;
    }
    const [after] = await tx
      .update(webhookEndpoints)
      .set({ consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1` })
      .where(eq(webhookEndpoints.id, endpoint.id))
      .returning({ failures: webhookEndpoints.consecutiveFailures });
    if ((after?.failures ?? 0) < options.pauseAfter) return false;
    await tx
      .update(webhookEndpoints)
      .set({ status: 'paused', pausedAt: sql`now()` })
      .where(eq(webhookEndpoints.id, endpoint.id));
    return true;
  });
  if (delivered) return { kind: 'delivered', next: (await headOf(db, endpoint.id))?.id ?? null };
  return paused ? { kind: 'paused' } : { kind: 'failed', error: error ?? 'failed' };
}

/** The oldest undelivered delivery of an endpoint, with its event. */
async function headOf(db: ApplicationsDatabase, endpointId: string) {
  const [head] = await db
    .select({ id: webhookDeliveries.id, payload: outbox.payload })
    .from(webhookDeliveries)
    .innerJoin(outbox, eq(outbox.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.endpointId, endpointId), isNull(webhookDeliveries.deliveredAt)))
    .orderBy(asc(webhookDeliveries.seq))
    .limit(1);
  return head;
}

/** A failed request in a line: undici's cause (ECONNREFUSED...) rather than its generic 'fetch failed'. */
function errorText(err: unknown): string {
  const cause = err instanceof Error ? (err.cause as { code?: string; message?: string } | undefined) : undefined;
  return cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err));
}
