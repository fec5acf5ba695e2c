import { redisConnection, withTimeout, type ConnectionLifecycle } from '@clearing-desk/service-kit';
import { Queue, Worker } from 'bullmq';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { ApplicationsConfig } from '../config';
import { deliverHead } from './delivery';
import { dispatchPass } from './dispatcher';
import { createWebhookEndpointsRepository, type WebhookEndpointsRepository } from './webhook-endpoints-repository';

/** The BullMQ queue of webhook deliveries (applications-svc both fills and works it). */
export const WEBHOOK_QUEUE = 'webhook-deliveries';
const jobSchema = z.object({ endpointId: z.uuid(), deliveryId: z.uuid() });

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: {
      repository: WebhookEndpointsRepository;
      /** Turns new events into deliveries and makes sure each active backlog has its job (tests; also on a timer). */
      dispatchNow: () => Promise<void>;
      /** Makes sure an endpoint's backlog head has its job (after a resume). */
      schedule: (endpointId: string) => Promise<void>;
    };
  }
}

/**
 * Webhooks in applications-svc (docs/domain/events.md "Webhooks"): the dispatcher (every
 * WEBHOOK_DISPATCH_INTERVAL_MS, dispatcher.ts) turns new events into deliveries, and a BullMQ
 * worker posts them (delivery.ts). One job per endpoint at a time, for the head of its backlog
 * (job id `<endpoint>_<delivery>`, so adding it again while it waits or retries does nothing):
 * a failure throws, and BullMQ retries the job after a backoff doubling from
 * WEBHOOK_RETRY_BASE_MS up to WEBHOOK_RETRY_MAX_MS; a success adds the job of the next head. An
 * endpoint paused by its failures gets no job until it is resumed. Jobs are removed when done: the
 * database holds the state (deliveries, attempts), so every dispatcher pass can add a lost job again.
 */
export const webhooksPlugin = fp<{ config: ApplicationsConfig }>(
  async (fastify, { config }) => {
    const log = fastify.log.child({ component: 'webhooks' });
    const lifecycle: ConnectionLifecycle = { closed: false };
    const producer = redisConnection(config.REDIS_URL, 'producer', lifecycle);
    const blocking = redisConnection(config.REDIS_URL, 'blocking', lifecycle);
    const queue = new Queue(WEBHOOK_QUEUE, { connection: producer, prefix: config.NOTIFICATIONS_QUEUE_PREFIX });
    queue.on('error', () => undefined);

    const add = async (endpointId: string, deliveryId: string) => {
      await queue.add(
        'deliver',
        { endpointId, deliveryId },
        {
          jobId: `${endpointId}_${deliveryId}`,
          // Past the pause threshold the endpoint is paused first; the margin only keeps BullMQ from giving up sooner.
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
        const data = jobSchema.parse(job.data);
        const outcome = await deliverHead(fastify.db, data, { timeoutMs: config.WEBHOOK_TIMEOUT_MS, pauseAfter: config.WEBHOOK_PAUSE_AFTER_FAILURES });
        if (outcome.kind === 'failed') throw new Error(outcome.error);
        if (outcome.kind === 'paused') log.warn({ endpointId: data.endpointId }, 'webhook endpoint paused after consecutive failures; its backlog is kept');
        const next = outcome.kind === 'delivered' ? outcome.next : outcome.kind === 'skipped' ? outcome.head : null;
        if (next && next !== data.deliveryId) await add(data.endpointId, next);
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
    const dispatchNow = async () => {
      // One pass at a time in this process; a call during a pass waits for it and runs another.
      while (running) await running;
      running = (async () => {
        const heads = await dispatchPass(fastify.db);
        for (const head of heads) await add(head.endpointId, head.deliveryId);
      })();
      try {
        await running;
      } finally {
        running = null;
      }
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

    const repository = createWebhookEndpointsRepository(fastify.db);
    fastify.decorate('webhooks', {
      repository,
      dispatchNow,
      schedule: async (endpointId: string) => {
        const heads = await dispatchPass(fastify.db);
        for (const head of heads.filter((h) => h.endpointId === endpointId)) await add(head.endpointId, head.deliveryId);
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
      await withTimeout(worker.close(), 5000, 'closing the webhook worker').catch(() => undefined);
      await withTimeout(queue.close(), 3000, 'closing the webhook queue').catch(() => undefined);
      producer.disconnect();
      blocking.disconnect();
    });
  },
  { name: 'webhooks', dependencies: ['applications-database'] },
);
