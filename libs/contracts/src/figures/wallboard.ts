import { z } from 'zod';

/**
 * Live updates of the supervisor's wallboard (docs/domain/wallboard.md "Live updates").
 *
 * applications-svc's outbox relay publishes one message on Redis pub/sub channel
 * `WALLBOARD_CHANNEL` for each decision it has handed on (after the relay's transaction commits,
 * so a decision rolled back is never announced); the gateway subscribes once and streams the
 * messages to every wallboard open (GET /api/admin/wallboard/events, server-sent events named
 * `WALLBOARD_SSE_EVENT`), which then asks for the figures again.
 */
export const WALLBOARD_CHANNEL = 'clearing-desk:wallboard';
/** The SSE event name of a wallboard update. */
export const WALLBOARD_SSE_EVENT = 'figures';
/** Seconds between the stream's keep-alive comments (proxies close an idle connection). */
export const WALLBOARD_KEEPALIVE_MS = 15_000;

/** One update: a decision on a course (its new status, when it was made: ISO 8601). */
export const wallboardEventSchema = z.object({
  type: z.literal('decision'),
  UCAS_CODE: z.string(),
  STATUS: z.string(),
  AT: z.string(),
});
export type WallboardEvent = z.infer<typeof wallboardEventSchema>;

/** Words of the wallboard shared by its screen and tests. */
export const WALLBOARD_TEXTS = {
  HEADING: 'Wallboard',
  LARGE_TYPE: 'Large type for a wall screen',
  LIVE: 'Live: updates as decisions are made',
  RECONNECTING: 'Reconnecting to live updates…',
} as const;
