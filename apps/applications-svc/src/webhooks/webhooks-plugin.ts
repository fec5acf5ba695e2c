import { closeQueuesOnShutdown, redisConnection, type ConnectionLifecycle } from '@clearing-desk/service-kit';
import { Queue, Worker } from 'bullmq';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { ApplicationsConfig } from '../config';
import { deliverBacklog } from './delivery';
import { dispatchPass } from './dispatcher';
import { createWebhookEndpointsRepository, type WebhookEndpointsRepository } from './webhook-endpoints-repository';

/** The BullMQ queue of webhook deliveries (applications-svc both fills and works it). */
export const WEBHOOK_QUEUE = 'webhook-deliveries';
const jobSchema = z.object({ endpointId: z.uuid() });

/** A failed run, carrying the endpoint's failures in a row: the backoff doubles with them. */
class DeliveryFailed extends Error {
  constructor(
    message: string,
    readonly failures: number,
  ) {
    super(message);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: {
      repository: WebhookEndpointsRepository;
      /** Turns new events into deliveries and makes sure each active backlog has its job (tests; also on a timer). */
      dispatchNow: () => Promise<void>;
      /** Makes sure an endpoint with a backlog has its job (after a resume). */
      schedule: (endpointId: string) => Promise<void>;
    };
  }
}

/**
 * Webhooks in applications-svc (docs/domain/events.md "Webhooks"): the dispatcher (every
 * WEBHOOK_DISPATCH_INTERVAL_MS, and at once after each committed change: the outbox relay's
 * kick, dispatcher.ts) turns new events into deliveries, and a BullMQ
 * worker posts them (delivery.ts). One job per endpoint (job id `endpoint_<id>`, so adding it
 * again while it waits, runs or backs off does nothing) delivers its backlog in order; a failure
 * throws, and BullMQ retries the job after a backoff doubling with the endpoint's failures in a
 * row from WEBHOOK_RETRY_BASE_MS up to WEBHOOK_RETRY_MAX_MS, from the same event. An endpoint
 * paused by its failures gets no job until it is resumed. Jobs are removed when done: the database
 * holds the state (deliveries, attempts), and every dispatcher pass adds the job of each active
 * endpoint with a backlog, so an event that came as a run ended waits one pass at most.
 */
export const webhooksPlugin = fp<{ config: ApplicationsConfig }>(
  async (fastify, { config }) => {
    const log = fastify.log.child({ component: 'webhooks' });
    const lifecycle: ConnectionLifecycle = { closed: false };
    const producer = redisConnection(config.REDIS_URL, 'producer', lifecycle);
    const blocking = redisConnection(config.REDIS_URL, 'blocking', lifecycle);
    const queue = new Queue(WEBHOOK_QUEUE, { connection: producer, prefix: config.NOTIFICATIONS_QUEUE_PREFIX });
    queue.on('error', () => undefined);

    const add = async (endpointId: string) => {
      await queue.add(
        'deliver',
        { endpointId },
        {
          // One job per endpoint: adding it while it waits, runs or backs off does nothing, so two runs never overlap.
          jobId: `endpoint_${endpointId}`,
          // The endpoint is paused first (WEBHOOK_PAUSE_AFTER_FAILURES); should BullMQ give up sooner, the next pass adds the job again.
          attempts: config.WEBHOOK_PAUSE_AFTER_FAILURES + 1,
          backoff: { type: 'webhook' },
          removeOnComplete: true,
          removeOnFail: true,
        },
      );
    };

    const worker = new Worker(
      WEBHOOK_QUEUE,
      async (job) => {
        const { endpointId } = jobSchema.parse(job.data);
        const outcome = await deliverBacklog(fastify.db, endpointId, { timeoutMs: config.WEBHOOK_TIMEOUT_MS, pauseAfter: config.WEBHOOK_PAUSE_AFTER_FAILURES });
        if (outcome.kind === 'failed') throw new DeliveryFailed(outcome.error, outcome.failures);
        if (outcome.kind === 'paused') log.warn({ endpointId }, 'webhook endpoint paused after consecutive failures; its backlog is kept');
      },
      {
        connection: blocking,
        prefix: config.NOTIFICATIONS_QUEUE_PREFIX,
        concurrency: config.WEBHOOK_CONCURRENCY,
        autorun: false,
        settings: {
          backoffStrategy: (attemptsMade: number) => Math.min(config.WEBHOOK_RETRY_MAX_MS, config.WEBHOOK_RETRY_BASE_MS * 2 ** Math.max(0, attemptsMade - 1)),
        },
      },
    );
    worker.on('error', (err) => log.warn({ err }, 'webhook worker error'));

    let running: Promise<void> | null = null;
    let again = false;
    /**
     * A pass now, or, when one is running, one more right after it: calls during a pass share
     * that next one (kicks at 20 decisions a second make one pass at a time, not a queue of them).
     */
    const dispatchNow = (): Promise<void> => {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        try {
          do {
            again = false;
            const backlogs = await dispatchPass(fastify.db);
            for (const endpointId of backlogs) await add(endpointId);
          } while (again && !lifecycle.closed);
        } finally {
          running = null;
        }
      })();
      return running;
    };
    let timer: NodeJS.Timeout | undefined;
    const tick = () => {
      if (lifecycle.closed) return;
      dispatchNow()
        .catch((err: unknown) => log.warn({ err }, 'webhook dispatch failed; the next pass tries again'))
        .finally(() => {
          if (lifecycle.closed) return;
          timer = setTimeout(tick, config.WEBHOOK_DISPATCH_INTERVAL_MS);
          timer.unref();
        });
    };

    // A committed change (the outbox relay's kick) starts a pass now rather than at the next tick;
    // kicks that come while one waits to start share it.
    let kicked = false;
    fastify.outboxRelay.onKick(() => {
      if (kicked || lifecycle.closed) return;
      kicked = true;
      setImmediate(() => {
        kicked = false;
        dispatchNow().catch((err: unknown) => log.warn({ err }, 'webhook dispatch failed; the next pass tries again'));
      });
    });

    const repository = createWebhookEndpointsRepository(fastify.db);
    fastify.decorate('webhooks', {
      repository,
      dispatchNow,
      schedule: async (endpointId: string) => {
        const heads = await dispatchPass(fastify.db);
        if (heads.includes(endpointId)) await add(endpointId);
      },
    });
    fastify.addHook('onReady', async () => {
      void worker.run().catch((err: unknown) => log.error({ err }, 'webhook worker stopped'));
      tick();
    });
    fastify.addHook('onClose', async () => {
      lifecycle.closed = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
      await closeQueuesOnShutdown('webhook', { workers: [worker], queues: [queue] });
      producer.disconnect();
      blocking.disconnect();
    });
  },
  { name: 'webhooks', dependencies: ['applications-database', 'outbox-relay'] },
);
