import { Counter, Gauge } from '@prometheus-io/client';
import { Queue, type JobsOptions, type Telemetry } from 'bullmq';
import { asc, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../database/connect-database';
import { redisConnection, withTimeout, type ConnectionLifecycle } from '../queue/redis-connection';
import { outsideTrace, queueTelemetry, SpanKind, withTraceparent } from '../telemetry/tracing';
import type { OutboxTable } from './outbox-table';

/** Where each outbox kind goes: its BullMQ queue and the job options of its rows. */
export type OutboxRoutes = Readonly<Record<string, { readonly queue: string; readonly jobOptions: JobsOptions }>>;

/** What a service's relay needs: its database and outbox table, Redis, the queues' key prefix, the kinds' queues and its pace. */
export type OutboxRelayOptions = {
  // The relay reads and writes only the outbox table it is given, whatever else the schema holds.
  db: Database<Record<string, unknown>>;
  table: OutboxTable;
  redisUrl: string;
  /** BullMQ key prefix, the same as the consumers' of its queues. */
  prefix: string;
  routes: OutboxRoutes;
  /** How often it looks for waiting rows (ms); `kick` wakes it sooner. */
  intervalMs: number;
  /** Rows one relay transaction takes. */
  batch: number;
  log: FastifyBaseLogger;
  onRelayed?: (rows: number) => void;
  /**
   * A Redis pub/sub message for a row just relayed (channel and text), or null for none: published
   * on the relay's connection after the batch commits (so a rolled-back row is never announced),
   * fire and forget (a lost message never holds a row back). applications-svc announces its
   * decisions to the wallboards this way.
   */
  announce?: (row: { kind: string; payload: unknown }) => { channel: string; message: string } | null;
};

/**
 * The outbox relay: takes waiting rows `FOR UPDATE SKIP LOCKED` in small batches
 * (so several instances of a service share the work without taking the same row), adds each to
 * its kind's BullMQ queue with the row id as the job id, and marks them relayed in the same
 * transaction. If Redis is down the add fails, the transaction rolls back and the rows wait for
 * the next pass; if the process dies after the add and before the commit, the next pass adds the
 * row again and BullMQ (or the consumer's record of event ids) ignores the repeat.
 * Each row's hand-over is a PRODUCER span in the trace the row's `traceparent` names (the request
 * that wrote it; telemetry/tracing.ts), and the queues' BullMQ telemetry carries that trace into
 * the job, so the consumer's work joins it (a no-op while tracing is off).
 * @throws at once for a row whose kind has no route (a programming error: nothing is relayed).
 */
export function createOutboxRelay(options: OutboxRelayOptions) {
  const { db, table, log } = options;
  const lifecycle: ConnectionLifecycle = { closed: false };
  const connection = redisConnection(options.redisUrl, 'producer', lifecycle);
  const queues = new Map<string, Queue>();
  const routeOf = (kind: string) => {
    const route = options.routes[kind];
    if (!route) throw new Error(`outbox kind '${kind}' has no queue`);
    return route;
  };
  const queueFor = (kind: string) => {
    let q = queues.get(kind);
    if (!q) {
      q = new Queue(routeOf(kind).queue, { connection, prefix: options.prefix, telemetry: queueTelemetry<Telemetry>() });
      q.on('error', () => undefined);
      queues.set(kind, q);
    }
    return q;
  };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;
  let again = false;
  let failures = 0;

  /** One batch: answers how many rows were relayed (0 when none waited or Redis is down). */
  async function relayBatch(): Promise<number> {
    if (connection.status !== 'ready') return 0;
    const relayed = await db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(table)
        .where(isNull(table.relayedAt))
        .orderBy(asc(table.createdAt))
        .limit(options.batch)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return [];
      // One aggregate's rows in order (an application's decision emails, a callback's booking then
      // its move), different aggregates at once: ioredis sends the adds down its one connection
      // without waiting for each answer, so a batch costs about as many round trips as its longest
      // run of one aggregate rather than one per row (every decision's wallboard event waits for
      // its batch to be handed on).
      const byAggregate = new Map<string, (typeof rows)[number][]>();
      for (const row of rows) {
        const run = byAggregate.get(row.aggregateId);
        if (run) run.push(row);
        else byAggregate.set(row.aggregateId, [row]);
      }
      await Promise.all(
        [...byAggregate.values()].map(async (run) => {
          for (const row of run) {
            // In the trace of the request that wrote the row (its traceparent): BullMQ's telemetry
            // carries it on in the job, so the consumer's work joins the same trace.
            await withTraceparent(
              row.traceparent,
              `outbox relay ${row.kind}`,
              { kind: SpanKind.PRODUCER, attributes: { 'clearing.outbox.kind': row.kind, 'clearing.outbox.id': row.id } },
              () =>
                withTimeout(
                  queueFor(row.kind).add(row.kind, { outboxId: row.id, payload: row.payload }, { ...routeOf(row.kind).jobOptions, jobId: row.id }),
                  3000,
                  'queueing an outbox row',
                ),
            );
          }
        }),
      );
      await tx
        .update(table)
        .set({ relayedAt: sql`now()` })
        .where(
          inArray(
            table.id,
            rows.map((r) => r.id),
          ),
        );
      return rows;
    });
    for (const row of relayed) {
      const note = options.announce?.(row);
      if (note) connection.publish(note.channel, note.message).catch((err: unknown) => log.warn({ err }, 'outbox announcement not published'));
    }
    return relayed.length;
  }

  /** Relays until nothing waits (or a batch fails); then waits for the next tick or kick. */
  async function drain(): Promise<number> {
    let total = 0;
    try {
      for (;;) {
        const n = await relayBatch();
        total += n;
        if (n > 0) options.onRelayed?.(n);
        if (n < options.batch) break;
      }
      if (failures > 0) log.info({ failures }, 'outbox relay working again');
      failures = 0;
    } catch (err) {
      failures += 1;
      if (failures === 1 || failures % 50 === 0) log.warn({ err, failures }, 'outbox relay failed; rows wait for the next pass');
    }
    return total;
  }

  const schedule = (ms: number) => {
    if (lifecycle.closed) return;
    clearTimeout(timer);
    timer = setTimeout(() => void pass(), ms);
    timer.unref();
  };

  async function pass(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = drain();
    const n = await running;
    running = null;
    if (again) {
      again = false;
      return pass();
    }
    schedule(options.intervalMs);
    return n;
  }

  // Others woken by the same commits (applications-svc's webhook dispatcher): told after the relay is.
  const kickListeners: (() => void)[] = [];

  return {
    start: () => schedule(0),
    /**
     * A change was committed: relay now rather than at the next tick. Outside the request's trace
     * (the pass and the listeners): the pass serves every waiting row, each row's hand-over joining
     * its own row's trace, and a listener's work (the webhook dispatcher's) serves every reader.
     */
    kick: () =>
      outsideTrace(() => {
        void pass();
        for (const listener of kickListeners) listener();
      }),
    /** Calls `listener` at every kick (a change committed), e.g. to read an events feed at once. */
    onKick: (listener: () => void) => void kickListeners.push(listener),
    /** Relays what waits now (tests). */
    relayNow: () => pass(),
    async close() {
      lifecycle.closed = true;
      clearTimeout(timer);
      await running;
      await withTimeout(Promise.allSettled([...queues.values()].map((q) => q.close())), 3000, 'closing the outbox queues').catch(() => undefined);
      connection.disconnect();
    },
  };
}
export type OutboxRelay = ReturnType<typeof createOutboxRelay>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The service's outbox relay (service-kit outboxRelayPlugin): `kick` it after a commit that wrote outbox rows. */
    outboxRelay: OutboxRelay;
  }
}

