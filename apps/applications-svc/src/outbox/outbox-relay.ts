import {
  decisionEmailPayloadSchema,
  OUTBOX_JOB_OPTIONS,
  OUTBOX_KINDS,
  OUTBOX_QUEUES,
  outboxJobId,
  WALLBOARD_CHANNEL,
  type OutboxKind,
  type WallboardEvent,
} from '@clearing-desk/contracts';
import { redisConnection, withTimeout, type ConnectionLifecycle } from '@clearing-desk/service-kit';
import { Queue } from 'bullmq';
import { asc, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge } from '@prometheus-io/client';
import type { ApplicationsConfig } from '../config';
import { outbox } from '../db/schema';
import type { ApplicationsDatabase } from '../plugins/external/database';

/**
 * The outbox relay: takes waiting rows `FOR UPDATE SKIP LOCKED` in small batches
 * (so several applications-svc instances share the work without taking the same row), adds each
 * to its kind's BullMQ queue with the row id as the job id, and marks them relayed in the same
 * transaction. If Redis is down the add fails, the transaction rolls back and the rows wait for
 * the next pass; if the process dies after the add and before the commit, the next pass adds the
 * row again and BullMQ (or the consumer's unique key) ignores the repeat.
 */
export function createOutboxRelay(deps: { db: ApplicationsDatabase; config: ApplicationsConfig; log: FastifyBaseLogger; onRelayed?: (rows: number) => void }) {
  const { db, config, log } = deps;
  const lifecycle: ConnectionLifecycle = { closed: false };
  const connection = redisConnection(config.REDIS_URL, 'producer', lifecycle);
  const queues = new Map<OutboxKind, Queue>();
  const queueFor = (kind: OutboxKind) => {
    let q = queues.get(kind);
    if (!q) {
      q = new Queue(OUTBOX_QUEUES[kind], { connection, prefix: config.NOTIFICATIONS_QUEUE_PREFIX });
      q.on('error', () => undefined);
      queues.set(kind, q);
    }
    return q;
  };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;
  let again = false;
  let failures = 0;

  /**
   * Announces the decisions just relayed to the wallboards (contracts wallboard.ts), after the
   * relay's commit: a publish is fire-and-forget (a wallboard that misses one still polls), so it
   * never holds a row back.
   */
  function announce(rows: readonly { kind: OutboxKind; payload: unknown }[]): void {
    for (const row of rows) {
      if (row.kind !== OUTBOX_KINDS.DECISION_EMAIL) continue;
      const decision = decisionEmailPayloadSchema.safeParse(row.payload);
      if (!decision.success) continue;
      const event: WallboardEvent = { type: 'decision', UCAS_CODE: decision.data.ucasCode, STATUS: decision.data.status, AT: decision.data.decidedAt };
      connection.publish(WALLBOARD_CHANNEL, JSON.stringify(event)).catch((err: unknown) => log.warn({ err }, 'wallboard update not published'));
    }
  }

  /** One batch: answers how many rows were relayed (0 when none waited or Redis is down). */
  async function relayBatch(): Promise<number> {
    if (connection.status !== 'ready') return 0;
    const relayed = await db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(outbox)
        .where(isNull(outbox.relayedAt))
        .orderBy(asc(outbox.createdAt))
        .limit(config.OUTBOX_RELAY_BATCH)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return [];
      for (const row of rows) {
        await withTimeout(
          queueFor(row.kind).add(row.kind, { outboxId: row.id, payload: row.payload }, { ...OUTBOX_JOB_OPTIONS[row.kind], jobId: outboxJobId(row.id) }),
          3000,
          'queueing an outbox row',
        );
      }
      await tx
        .update(outbox)
        .set({ relayedAt: sql`now()` })
        .where(
          inArray(
            outbox.id,
            rows.map((r) => r.id),
          ),
        );
      return rows;
    });
    announce(relayed);
    return relayed.length;
  }

  /** Relays until nothing waits (or a batch fails); then waits for the next tick or kick. */
  async function drain(): Promise<number> {
    let total = 0;
    try {
      for (;;) {
        const n = await relayBatch();
        total += n;
        if (n > 0) deps.onRelayed?.(n);
        if (n < config.OUTBOX_RELAY_BATCH) break;
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
    schedule(config.OUTBOX_RELAY_INTERVAL_MS);
    return n;
  }

  return {
    start: () => schedule(0),
    /** A decision was committed: relay now rather than at the next tick. */
    kick: () => void pass(),
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
    outboxRelay: OutboxRelay;
  }
}

/**
 * Runs the relay in applications-svc (OUTBOX_RELAY_INTERVAL_MS, kicked after each decision); stops
 * it before the database closes. Its metrics: `clearing_outbox_relayed_total` (rows
 * handed to their queue), and at each scrape `clearing_outbox_pending` (rows not relayed yet) and
 * `clearing_outbox_lag_seconds` (the age of the oldest of them: 0 when none waits), read from
 * the database; left out of the scrape while the database does not answer.
 */
export const outboxRelayPlugin = fp<{ config: ApplicationsConfig }>(
  async (fastify, { config }) => {
    const relayed = new Counter({
      name: 'clearing_outbox_relayed_total',
      help: 'Outbox rows (decision emails, course places) handed to their queue',
      registers: [fastify.metricsRegistry],
    });
    const waiting = async () => {
      const [row] = await fastify.db
        .select({ pending: sql<number>`count(*)::int`, lag: sql<number>`coalesce(extract(epoch from now() - min(${outbox.createdAt})), 0)::float8` })
        .from(outbox)
        .where(isNull(outbox.relayedAt));
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
    const relay = createOutboxRelay({ db: fastify.db, config, log: fastify.log.child({ component: 'outbox-relay' }), onRelayed: (rows) => relayed.inc(rows) });
    fastify.decorate('outboxRelay', relay);
    fastify.addHook('onReady', async () => relay.start());
    fastify.addHook('onClose', () => relay.close());
  },
  { name: 'outbox-relay', dependencies: ['applications-database'] },
);
