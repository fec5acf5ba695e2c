import { randomBytes } from 'node:crypto';
import {
  EVENT_FEED_START,
  OUTBOX_KINDS,
  WEBHOOK_ATTEMPTS_SHOWN,
  type WebhookAttempt,
  type WebhookEndpoint,
  type WebhookEndpointCreate,
  type WebhookEndpointIssued,
} from '@clearing-desk/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { outbox, webhookAttempts, webhookEndpoints } from '../db/schema';
import type { Executor } from '../repositories/applications-repository';

type EndpointRow = typeof webhookEndpoints.$inferSelect;

const toEndpoint = (row: EndpointRow, pending: number, lastDeliveredAt: Date | null): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  eventTypes: row.eventTypes,
  status: row.status,
  consecutiveFailures: row.consecutiveFailures,
  pausedAt: row.pausedAt?.toISOString() ?? null,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  pending,
  lastDeliveredAt: lastDeliveredAt?.toISOString() ?? null,
});

/**
 * The cursor of the newest event readable now (the feed's horizon, application-events-feed.ts):
 * a new endpoint starts there, so it takes the events of changes made from its registration on;
 * an event committed later has a transaction id at or above the horizon, so none is lost.
 */
async function feedEnd(ex: Executor): Promise<string> {
  const [last] = await ex
    .select({ xid: sql<string>`${outbox.xid}::text`, seq: sql<string>`${outbox.seq}::text` })
    .from(outbox)
    .where(and(eq(outbox.kind, OUTBOX_KINDS.APPLICATION_EVENT), sql`${outbox.xid} < pg_snapshot_xmin(pg_current_snapshot())`))
    .orderBy(desc(outbox.xid), desc(outbox.seq))
    .limit(1);
  return last ? `${last.xid}.${last.seq}` : EVENT_FEED_START;
}

/** The webhook endpoints: register (the secret answered once), list with their backlog, resume, attempts. */
export function createWebhookEndpointsRepository(db: Executor) {
  return {
    async list(): Promise<WebhookEndpoint[]> {
      const rows = await db
        .select({
          row: webhookEndpoints,
          // Qualified by hand: drizzle writes a lone table's columns unqualified, which inside the subquery would name d's.
          pending: sql<number>`(select count(*)::int from webhook_deliveries d where d.endpoint_id = webhook_endpoints.id and d.delivered_at is null)`,
          lastDeliveredAt: sql<string | null>`(select max(d.delivered_at) from webhook_deliveries d where d.endpoint_id = webhook_endpoints.id)`,
        })
        .from(webhookEndpoints)
        .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
      return rows.map((r) => toEndpoint(r.row, Number(r.pending), r.lastDeliveredAt ? new Date(r.lastDeliveredAt) : null));
    },

    /** Registers an endpoint for `user` with a new Standard Webhooks secret (`whsec_` and 32 random bytes in base64). */
    async create(request: WebhookEndpointCreate, user: string): Promise<WebhookEndpointIssued> {
      const secret = `whsec_${randomBytes(32).toString('base64')}`;
      const [row] = await db
        .insert(webhookEndpoints)
        .values({ url: request.url, eventTypes: [...new Set(request.eventTypes)], secret, createdBy: user, cursor: await feedEnd(db) })
        .returning();
      if (!row) throw new Error('webhook endpoint insert returned no row');
      return { endpoint: toEndpoint(row, 0, null), secret };
    },

    /** Resumes a paused endpoint (its failures forgotten): the endpoint, 'not-found' or 'not-paused'. */
    async resume(id: string): Promise<WebhookEndpoint | 'not-found' | 'not-paused'> {
      const [row] = await db
        .update(webhookEndpoints)
        .set({ status: 'active', consecutiveFailures: 0, pausedAt: null })
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.status, 'paused')))
        .returning({ id: webhookEndpoints.id });
      if (!row) {
        const [found] = await db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
        return found ? 'not-paused' : 'not-found';
      }
      const listed = (await this.list()).find((e) => e.id === id);
      if (!listed) return 'not-found';
      return listed;
    },

    /** The latest attempts of an endpoint (WEBHOOK_ATTEMPTS_SHOWN), newest first; null when it is unknown. */
    async attempts(id: string): Promise<WebhookAttempt[] | null> {
      const [found] = await db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
      if (!found) return null;
      const rows = await db
        .select()
        .from(webhookAttempts)
        .where(eq(webhookAttempts.endpointId, id))
        .orderBy(desc(webhookAttempts.id))
        .limit(WEBHOOK_ATTEMPTS_SHOWN);
      return rows.map((r) => ({
        eventId: r.eventId,
        eventType: r.eventType,
        attempt: r.attempt,
        at: r.at.toISOString(),
        outcome: r.delivered === 1 ? 'delivered' : 'failed',
        httpStatus: r.httpStatus ?? null,
        error: r.error ?? null,
        durationMs: r.durationMs,
      }));
    },
  };
}
export type WebhookEndpointsRepository = ReturnType<typeof createWebhookEndpointsRepository>;
