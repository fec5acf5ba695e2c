import { Worker, type Telemetry } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import { closeQueuesOnShutdown, redisConnection, type ConnectionLifecycle } from '../queue/redis-connection';
import { queueTelemetry } from '../telemetry/tracing';

/** What an event consumer needs: the queue another service's outbox relay fills, its prefix, and what to do with a job's data. */
export type EventConsumerOptions = {
  /** BullMQ queue name (contracts' OUTBOX_QUEUES of the kind). */
  queue: string;
  redisUrl: string;
  /** The same prefix as the producing relay's. */
  prefix: string;
  /** What the consumer is, for its log lines ('places projection', 'course-control consumer'). */
  name: string;
  log: FastifyBaseLogger;
  /**
   * Applies one job's data (the relay's `{ outboxId, payload }`, parsed by the handler) in the
   * consumer's own transaction, idempotently: a job may run more than once. A throw fails the
   * attempt; the queue retries it with the job options the relay gave it.
   */
  handle: (data: unknown) => Promise<unknown>;
};

/**
 * The consuming side of the transactional outbox: a BullMQ worker on one queue, one job at a time
 * (a course's events applied in the order they come; the handler's version or event-id check
 * guards the rest). Redis down: the worker reconnects and the events wait in the producer's
 * outbox or the queue; the consuming service down: they wait in the queue. `start` on the
 * service's onReady, `close` before its database closes. While tracing is on, each job runs in the
 * trace of the request that wrote its outbox row (BullMQ telemetry: the relay's span travels in the job).
 */
export function createEventConsumer(options: EventConsumerOptions) {
  const lifecycle: ConnectionLifecycle = { closed: false };
  const connection = redisConnection(options.redisUrl, 'blocking', lifecycle);
  const worker = new Worker(options.queue, async (job) => options.handle(job.data), {
    connection,
    prefix: options.prefix,
    concurrency: 1,
    autorun: false,
    telemetry: queueTelemetry<Telemetry>(),
  });
  worker.on('error', (err) => options.log.warn({ err }, `${options.name} worker error`));
  worker.on('failed', (job, err) => options.log.warn({ err, jobId: job?.id }, `${options.name}: event not applied; it is retried`));
  return {
    start: () => void worker.run().catch((err: unknown) => options.log.error({ err }, `${options.name} stopped`)),
    async close() {
      lifecycle.closed = true;
      await closeQueuesOnShutdown(options.name, { workers: [worker] });
      connection.disconnect();
    },
  };
}
export type EventConsumer = ReturnType<typeof createEventConsumer>;
