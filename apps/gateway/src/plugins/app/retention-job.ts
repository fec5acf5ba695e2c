import { APPLICATIONS_SVC, FILES_SVC, NOTIFICATIONS_SVC, type RetentionCounts, type RetentionRun, type RetentionSchedule } from '@clearing-desk/contracts';
import { redisConnection, type ConnectionLifecycle } from '@clearing-desk/service-kit';
import { Queue, QueueEvents, Worker } from 'bullmq';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { retentionSchedule, type GatewayConfig } from '../../config';

/** The BullMQ queue of the retention job, below the gateway's REDIS_KEY_PREFIX. */
export const RETENTION_QUEUE_NAME = 'retention';
/** The job scheduler's id: one nightly job whatever the number of gateway instances (BullMQ upserts it). */
const NIGHTLY_SCHEDULER_ID = 'retention-nightly';
/** The longest an Administrator's 'Run now' waits for the run (every service's part). */
const RUN_NOW_TIMEOUT_MS = 120_000;

type RetentionJobData = { trigger: 'nightly' | 'manual' };

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs the retention job through its queue now and answers the run as recorded. */
    runRetentionNow: () => Promise<RetentionRun>;
  }
}

/**
 * One run: every service that holds a copy of personal data does its part under the schedule at
 * the same moment (applications-svc, notifications-svc, files-svc; courses-svc and scenarios-svc
 * hold no applicant's data), then applications-svc records the run with all the counts. A
 * service that fails is named in the run's ERROR and the others still run; every part only
 * touches what is still held and past its date, so the next run finishes the job (idempotent).
 */
export async function runRetention(
  fastify: Pick<FastifyInstance, 'services' | 'log'>,
  schedule: RetentionSchedule,
  trigger: RetentionJobData['trigger'],
  id: string,
): Promise<RetentionRun> {
  // No browser request behind a scheduled job: the calls carry the job's id as their request id.
  const request = { id: `retention-${id}`, log: fastify.log, staffUser: undefined } as unknown as FastifyRequest;
  const started = new Date();
  const body = { schedule, now: started.toISOString() };
  const counts: RetentionCounts = {};
  const failed: string[] = [];
  const parts = [
    ['applications', () => fastify.services.applications.send(request, APPLICATIONS_SVC.retention, { body })],
    ['notifications', () => fastify.services.notifications.send(request, NOTIFICATIONS_SVC.retention, { body })],
    ['files', () => fastify.services.files.send(request, FILES_SVC.retention, { body })],
  ] as const;
  for (const [name, call] of parts) {
    try {
      Object.assign(counts, (await call()).counts);
    } catch (err) {
      fastify.log.error({ err, service: name }, 'retention part failed');
      failed.push(name);
    }
  }
  const run = await fastify.services.applications.send(request, APPLICATIONS_SVC.retentionRecord, {
    body: {
      TRIGGER: trigger,
      STARTED_AT: started.toISOString(),
      FINISHED_AT: new Date().toISOString(),
      COUNTS: counts,
      ERROR: failed.length ? `Not done (tried again next run): ${failed.join(', ')}` : null,
    },
  });
  fastify.log.info({ counts, failed }, 'retention run finished');
  return run;
}

/**
 * The nightly retention job (BullMQ): a job scheduler adds one job at RETENTION_CRON (Europe/London)
 * and a worker in each gateway runs it (one job runs once, whichever instance takes it). An
 * Administrator's 'Run now' adds a job to the same queue and waits for it.
 */
export const retentionJobPlugin = fp<{ config: GatewayConfig }>(
  async (fastify, { config }) => {
    const lifecycle: ConnectionLifecycle = { closed: false };
    const producer = redisConnection(config.REDIS_URL, 'producer', lifecycle);
    const blocking = redisConnection(config.REDIS_URL, 'blocking', lifecycle);
    const workerConnection = redisConnection(config.REDIS_URL, 'blocking', lifecycle);
    const prefix = config.REDIS_KEY_PREFIX;
    const schedule = retentionSchedule(config);
    const queue = new Queue<RetentionJobData, RetentionRun>(RETENTION_QUEUE_NAME, { connection: producer, prefix });
    const events = new QueueEvents(RETENTION_QUEUE_NAME, { connection: blocking, prefix });
    const worker = new Worker<RetentionJobData, RetentionRun>(
      RETENTION_QUEUE_NAME,
      async (job) => runRetention(fastify, schedule, job.data.trigger, job.id ?? 'job'),
      { connection: workerConnection, prefix, concurrency: 1 },
    );
    const warn = (err: Error) => fastify.log.warn({ err }, 'retention queue error');
    queue.on('error', warn);
    events.on('error', warn);
    worker.on('error', warn);
    const finished = { removeOnComplete: { age: 7 * 24 * 3600, count: 100 }, removeOnFail: { age: 30 * 24 * 3600, count: 100 } };

    fastify.decorate('runRetentionNow', async () => {
      const job = await queue.add('retention', { trigger: 'manual' }, finished);
      return job.waitUntilFinished(events, RUN_NOW_TIMEOUT_MS);
    });

    fastify.addHook('onReady', async () => {
      if (!config.RETENTION_CRON) return;
      // Not awaited: with Redis down the command waits for a reconnection, and the gateway must
      // start and serve without Redis. The upsert completes once Redis answers (or at the next start).
      void queue
        .upsertJobScheduler(
          NIGHTLY_SCHEDULER_ID,
          { pattern: config.RETENTION_CRON, tz: 'Europe/London' },
          { name: 'retention', data: { trigger: 'nightly' }, opts: finished },
        )
        .catch((err: unknown) => fastify.log.warn({ err }, 'the nightly retention job could not be scheduled'));
    });
    fastify.addHook('onClose', async () => {
      lifecycle.closed = true;
      await Promise.allSettled([worker.close(), events.close(), queue.close()]);
      // BullMQ leaves connections it was given open.
      for (const connection of [producer, blocking, workerConnection]) connection.disconnect();
    });
  },
  { name: 'retention-job', dependencies: ['service-clients'] },
);
