import { outboxTable } from '@clearing-desk/service-kit';

/**
 * courses-svc's transactional outbox (service-kit's outboxTable): course control's
 * 'course-control' events for applications-svc's places ledger, written in the change's own
 * transaction and relayed by service-kit's outbox relay (app.ts).
 */
export const outbox = outboxTable();
