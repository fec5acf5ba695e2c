import {
  EVENT_FEED_START,
  OUTBOX_KINDS,
  applicationEventSchema,
  parseEventCursor,
  type ApplicationEventType,
  type EventFeedPage,
} from '@clearing-desk/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { outbox } from '../db/schema';
import type { Executor } from '../repositories/applications-repository';

/**
 * One page of the events feed: the application events after `after` (a cursor `<xid>.<seq>`;
 * none: from the first), of the given types, oldest first, at most `limit`.
 *
 * Commit-safe: an event is returned only once the transaction that wrote it, and every
 * transaction that began before it, has ended: its xid is below the xmin of the reading
 * statement's snapshot (`pg_snapshot_xmin(pg_current_snapshot())`, the oldest transaction still
 * running). Events come in (xid, seq) order, so every event committed later has an xid at or
 * above that xmin, hence above any cursor this returned: nothing committed late is ever passed
 * over. A plain sequence is not enough: sequence numbers are taken at insert, so transaction A
 * may take 5, B take 6 and commit first; a reader that saw 6 and moved its cursor past it would
 * never see 5. The price: one long transaction holds the feed back (it waits, it skips nothing);
 * decisions are short. The other way, a sequence assigned at commit by a single relay, would
 * need one writer with a lock and a delay of a relay pass; this needs neither (docs/domain/events.md).
 *
 * Throws only what the database throws; `types` must not be empty.
 */
export async function readEventFeed(
  ex: Executor,
  query: { after?: string | undefined; limit: number; types: readonly ApplicationEventType[] },
): Promise<EventFeedPage> {
  const after = query.after ?? EVENT_FEED_START;
  const { xid, seq } = parseEventCursor(after);
  const rows = await ex
    .select({ payload: outbox.payload, xid: sql<string>`${outbox.xid}::text`, seq: sql<string>`${outbox.seq}::text` })
    .from(outbox)
    .where(
      and(
        eq(outbox.kind, OUTBOX_KINDS.APPLICATION_EVENT),
        sql`(${outbox.xid}, ${outbox.seq}) > (${xid}::xid8, ${seq}::bigint)`,
        sql`${outbox.xid} < pg_snapshot_xmin(pg_current_snapshot())`,
        inArray(sql`${outbox.payload}->>'type'`, [...query.types]),
      ),
    )
    .orderBy(asc(outbox.xid), asc(outbox.seq))
    // One more than asked: whether more are readable now.
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    events: page.map((r) => applicationEventSchema.parse(r.payload)),
    next: last ? `${last.xid}.${last.seq}` : after,
    more: rows.length > query.limit,
  };
}
