import { coursePlacesJobSchema, OUTBOX_QUEUES, type CoursePlacesEvent } from '@clearing-desk/contracts';
import { createEventConsumer } from '@clearing-desk/service-kit';
import { and, eq, lt, sql } from 'drizzle-orm';
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
 * Runs the projection in courses-svc (config PLACES_PROJECTION): service-kit's event consumer on the
 * course-places queue, each job through applyPlacesEvent. Redis down: it reconnects and the events wait in
 * applications-svc's outbox or the queue. Stops before the database closes.
 */
export const placesProjectionPlugin = fp<{ config: CoursesConfig }>(
  async (fastify, { config }) => {
    if (!config.PLACES_PROJECTION) return;
    // One job at a time: a course's events are applied in the order they come; VERSION guards the rest.
    const projection = createEventConsumer({
      queue: OUTBOX_QUEUES['course-places'],
      redisUrl: config.REDIS_URL,
      prefix: config.EVENTS_QUEUE_PREFIX,
      name: 'places projection',
      log: fastify.log.child({ component: 'places-projection' }),
      handle: async (data) => {
        const { outboxId, payload } = coursePlacesJobSchema.parse(data);
        return applyPlacesEvent(fastify.db, outboxId, payload);
      },
    });
    fastify.addHook('onReady', async () => projection.start());
    fastify.addHook('onClose', () => projection.close());
  },
  { name: 'places-projection', dependencies: ['courses-database'] },
);
