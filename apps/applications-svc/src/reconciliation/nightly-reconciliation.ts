import {
  londonCalendarDate,
  OUTBOX_KINDS,
  reconcile,
  reconciliationEmail,
  reconciliationEmailPayloadSchema,
  type ReconciliationReport,
} from '@clearing-desk/contracts';
import { closeQueuesOnShutdown, redisConnection, type ConnectionLifecycle } from '@clearing-desk/service-kit';
import { Queue, Worker } from 'bullmq';
import fp from 'fastify-plugin';
import type { ApplicationsConfig } from '../config';
import { outbox, reconciliationReports } from '../db/schema';
import type { ApplicationsDatabase } from '../plugins/external/database';
import { countReconciliation } from './reconciliation-counts';

/** The BullMQ queue of the nightly reconciliation, below NOTIFICATIONS_QUEUE_PREFIX. */
export const RECONCILIATION_QUEUE = 'reconciliation';
/** The job scheduler's id: one nightly job whatever the number of instances (BullMQ upserts it). */
const NIGHTLY_SCHEDULER_ID = 'reconciliation-nightly';

/** What one stored run answers: the stored report's id, the report, and how many emails were written. */
export type StoredReconciliation = { id: string; report: ReconciliationReport; emailed: number };

/**
 * One nightly run: the report of `day` (contracts `reconcile` of the day's counts) is stored and,
 * only when some count differs, one email per address of `recipients` is written into the outbox
 * in the same transaction (kind 'reconciliation-email'): the report and its emails exist together
 * or not at all. Every run stores a new row (a run again the same night is a second report).
 */
export async function storeNightlyReconciliation(
  db: ApplicationsDatabase,
  day: string,
  recipients: readonly string[],
  now: Date = new Date(),
): Promise<StoredReconciliation> {
  return db.transaction(async (tx) => {
    const report = reconcile(await countReconciliation(tx, day, now));
    const emailTo = report.differences > 0 ? recipients : [];
    const [row] = await tx
      .insert(reconciliationReports)
      .values({ day, cycle: report.cycle, report, differences: report.differences, emailed: emailTo.length })
      .returning({ id: reconciliationReports.id });
    const id = row!.id;
    if (emailTo.length > 0) {
      const { subject, lines } = reconciliationEmail(report);
      await tx.insert(outbox).values(
        emailTo.map((recipient) => ({
          aggregateId: `reconciliation:${day}`,
          kind: OUTBOX_KINDS.RECONCILIATION_EMAIL,
          payload: reconciliationEmailPayloadSchema.parse({ reportId: id, day, recipient, subject, lines }),
        })),
      );
    }
    return { id, report, emailed: emailTo.length };
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs the nightly reconciliation of today (team time zone) now: tests and an operator. */
    runNightlyReconciliation: () => Promise<StoredReconciliation>;
  }
}

/**
 * The nightly reconciliation (BullMQ): a job scheduler adds one job at RECONCILIATION_CRON
 * (Europe/London; the default 23:50 reports the day about to end) and a worker in each instance
 * runs it (one job runs once, whichever instance takes it). Redis down at start: the service
 * still starts; the schedule is upserted once Redis answers.
 */
export const nightlyReconciliationPlugin = fp<{ config: ApplicationsConfig; now?: () => Date }>(
  async (fastify, { config, now = () => new Date() }) => {
    const run = () => {
      const at = now();
      return storeNightlyReconciliation(fastify.db, londonCalendarDate(at), config.RECONCILIATION_EMAIL_TO, at);
    };
    fastify.decorate('runNightlyReconciliation', run);
    if (!config.RECONCILIATION_CRON) return;
    const lifecycle: ConnectionLifecycle = { closed: false };
    const producer = redisConnection(config.REDIS_URL, 'producer', lifecycle);
    const workerConnection = redisConnection(config.REDIS_URL, 'blocking', lifecycle);
    const prefix = config.NOTIFICATIONS_QUEUE_PREFIX;
    const queue = new Queue(RECONCILIATION_QUEUE, { connection: producer, prefix });
    const worker = new Worker(
      RECONCILIATION_QUEUE,
      async () => {
        const stored = await run();
        fastify.log.info({ day: stored.report.day, differences: stored.report.differences, emailed: stored.emailed }, 'reconciliation stored');
        return { id: stored.id, differences: stored.report.differences };
      },
      { connection: workerConnection, prefix, concurrency: 1 },
    );
    const warn = (err: Error) => fastify.log.warn({ err }, 'reconciliation queue error');
    queue.on('error', warn);
    worker.on('error', warn);
    fastify.addHook('onReady', async () => {
      // Not awaited: the service starts and serves without Redis.
      void queue
        .upsertJobScheduler(
          NIGHTLY_SCHEDULER_ID,
          { pattern: config.RECONCILIATION_CRON, tz: 'Europe/London' },
          {
            name: 'reconciliation',
            data: {},
            opts: { removeOnComplete: { age: 7 * 24 * 3600, count: 100 }, removeOnFail: { age: 30 * 24 * 3600, count: 100 } },
          },
        )
        .catch((err: unknown) => fastify.log.warn({ err }, 'the nightly reconciliation could not be scheduled'));
    });
    fastify.addHook('onClose', async () => {
      lifecycle.closed = true;
      await closeQueuesOnShutdown('reconciliation', { workers: [worker], queues: [queue] });
      for (const connection of [producer, workerConnection]) connection.disconnect();
    });
  },
  { name: 'nightly-reconciliation', dependencies: ['applications-database'] },
);
