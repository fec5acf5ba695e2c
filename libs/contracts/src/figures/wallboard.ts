import { z } from 'zod';
import { wallboardAlertSchema } from './wallboard-alerts';

/**
 * Live updates of the supervisor's wallboard (docs/domain/wallboard.md "Live updates").
 *
 * applications-svc's outbox relay publishes one message on the stack's Redis pub/sub channel
 * (`wallboardChannel`) for each decision it has handed on (after the relay's transaction commits,
 * so a decision rolled back is never announced); the gateway subscribes once and streams the
 * messages to every wallboard open (GET /api/admin/wallboard/events, server-sent events named
 * `WALLBOARD_SSE_EVENT`), which then asks for the figures again.
 */

/**
 * The wallboard's Redis pub/sub channel of a stack: below its queue prefix (applications-svc's
 * NOTIFICATIONS_QUEUE_PREFIX, the gateway's of the same name and value), so two stacks sharing one
 * Redis never hear each other's decisions. Pub/sub channels are not keys: the prefix is the only
 * thing that keeps them apart. Publisher and subscriber both name the channel with this function.
 */
export const wallboardChannel = (prefix: string): string => `${prefix}:wallboard`;
/** The SSE event name of a wallboard update. */
export const WALLBOARD_SSE_EVENT = 'figures';
/** Seconds between the stream's keep-alive comments (proxies close an idle connection). */
export const WALLBOARD_KEEPALIVE_MS = 15_000;

/**
 * One update: a decision on a course (its new status, when it was made: ISO 8601), or a change on
 * the desk (`desk`: an application opened or closed, a queue item taken, a call logged, a callback
 * booked), after which the wallboard asks for its desk panels again.
 */
export const wallboardEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('decision'),
    UCAS_CODE: z.string(),
    STATUS: z.string(),
    AT: z.string(),
  }),
  z.object({ type: z.literal('desk'), AT: z.string() }),
]);
export type WallboardEvent = z.infer<typeof wallboardEventSchema>;

/** The message of a change on the desk (applications-svc publishes it on the stack's wallboardChannel). */
export const deskChangedEvent = (at: Date): WallboardEvent => ({ type: 'desk', AT: at.toISOString() });

const count = z.number().int().nonnegative();

/**
 * Query of applications-svc's GET /wallboard: how close to the end of its window a callback
 * nobody has taken is 'at risk' (minutes; gateway config WALLBOARD_CALLBACK_AT_RISK_MINUTES).
 */
export const wallboardDeskQuerySchema = z.object({ at_risk_minutes: z.coerce.number().int().min(1).max(60).default(5) });
export type WallboardDeskQuery = z.infer<typeof wallboardDeskQuerySchema>;

/** An application held open on the desk (presence): who holds it since when, on which course. */
export const wallboardOpenSchema = z.object({
  username: z.string(),
  name: z.string(),
  since: z.string(),
  APPLICATION_ID: z.string(),
  UCAS_CODE: z.string(),
});
export type WallboardOpen = z.infer<typeof wallboardOpenSchema>;

/**
 * applications-svc's desk panels, in the asking user's scopes (docs/domain/wallboard.md "The
 * desk"): the queue's waiting items and the instant the oldest has waited since (null: none
 * waits), the callbacks due, at risk and missed today, the applications open (presence) and the
 * decisions meant for the applicant each adviser made today (London day).
 */
export const wallboardDeskSchema = z.object({
  queue: z.object({ length: count, oldest_since: z.string().nullable() }),
  callbacks: z.object({ due: count, at_risk: count, missed: count }),
  open: z.array(wallboardOpenSchema),
  decisions_today: z.array(z.object({ username: z.string(), count })),
  offers_today: z.array(z.object({ UCAS_CODE: z.string(), hour: z.number().int().min(0).max(23), offers: count })),
  /** The alerts raised and standing on courses in scope, the latest first (docs/domain/wallboard.md "Alerts"). */
  alerts: z.array(wallboardAlertSchema),
});
export type WallboardDesk = z.infer<typeof wallboardDeskSchema>;

/** The red-state thresholds of the desk panels (gateway config; a threshold of 0 never turns red). */
export const wallboardThresholdsSchema = z.object({
  queue_length: count,
  oldest_wait_minutes: count,
  callbacks_at_risk: count,
  callbacks_missed: count,
});
export type WallboardThresholds = z.infer<typeof wallboardThresholdsSchema>;

/** One adviser signed in: what they have open on the desk now and their decisions today. */
export const wallboardAdviserSchema = z.object({
  username: z.string(),
  name: z.string(),
  open: z.array(wallboardOpenSchema.pick({ since: true, APPLICATION_ID: true, UCAS_CODE: true }).extend({ COURSE_TITLE: z.string() })),
  decisions_today: count,
});
export type WallboardAdviser = z.infer<typeof wallboardAdviserSchema>;

