import { z } from 'zod';
import { applicationEventSchema, applicationEventTypeSchema } from './application-events';

/**
 * A position in the events feed, after one event: the writing transaction's id (xid8) and the
 * event's insertion number, as `<xid>.<seq>` in decimal. Readers treat it as opaque: store the
 * `next` of a page and send it back as `after`. Why a transaction id and not a plain sequence:
 * docs/domain/events.md "A cursor that skips nothing".
 */
export const eventCursorSchema = z.string().regex(/^\d{1,20}\.\d{1,19}$/, 'a cursor as the feed returned it (the `next` of a page)');
export type EventCursor = z.infer<typeof eventCursorSchema>;

/** The cursor before the first event: a feed read without `after` starts here. */
export const EVENT_FEED_START: EventCursor = '0.0';

/** The events one page carries when `limit` is not given, and at most. */
export const EVENT_FEED_LIMITS = { DEFAULT: 100, MAX: 1000 } as const;

/** The decoded parts of a cursor (decimal strings, compared in SQL as xid8 and bigint). */
export function parseEventCursor(cursor: EventCursor): { xid: string; seq: string } {
  const [xid = '0', seq = '0'] = cursor.split('.');
  return { xid, seq };
}

/** GET /api/v1/events: after which cursor (none: from the first event) and how many at most. */
export const eventFeedQuerySchema = z.object({
  after: eventCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(EVENT_FEED_LIMITS.MAX).default(EVENT_FEED_LIMITS.DEFAULT),
});
export type EventFeedQuery = z.infer<typeof eventFeedQuerySchema>;

/**
 * The internal feed query (applications-svc): the public query plus the event types the API key
 * may read (comma-separated), which the gateway sets from the key, never from the caller.
 */
export const internalEventFeedQuerySchema = eventFeedQuerySchema.extend({
  types: z
    .string()
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(applicationEventTypeSchema).min(1)),
});

/**
 * One page of the feed: the events after the cursor, oldest first, and the cursor to send next
 * (the position after the last one; the same cursor when the page is empty). `more`: whether
 * events already readable follow (ask again at once); false means wait before asking again.
 */
export const eventFeedPageSchema = z.object({
  events: z.array(applicationEventSchema),
  next: eventCursorSchema,
  more: z.boolean(),
});
export type EventFeedPage = z.infer<typeof eventFeedPageSchema>;
