import { coursePlacesJobSchema, OUTBOX_QUEUES, type CoursePlacesEvent } from '@clearing-desk/contracts';
import { redisConnection, withTimeout } from '@clearing-desk/service-kit';
import { Worker } from 'bullmq';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { CoursesConfig } from '../config';
import { courseHistory, courses } from '../db/schema';
import type { CoursesDatabase } from '../plugins/external/database';

/**
 * Applies one event of applications-svc's places ledger in one transaction:
 * VACANCIES_INTERNAL (places left) takes the event's value when its VERSION is newer than the one
 * projected (an older or repeated event changes nothing). CLEARING_PLACES and OFFER_ALLOWANCE are
 * course control's, owned here: only the ledger's first event (places_version 0, the ledger the
 * start-up backfill created from this course's internal vacancies) sets them, so the two start
 * alike; after that the ledger follows course control, never the other way round. A history
 * entry the event carries (a manager's change of the settings, a guard close or
 * reopen) is written once, keyed by the outbox row id, whatever the order jobs arrive in.
 * Answers whether the projection changed.
 */
export async function applyPlacesEvent(db: CoursesDatabase, outboxId: string, event: CoursePlacesEvent): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(courses)
      .set({
        vacanciesInternal: event.VACANCIES_INTERNAL,
        clearingPlaces: sql`case when ${courses.placesVersion} = 0 then ${event.CLEARING_PLACES}::int else ${courses.clearingPlaces} end`,
        offerAllowanceHundredths: sql`case when ${courses.placesVersion} = 0 then ${Math.round(event.OFFER_ALLOWANCE * 100)}::int else ${courses.offerAllowanceHundredths} end`,
        placesVersion: event.VERSION,
      })
      .where(and(eq(sql`upper(${courses.ucasCode})`, event.UCAS_CODE.toUpperCase()), lt(courses.placesVersion, event.VERSION)))
      .returning({ ucasCode: courses.ucasCode });
    if (event.history && event.history.changes.length > 0) {
      const [course] = await tx
        .select({ ucasCode: courses.ucasCode })
        .from(courses)
        .where(eq(sql`upper(${courses.ucasCode})`, event.UCAS_CODE.toUpperCase()))
        .limit(1);
      if (course) {
        await tx
          .insert(courseHistory)
          .values({ ucasCode: course.ucasCode, at: new Date(event.at), username: event.history.username, changes: event.history.changes, eventId: outboxId })
          .onConflictDoNothing();
      }
    }
    return changed.length > 0;
  });
}

/**
 * The projection's BullMQ worker on the course-places queue (one job at a time: the events of a
 * course are applied in the order they come; VERSION guards the rest). Redis down: the worker
 * reconnects and the events wait in applications-svc's outbox or the queue.
 */
export function createPlacesProjection(deps: { db: CoursesDatabase; config: CoursesConfig; log: FastifyBaseLogger }) {
  const lifecycle = { closed: false };
  const connection = redisConnection(deps.config.REDIS_URL, 'blocking', lifecycle);
  const worker = new Worker(
    OUTBOX_QUEUES['course-places'],
    async (job) => {
      const { outboxId, payload } = coursePlacesJobSchema.parse(job.data);
      return applyPlacesEvent(deps.db, outboxId, payload);
    },
    { connection, prefix: deps.config.EVENTS_QUEUE_PREFIX, concurrency: 1, autorun: false },
  );
  worker.on('error', (err) => deps.log.warn({ err }, 'places projection worker error'));
  worker.on('failed', (job, err) => deps.log.warn({ err, jobId: job?.id }, 'places event not applied; it is retried'));
  return {
    start: () => void worker.run().catch((err: unknown) => deps.log.error({ err }, 'places projection stopped')),
    async close() {
      lifecycle.closed = true;
      await withTimeout(worker.close(), 5000, 'closing the places projection').catch(() => undefined);
      connection.disconnect();
    },
  };
}

/** Runs the projection in courses-svc (config PLACES_PROJECTION); stops it before the database closes. */
export const placesProjectionPlugin = fp<{ config: CoursesConfig }>(
  async (fastify, { config }) => {
    if (!config.PLACES_PROJECTION) return;
    const projection = createPlacesProjection({ db: fastify.db, config, log: fastify.log.child({ component: 'places-projection' }) });
    fastify.addHook('onReady', async () => projection.start());
    fastify.addHook('onClose', () => projection.close());
  },
  { name: 'places-projection', dependencies: ['courses-database'] },
);