/**
 * Runs the relay in a service that has an outbox (after its database plugin: `fastify.db`); stops
 * it before the database closes. Its metrics: `clearing_outbox_relayed_total` (rows
 * handed to their queue), and at each scrape `clearing_outbox_pending` (rows not relayed yet) and
 * `clearing_outbox_lag_seconds` (the age of the oldest of them: 0 when none waits), read from
 * the database; left out of the scrape while the database does not answer.
 */
export const outboxRelayPlugin = fp<Omit<OutboxRelayOptions, 'db' | 'log' | 'onRelayed'>>(
  async (fastify, options) => {
    const { table } = options;
    const db = (fastify as unknown as { db: Database<Record<string, unknown>> }).db;
    const relayed = new Counter({
      name: 'clearing_outbox_relayed_total',
      help: 'Outbox rows handed to their queue',
      registers: [fastify.metricsRegistry],
    });
    const waiting = async () => {
      const [row] = await db
        .select({ pending: sql<number>`count(*)::int`, lag: sql<number>`coalesce(extract(epoch from now() - min(${table.createdAt})), 0)::float8` })
        .from(table)
        .where(isNull(table.relayedAt));
      return { pending: Number(row?.pending ?? 0), lag: Number(row?.lag ?? 0) };
    };
    new Gauge({
      name: 'clearing_outbox_pending',
      help: 'Outbox rows waiting to be relayed',
      registers: [fastify.metricsRegistry],
      async collect() {
        try {
          this.set((await waiting()).pending);
        } catch {
          this.reset();
        }
      },
    });
    new Gauge({
      name: 'clearing_outbox_lag_seconds',
      help: 'Age of the oldest outbox row waiting to be relayed (0 when none waits)',
      registers: [fastify.metricsRegistry],
      async collect() {
        try {
          this.set((await waiting()).lag);
        } catch {
          this.reset();
        }
      },
    });
    const relay = createOutboxRelay({ ...options, db, log: fastify.log.child({ component: 'outbox-relay' }), onRelayed: (rows) => relayed.inc(rows) });
    fastify.decorate('outboxRelay', relay);
    fastify.addHook('onReady', async () => relay.start());
    fastify.addHook('onClose', () => relay.close());
  },
  { name: 'outbox-relay', decorators: { fastify: ['db'] } },
);
