import { applicationEventSchema, type ApplicationEvent } from '@clearing-desk/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { outbox, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../db/schema';
import type { ApplicationsDatabase } from '../plugins/external/database';

/** Undelivered events one read of an endpoint's backlog takes (then it reads again). */
const BATCH = 100;

/** What one run of an endpoint's job did: its backlog delivered, a failure (retry later), or the endpoint paused or not active. */
export type BacklogOutcome =
  { kind: 'done'; delivered: number } | { kind: 'failed'; delivered: number; failures: number; error: string } | { kind: 'paused' | 'inactive' };

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

/** POSTs one event, signed: the receiver's status, or why no answer came. A 2xx is a delivery. */
async function post(
  url: string,
  secret: string,
  event: ApplicationEvent,
  timeoutMs: number,
  at: Date,
): Promise<{ status: number | null; error: string | null }> {
  const body = JSON.stringify(event);
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: signedHeaders(secret, event.id, body, at),
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.body?.cancel();
    return { status: res.status, error: res.status >= 200 && res.status <= 299 ? null : `The receiver answered ${res.status}.` };
  } catch (err) {
    return { status: null, error: err instanceof Error && err.name === 'TimeoutError' ? `No answer within ${timeoutMs} ms.` : `No answer: ${errorText(err)}.` };
  }
}

/**
 * Delivers an endpoint's backlog in order, oldest first, while the endpoint is active: each
 * event POSTed signed, the attempts of a batch recorded together (with each delivery's attempt
 * count and, on a 2xx, delivered_at) in one transaction. A failure (another status, no answer within `timeoutMs`)
 * stops the run: the endpoint's failures in a row grow by one, and the `pauseAfter`-th pauses it
 * (its backlog stays; an Administrator resumes it); else the caller retries later, from the same
 * event (the same webhook-id). Only the oldest undelivered event is ever tried, so a receiver gets
 * an endpoint's events in order. Two runs for one endpoint must not overlap (the caller's job id
 * is the endpoint's).
 */
export async function deliverBacklog(
  db: ApplicationsDatabase,
  endpointId: string,
  options: { timeoutMs: number; pauseAfter: number; now?: () => Date },
): Promise<BacklogOutcome> {
  const now = options.now ?? (() => new Date());
  const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
  if (!endpoint || endpoint.status !== 'active') return { kind: 'inactive' };
  let delivered = 0;
  for (;;) {
    const batch = await db
      .select({ id: webhookDeliveries.id, attempts: webhookDeliveries.attempts, payload: outbox.payload })
      .from(webhookDeliveries)
      .innerJoin(outbox, eq(outbox.id, webhookDeliveries.eventId))
      .where(and(eq(webhookDeliveries.endpointId, endpointId), isNull(webhookDeliveries.deliveredAt)))
      .orderBy(asc(webhookDeliveries.seq))
      .limit(BATCH);
    if (batch.length === 0) return { kind: 'done', delivered };
    // The batch's attempts are posted one after another and recorded together (one commit, not
    // one per event): a crash in between posts some of them again, with the same webhook-id,
    // which at least once allows and the receiver ignores.
    const tried: (typeof webhookAttempts.$inferInsert)[] = [];
    let failed: string | null = null;
    for (const head of batch) {
      const event = applicationEventSchema.parse(head.payload);
      const started = Date.now();
      const { status, error } = await post(endpoint.url, endpoint.secret, event, options.timeoutMs, now());
      tried.push({
        endpointId,
        deliveryId: head.id,
        eventId: event.id,
        eventType: event.type,
        attempt: head.attempts + 1,
        delivered: error === null ? 1 : 0,
        httpStatus: status,
        error,
        durationMs: Date.now() - started,
      });
      if (error !== null) {
        failed = error;
        break;
      }
    }
    const ok = tried.filter((t) => t.delivered === 1).map((t) => t.deliveryId);
    const failures = await db.transaction(async (tx) => {
      await tx.insert(webhookAttempts).values(tried);
      if (ok.length > 0) {
        await tx
          .update(webhookDeliveries)
          .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, deliveredAt: sql`now()` })
          .where(inArray(webhookDeliveries.id, ok));
      }
      if (failed === null) {
        if (endpoint.consecutiveFailures > 0) await tx.update(webhookEndpoints).set({ consecutiveFailures: 0 }).where(eq(webhookEndpoints.id, endpointId));
        return 0;
      }
      const last = tried.at(-1)!;
      await tx
        .update(webhookDeliveries)
        .set({ attempts: sql`${webhookDeliveries.attempts} + 1` })
        .where(eq(webhookDeliveries.id, last.deliveryId));
      // A delivery in this batch before the failure clears the count first.
      const [after] = await tx
        .update(webhookEndpoints)
        .set({ consecutiveFailures: ok.length > 0 ? 1 : sql`${webhookEndpoints.consecutiveFailures} + 1` })
        .where(eq(webhookEndpoints.id, endpointId))
        .returning({ failures: webhookEndpoints.consecutiveFailures });
      const count = after?.failures ?? 1;
      if (count >= options.pauseAfter)
        await tx
          .update(webhookEndpoints)
          .set({ status: 'paused', pausedAt: sql`now()` })
          .where(eq(webhookEndpoints.id, endpointId));
      return count;
    });
    delivered += ok.length;
    endpoint.consecutiveFailures = failures;
    if (failed !== null) return failures >= options.pauseAfter ? { kind: 'paused' } : { kind: 'failed', delivered, failures, error: failed };
  }
}

/** A failed request in a line: undici's cause (ECONNREFUSED...) rather than its generic 'fetch failed'. */
function errorText(err: unknown): string {
  const cause = err instanceof Error ? (err.cause as { code?: string; message?: string } | undefined) : undefined;
  return cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err));
}