/** GET /api/admin/wallboard: the wallboard's desk panels, the thresholds they are judged by and which are red. */
export const wallboardResponseSchema = z.object({
  generatedAt: z.string(),
  queue: z.object({ length: count, oldest_wait_minutes: count.nullable() }),
  callbacks: wallboardDeskSchema.shape.callbacks,
  advisers: z.array(wallboardAdviserSchema),
  /** Offers made today still standing, per course and London hour of the offer (the chart of offers against places). */
  offers_today: wallboardDeskSchema.shape.offers_today,
  /** The stored alerts standing (filling fast, full), the latest first: every supervisor sees the same list. */
  alerts: wallboardDeskSchema.shape.alerts,
  thresholds: wallboardThresholdsSchema,
  red: z.object({ queue_length: z.boolean(), oldest_wait: z.boolean(), callbacks_at_risk: z.boolean(), callbacks_missed: z.boolean() }),
});
export type WallboardResponse = z.infer<typeof wallboardResponseSchema>;

/** Whether `value` reaches a red threshold (0: the threshold is off). */
export const reachesThreshold = (value: number | null, threshold: number): boolean => threshold > 0 && value !== null && value >= threshold;

/**
 * Which desk panels are red (docs/domain/wallboard.md "Red states"): each figure at or over its
 * threshold. One rule for the gateway's answer and the screen's tests.
 */
export function wallboardRed(figures: Pick<WallboardResponse, 'queue' | 'callbacks'>, thresholds: WallboardThresholds): WallboardResponse['red'] {
  return {
    queue_length: reachesThreshold(figures.queue.length, thresholds.queue_length),
    oldest_wait: reachesThreshold(figures.queue.oldest_wait_minutes, thresholds.oldest_wait_minutes),
    callbacks_at_risk: reachesThreshold(figures.callbacks.at_risk, thresholds.callbacks_at_risk),
    callbacks_missed: reachesThreshold(figures.callbacks.missed, thresholds.callbacks_missed),
  };
}

/**
 * A course's offers against its places through today, hour by hour up to `nowHour` (London):
 * the offers standing at the end of each hour, counted back from `offersNow` (the ledger's offers
 * that count) by taking off the offers made today after that hour. Offers withdrawn since are
 * not in `offersToday`, so the line ends at `offersNow`.
 */
export function offersThroughTheDay(
  offersToday: readonly { hour: number; offers: number }[],
  offersNow: number,
  places: number,
  nowHour: number,
): { hour: number; offers: number; places: number }[] {
  return Array.from({ length: nowHour + 1 }, (_, hour) => {
    const later = offersToday.filter((o) => o.hour > hour).reduce((n, o) => n + o.offers, 0);
    return { hour, offers: Math.max(0, offersNow - later), places };
  });
}

/** Whole minutes from `since` (ISO 8601) to `now`, never negative; null when nothing waits. */
export const minutesWaiting = (since: string | null, now: Date): number | null =>
  since === null ? null : Math.max(0, Math.floor((now.getTime() - new Date(since).getTime()) / 60_000));

/** Words of the wallboard shared by its screen and tests. */
export const WALLBOARD_TEXTS = {
  HEADING: 'Wallboard',
  LARGE_TYPE: 'Large type for a wall screen',
  LIVE: 'Live: updates as decisions are made',
  RECONNECTING: 'Reconnecting to live updates…',
  QUEUE_HEADING: 'Queue',
  queueLength: (n: number): string => (n === 1 ? 'call waiting' : 'calls waiting'),
  oldestWait: (minutes: number | null): string => (minutes === null ? 'Nobody waiting' : `Oldest waiting ${minutes} min`),
  CALLBACKS_HEADING: 'Callbacks',
  CALLBACKS_DUE: 'due now',
  CALLBACKS_AT_RISK: 'at risk',
  CALLBACKS_MISSED: 'missed today',
  /** Said beside a red figure, so the state is in words as well as colour. */
  overLimit: (limit: string): string => `At or over the limit of ${limit}`,
  ADVISERS_CAPTION: 'Advisers signed in',
  ADVISERS_NONE: 'No adviser is signed in.',
  NOTHING_OPEN: 'Nothing open',
  openItem: (course: string, code: string, since: string): string => `${course} (${code}) since ${since}`,
  ALERTS_HEADING: 'Alerts',
  // Not 'no course is full': alerts are raised by offers and changes of places, so a course that had
  // no place from the start is counted full below without an alert.
  ALERTS_NONE: 'No alert raised. A course is alerted when an offer or a change to its places leaves it filling fast or full.',
  /** Said after an alert's words: when it was raised (London time, alertClockTime). */
  alertRaised: (time: string): string => `raised ${time}`,
} as const;
