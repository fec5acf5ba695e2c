import { mkdir, readdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { closeQueuesOnShutdown, HttpError, redisConnection, type ConnectionLifecycle } from '@clearing-desk/service-kit';
import { Queue, Worker } from 'bullmq';
import fp from 'fastify-plugin';
import { DEFAULT_UCAS_CSV_COLUMNS } from '@clearing-desk/contracts';
import { ucasCsvColumns, type ApplicationsConfig } from '../config';
import { createUcasReconciliation, type UcasReconciliation } from './ucas-reconciliation';

/** The BullMQ queue of the scheduled UCAS job (applications-svc both schedules and works it). */
export const UCAS_QUEUE = 'ucas-reconciliation';
/** The job scheduler's id: one repeatable job however many instances start (BullMQ upserts it). */
const SCHEDULER_ID = 'ucas-folder-import-and-reminders';

/** What one run of the scheduled job did: the files imported or refused, and the reminders written. */
export type UcasJobOutcome = { imported: string[]; failed: string[]; reminded: number };

declare module 'fastify' {
  interface FastifyInstance {
    ucas: UcasReconciliation & {
      /** One run of the scheduled job now (tests; the repeatable job calls the same). */
      runJob: () => Promise<UcasJobOutcome>;
    };
  }
}

/**
 * Imports every `*.csv` file of `dir` (oldest name first) as the scheduled import ('folder'), each
 * moved to `dir/done/` once its transaction has committed, or to `dir/failed/` when it cannot be
 * read (the 400 of the upload; nothing stored). A file is moved only after its outcome, so a crash
 * in between imports it again at the next run: its matches are then counted as already added.
 */
export async function importFolder(ucas: UcasReconciliation, dir: string, stamp: () => string): Promise<{ imported: string[]; failed: string[] }> {
  const names = (await readdir(dir, { withFileTypes: true }))
    .filter((e) => e.isFile() && e.name.toLowerCase().endsWith('.csv'))
    .map((e) => e.name)
    .sort();
  const imported: string[] = [];
  const failed: string[] = [];
  for (const name of names) {
    const path = join(dir, name);
    const csv = await readFile(path, 'utf8');
    let target = 'done';
    try {
      await ucas.importCsv({ csv, fileName: name, source: 'folder', importedBy: 'folder' });
      imported.push(name);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      target = 'failed';
      failed.push(name);
    }
    await mkdir(join(dir, target), { recursive: true });
    await rename(path, join(dir, target, `${stamp()}-${name}`));
  }
  return { imported, failed };
}

/**
 * UCAS reconciliation in applications-svc (docs/domain/ucas-reconciliation.md): the repository
 * (`fastify.ucas`) and a BullMQ repeatable job every UCAS_JOB_INTERVAL_MS (a job scheduler, so
 * several instances run one job, never one each) that imports the files of UCAS_IMPORT_DIR and
 * then writes the one reminder of each lapsing offer.
 */
export const ucasPlugin = fp<{ config: ApplicationsConfig; now?: () => Date }>(
  async (fastify, { config, now = () => new Date() }) => {
    const log = fastify.log.child({ component: 'ucas' });
    const ucas = createUcasReconciliation({
      db: fastify.db,
      calendar: fastify.intakeCycle.calendar,
      lapsingHours: config.QUEUE_OFFER_LAPSING_HOURS,
      // Validated at start (config.ts): never null here.
      columns: ucasCsvColumns(config.UCAS_CSV_COLUMNS) ?? DEFAULT_UCAS_CSV_COLUMNS,
      now,
    });
    const runJob = async (): Promise<UcasJobOutcome> => {
      const folder = config.UCAS_IMPORT_DIR
        ? await importFolder(ucas, config.UCAS_IMPORT_DIR, () => now().toISOString().replace(/[:.]/g, '-'))
        : { imported: [], failed: [] };
      if (folder.failed.length > 0) log.warn({ failed: folder.failed }, 'UCAS files that could not be read were moved to failed/');
      const reminded = await ucas.sweep();
      if (reminded > 0) fastify.outboxRelay.kick();
      return { ...folder, reminded };
    };
    fastify.decorate('ucas', Object.assign(ucas, { runJob }));

    const lifecycle: ConnectionLifecycle = { closed: false };
    const producer = redisConnection(config.REDIS_URL, 'producer', lifecycle);
    const blocking = redisConnection(config.REDIS_URL, 'blocking', lifecycle);
    const queue = new Queue(UCAS_QUEUE, { connection: producer, prefix: config.NOTIFICATIONS_QUEUE_PREFIX });
    queue.on('error', () => undefined);
    const worker = new Worker(UCAS_QUEUE, async () => runJob(), {
      connection: blocking,
      prefix: config.NOTIFICATIONS_QUEUE_PREFIX,
      concurrency: 1,
      autorun: false,
    });
    worker.on('error', (err) => log.warn({ err }, 'UCAS worker error'));
    worker.on('failed', (_job, err) => log.warn({ err }, 'UCAS job failed; the next run tries again'));

    fastify.addHook('onReady', async () => {
      // Not awaited: a queue command waits for Redis, and with Redis down the service must still
      // start and serve; the scheduler is set once Redis answers, or at the next start.
      void queue
        .upsertJobScheduler(SCHEDULER_ID, { every: config.UCAS_JOB_INTERVAL_MS }, { name: 'run', opts: { removeOnComplete: 100, removeOnFail: 100 } })
        .catch((err: unknown) => log.warn({ err }, 'UCAS job scheduler not set'));
      void worker.run().catch((err: unknown) => log.error({ err }, 'UCAS worker stopped'));
    });
    fastify.addHook('onClose', async () => {
      lifecycle.closed = true;
      await closeQueuesOnShutdown('UCAS', { workers: [worker], queues: [queue] });
      producer.disconnect();
      blocking.disconnect();
    });
  },
  { name: 'ucas', dependencies: ['applications-database', 'outbox-relay', 'intake-cycle'] },
);
