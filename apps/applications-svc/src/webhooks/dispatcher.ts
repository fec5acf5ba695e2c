import { and, asc, eq, isNull } from 'drizzle-orm';
import { webhookDeliveries, webhookEndpoints } from '../db/schema';
import { readEventFeed } from '../outbox/application-events-feed';
import type { ApplicationsDatabase } from '../plugins/external/database';

/** Events one endpoint's pass turns into deliveries at most (the rest on the next pass, at once). */
const PAGE = 500;

/**
 * One dispatcher pass (docs/domain/events.md "Webhooks"): for every endpoint, paused ones too
 * (their backlog is kept), the events of its types after its cursor, read from the commit-safe
 * feed, become deliveries in feed order, and the cursor moves past them, in one transaction that
 * moves it only from the position read (a compare-and-set: of two instances passing at once,
 * one writes, the other rolls back and reads again next time; a repeated delivery would be
 * ignored anyway, unique per endpoint and event). The feed is read before the transaction
 * writes, so the pass's own transaction never holds the feed's horizon back. Answers the ids of
 * the active endpoints that have a backlog, for the caller to make sure each has its delivery job.
 */
export async function dispatchPass(db: ApplicationsDatabase): Promise<string[]> {
  const endpoints = await db.select().from(webhookEndpoints).orderBy(asc(webhookEndpoints.createdAt));
  for (const endpoint of endpoints) {
    let cursor = endpoint.cursor;
    for (;;) {
      const page = await readEventFeed(db, { after: cursor, limit: PAGE, types: endpoint.eventTypes });
      if (page.next === cursor) break;
      const moved = await db.transaction(async (tx) => {
        const [won] = await tx
          .update(webhookEndpoints)
          .set({ cursor: page.next })
          .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.cursor, cursor)))
          .returning({ id: webhookEndpoints.id });
        if (!won) return false;
        if (page.events.length > 0) {
          await tx
            .insert(webhookDeliveries)
            .values(page.events.map((event) => ({ endpointId: endpoint.id, eventId: event.id })))
            .onConflictDoNothing();
        }
        return true;
      });
      if (!moved || !page.more) break;
      cursor = page.next;
    }
  }
  const backlogs = await db
    .selectDistinct({ endpointId: webhookDeliveries.endpointId })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(isNull(webhookDeliveries.deliveredAt), eq(webhookEndpoints.status, 'active')));
  return backlogs.map((b) => b.endpointId);
}
