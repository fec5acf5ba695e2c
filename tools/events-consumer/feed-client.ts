import { eventFeedPageSchema, type ApplicationEvent, type EventFeedPage } from '@clearing-desk/contracts';

/** Where a consumer keeps its cursor between runs (a file, a database row); in memory by default. */
export type CursorStore = { load: () => Promise<string | undefined>; save: (cursor: string) => Promise<void> };

export const memoryCursorStore = (initial?: string): CursorStore => {
  let cursor = initial;
  return { load: async () => cursor, save: async (next) => void (cursor = next) };
};

/** A refused call of the feed: its HTTP status, message and, for a 429, the seconds to wait. */
export class FeedError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterSeconds: number | null,
  ) {
    super(message);
  }
}

/**
 * A record system's reader of the events feed (GET /api/v1/events, docs/domain/events.md): pages
 * by cursor with an API key, hands each page's events to `handle` in order and saves the cursor
 * only after `handle` has returned, so a crash replays a page rather than losing one (at least
 * once: `handle` must ignore an event id it has seen). `baseUrl` is the gateway's address with its
 * BASE_PATH, e.g. `https://clearing.example.ac.uk/`.
 */
export class EventsFeedClient {
  constructor(
    private readonly options: { baseUrl: string; apiKey: string; store?: CursorStore; limit?: number; fetch?: typeof fetch },
    private readonly store: CursorStore = options.store ?? memoryCursorStore(),
  ) {}

  /** One page after the stored cursor: handled, then the cursor saved. Throws FeedError on a refusal (401, 429 with its Retry-After). */
  async pullOnce(handle: (events: ApplicationEvent[]) => Promise<void> | void): Promise<EventFeedPage> {
    const after = await this.store.load();
    const url = new URL('api/v1/events', this.options.baseUrl.endsWith('/') ? this.options.baseUrl : `${this.options.baseUrl}/`);
    if (after) url.searchParams.set('after', after);
    url.searchParams.set('limit', String(this.options.limit ?? 1000));
    const res = await (this.options.fetch ?? fetch)(url, { headers: { authorization: `Bearer ${this.options.apiKey}`, accept: 'application/json' } });
    const body: unknown = await res.json().catch(() => null);
    if (!res.ok) {
      const message = typeof body === 'object' && body && 'message' in body ? String(body.message) : `the feed answered ${res.status}`;
      const retryAfter = res.headers.get('retry-after');
      throw new FeedError(res.status, message, retryAfter === null ? null : Number(retryAfter));
    }
    const page = eventFeedPageSchema.parse(body);
    await handle(page.events);
    await this.store.save(page.next);
    return page;
  }

  /** Pulls until the feed has nothing more readable now (`more` false); answers how many events came. */
  async catchUp(handle: (events: ApplicationEvent[]) => Promise<void> | void): Promise<number> {
    let count = 0;
    for (;;) {
      const page = await this.pullOnce(handle);
      count += page.events.length;
      if (!page.more) return count;
    }
  }
}
