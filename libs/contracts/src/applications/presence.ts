import { z } from 'zod';
import { formatLondonTime } from '../common/london-time';

/**
 * Presence on the applications desk: who has an application open right now, so a second adviser
 * who opens it reads it but does not save over the first one's call. The holder's claim lives in
 * Redis with a time to live, refreshed by the open form's heartbeat and released when the form
 * closes or an outcome is recorded (applications-svc `presence/`). The optimistic-lock version
 * (If-Match) stays the guard of every save; presence stops a save before it is even tried.
 */

/** Who holds an application: the adviser's username and name, and since when (ISO 8601). */
export const presenceHolderSchema = z.object({
  username: z.string(),
  name: z.string(),
  since: z.string(),
});
export type PresenceHolder = z.infer<typeof presenceHolderSchema>;

/**
 * Body `data` of PUT /api/admin/applications/{student}/{course}/presence: open (or keep open)
 * the application; `take_over` claims it from whoever holds it (after the confirmation).
 */
export const presenceClaimSchema = z.object({ take_over: z.boolean().default(false) }).strict();
export type PresenceClaim = z.infer<typeof presenceClaimSchema>;
export type PresenceClaimInput = z.input<typeof presenceClaimSchema>;

/**
 * The presence of an application after a claim or release: its holder (null: free, or presence
 * is not known because its store is down: saving is then left to the version check), whether that
 * is the asking user, and how often (ms) the open form should claim again to keep it.
 */
export const presenceResponseSchema = z.object({
  holder: presenceHolderSchema.nullable(),
  mine: z.boolean(),
  heartbeat_ms: z.number().int().positive(),
});
export type PresenceResponse = z.infer<typeof presenceResponseSchema>;

/** Whether `holder` stops `username` saving: someone else holds the application. */
export const heldByOther = (holder: PresenceHolder | null, username: string): holder is PresenceHolder => holder !== null && holder.username !== username;

/** Texts of presence, the same on the screen and in the services' refusals. */
export const PRESENCE_TEXTS = {
  /** 'Open by Sam Patel since 10:42' (Europe/London time). */
  openBy: (holder: Pick<PresenceHolder, 'name' | 'since'>): string => `Open by ${holder.name} since ${formatLondonTime(new Date(holder.since))}`,
  /**
   * Why a save is refused while someone else holds the application: the reason beside the
   * disabled save buttons and the message of the services' 409.
   */
  held: (name: string): string => `${name} has this application open, so you cannot save over their call. Take it over to save your changes.`,
  TAKE_OVER: 'Take over',
  takeOverTitle: (name: string): string => `Take over this application from ${name}?`,
  TAKE_OVER_BODY: 'They will no longer be able to save their changes. Only take over when they have finished with the caller or are not answering.',
  TAKE_OVER_CANCEL: 'Cancel',
  /** The History log's line of a take-over. */
  takeOverLog: (name: string): string => `Took over the application from ${name}.`,
  /** After a take-over: now yours. */
  TAKEN_OVER: 'You have taken over this application.',
} as const;
