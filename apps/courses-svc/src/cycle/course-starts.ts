import { courseStartsJobSchema, OUTBOX_QUEUES, type CourseStartsMovedEvent } from '@clearing-desk/contracts';
import { closeQueuesOnShutdown, queueTelemetry, redisConnection } from '@clearing-desk/service-kit';
import { Worker, type Telemetry } from 'bullmq';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { CoursesConfig } from '../config';
import { courseHistory, courses } from '../db/schema';
import type { CoursesDatabase } from '../plugins/external/database';

/**
 * Applies a recruitment cycle's roll (domain.md "Recruitment cycles": the catalogue's start dates
 * move with it) in one transaction: every course starting on the old cycle's default start date
 * (event.FROM) starts on the new one's (event.TO), each with a history entry (COURSE_START_DATE
 * old and new, by the Administrator who rolled). A course with a start date of its own keeps it.
 * Repeated, it changes nothing (no course starts on FROM any more). Answers the courses moved.
 */
export async function applyCourseStartsMoved(db: CoursesDatabase, event: CourseStartsMovedEvent): Promise<string[]> {
  return db.transaction(async (tx) => {
    const moved = await tx
      .update(courses)
      .set({ courseStartDate: event.TO })
      .where(eq(courses.courseStartDate, event.FROM))
      .returning({ ucasCode: courses.ucasCode });
    if (moved.length > 0) {
      await tx.insert(courseHistory).values(
        moved.map(({ ucasCode }) => ({
          ucasCode,
          at: new Date(event.at),
          username: event.username,
          changes: [{ field: 'COURSE_START_DATE' as const, old: event.FROM, new: event.TO }],
        })),
      );
    }
    return moved.map((m) => m.ucasCode);
  });
}

/**
 * The BullMQ worker on the course-starts queue (one job at a time). Redis down: the worker
 * reconnects and the roll's event waits in applications-svc's outbox or the queue.
 */
export function createCourseStartsWorker(deps: { db: CoursesDatabase; config: CoursesConfig; log: FastifyBaseLogger }) {
  const lifecycle = { closed: false };
  const connection = redisConnection(deps.config.REDIS_URL, 'blocking', lifecycle);
  const worker = new Worker(
    OUTBOX_QUEUES['course-starts'],
    async (job) => {
      const { payload } = courseStartsJobSchema.parse(job.data);
      const moved = await applyCourseStartsMoved(deps.db, payload);
      deps.log.info({ from: payload.FROM, to: payload.TO, courses: moved.length }, 'course start dates moved to the new cycle');
      return moved.length;
    },
    // Tracing on: the roll continues the trace of the cycle change that wrote its outbox row.
    { connection, prefix: deps.config.EVENTS_QUEUE_PREFIX, concurrency: 1, autorun: false, telemetry: queueTelemetry<Telemetry>() },
  );
  worker.on('error', (err) => deps.log.warn({ err }, 'course starts worker error'));
  worker.on('failed', (job, err) => deps.log.warn({ err, jobId: job?.id }, 'course starts not moved; it is retried'));
  return {
    start: () => void worker.run().catch((err: unknown) => deps.log.error({ err }, 'course starts worker stopped')),
    async close() {
      lifecycle.closed = true;
      await closeQueuesOnShutdown('course starts', { workers: [worker] });
      connection.disconnect();
    },
  };
}

/** Runs the course-starts worker beside the places projection (config PLACES_PROJECTION: both follow applications-svc's outbox). */
export const courseStartsPlugin = fp<{ config: CoursesConfig }>(
  async (fastify, { config }) => {
    if (!config.PLACES_PROJECTION) return;
    const worker = createCourseStartsWorker({ db: fastify.db, config, log: fastify.log.child({ component: 'course-starts' }) });
    fastify.addHook('onReady', async () => worker.start());
    fastify.addHook('onClose', () => worker.close());
  },
  { name: 'course-starts', dependencies: ['courses-database'] },
);
