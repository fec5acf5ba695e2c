import { consumedEventsTable, outboxTable } from '@clearing-desk/service-kit';

/**
 * applications-svc's transactional outbox (service-kit's outboxTable): decision emails for
 * notifications-svc and the places ledger's 'course-places' events for courses-svc, relayed by
 * service-kit's outbox relay (app.ts).
 */
export const outbox = outboxTable();

/** The events this service has applied (course control's 'course-control' events from courses-svc), by id: a replay is a no-op. */
export const consumedEvents = consumedEventsTable();
