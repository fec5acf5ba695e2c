import {
  API_ENDPOINTS,
  APPLICATIONS_SVC,
  COURSES_SVC,
  canViewFigures,
  minutesWaiting,
  wallboardRed,
  type WallboardResponse,
  type WallboardThresholds,
  FIGURES_TEXTS,
  routeOf,
  WALLBOARD_KEEPALIVE_MS,
  WALLBOARD_SSE_EVENT,
  wallboardEventSchema,
} from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * GET /api/admin/wallboard/events: the wallboard's live updates as server-sent events
 * (contracts figures/wallboard.ts). One Redis subscriber per gateway instance listens on
 * `channel`, the stack's (contracts wallboardChannel of NOTIFICATIONS_QUEUE_PREFIX, on which
 * applications-svc's outbox relay publishes each decision it hands on), and
 * writes every valid message to each open stream as `event: figures`; a comment every
 * WALLBOARD_KEEPALIVE_MS keeps proxies from closing an idle stream. The stream opens with
 * `retry:` (how soon EventSource reconnects) and a `: connected` comment, so a client knows it is
 * listening before any decision. Users without view-report are refused 403 as on the figures.
 */
export const wallboardApiRoutes: FastifyPluginAsyncZod<{ channel: string; atRiskMinutes: number; thresholds: WallboardThresholds }> = async (
  fastify,
  { channel, atRiskMinutes, thresholds },
) => {
  /**
   * GET /api/admin/wallboard: the board's desk panels (docs/domain/wallboard.md "The desk"):
   * applications-svc's queue, callbacks, presence and decisions today in the user's scopes, the
   * advisers signed in (this gateway's sessions) with what they have open (course titles from
   * courses-svc) and their decisions today, and which panels are red by the configured thresholds.
   */
  fastify.route({
    ...routeOf(API_ENDPOINTS.wallboard),
    handler: async (request, reply): Promise<WallboardResponse> => {
      if (!canViewFigures(request.staffUser)) throw new HttpError(403, FIGURES_TEXTS.FORBIDDEN);
      void reply.header('cache-control', 'no-store');
      const [desk, { rows: courses }, signedIn] = await Promise.all([
        fastify.services.applications.send(request, APPLICATIONS_SVC.wallboardDesk, { query: { at_risk_minutes: atRiskMinutes } }),
        fastify.services.courses.send(request, COURSES_SVC.reportable),
        fastify.signedInStaff(),
      ]);
      const now = new Date();
      const titles = new Map(courses.map((c) => [c.UCAS_CODE, c.COURSE_TITLE]));
      const decisions = new Map(desk.decisions_today.map((d) => [d.username, d.count]));
      // An adviser holding an application is signed in even if their session is on another stack's Redis.
      const advisers = new Map(signedIn.map((u) => [u.username, u.name]));
      for (const open of desk.open) if (!advisers.has(open.username)) advisers.set(open.username, open.name);
      const queue = { length: desk.queue.length, oldest_wait_minutes: minutesWaiting(desk.queue.oldest_since, now) };
      return {
        generatedAt: now.toISOString(),
        queue,
        callbacks: desk.callbacks,
        advisers: [...advisers].map(([username, name]) => ({
          username,
          name,
          open: desk.open
            .filter((o) => o.username === username)
            .map((o) => ({ since: o.since, APPLICATION_ID: o.APPLICATION_ID, UCAS_CODE: o.UCAS_CODE, COURSE_TITLE: titles.get(o.UCAS_CODE) ?? o.UCAS_CODE })),
          decisions_today: decisions.get(username) ?? 0,
        })),
        offers_today: desk.offers_today,
        alerts: desk.alerts,
        thresholds,
        red: wallboardRed({ queue, callbacks: desk.callbacks }, thresholds),
      };
    },
  });

  /** Each open stream: how to write to it, and how to end it when the gateway closes. */
  const streams = new Map<(line: string) => void, () => void>();
  // A connection in subscriber mode can do nothing else, so it is the gateway's Redis duplicated;
  // it queues its SUBSCRIBE until Redis is up and subscribes again after each reconnect.
  const subscriber = fastify.redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null, lazyConnect: true });
  subscriber.on('error', () => undefined);
  subscriber.on('message', (_channel: string, message: string) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(message);
    } catch {
      return;
    }
    const event = wallboardEventSchema.safeParse(parsed);
    if (!event.success) return;
    const frame = `event: ${WALLBOARD_SSE_EVENT}\ndata: ${JSON.stringify(event.data)}\n\n`;
    for (const write of streams.keys()) write(frame);
  });
  let subscribed: Promise<unknown> | null = null;
  const subscribe = () => (subscribed ??= subscriber.connect().then(() => subscriber.subscribe(channel)));
  fastify.addHook('onClose', async () => {
    for (const end of [...streams.values()]) end();
    subscriber.disconnect();
  });

  fastify.route({
    ...routeOf(API_ENDPOINTS.wallboardEvents),
    handler: async (request, reply) => {
      if (!canViewFigures(request.staffUser)) throw new HttpError(403, FIGURES_TEXTS.FORBIDDEN);
      try {
        await subscribe();
      } catch (err) {
        subscribed = null;
        request.log.warn({ err }, 'wallboard updates unavailable');
        throw new HttpError(503, 'Live updates are not available just now.');
      }
      // The stream outlives the handler: Fastify hands the raw response over.
      void reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // nginx (the deployment's ingress) would otherwise buffer the stream.
        'x-accel-buffering': 'no',
      });
      const write = (line: string) => void raw.write(line);
      write(`retry: 2000\n: connected\n\n`);
      const keepAlive = setInterval(() => write(': keep-alive\n\n'), WALLBOARD_KEEPALIVE_MS);
      keepAlive.unref();
      const stop = () => {
        clearInterval(keepAlive);
        streams.delete(write);
      };
      streams.set(write, () => {
        stop();
        raw.end();
      });
      request.raw.on('close', stop);
    },
  });
};
