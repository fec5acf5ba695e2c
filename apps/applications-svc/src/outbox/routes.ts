import { OUTBOX_KINDS, outboxRoutes } from '@clearing-desk/contracts';

/**
 * The queues this service's outbox relay hands rows to: decision emails (notifications-svc), the
 * places ledger's changes and the recruitment cycle's course starts (courses-svc). Application
 * events are not queued (the events feed reads them from the table); course-control rows are
 * courses-svc's own outbox. A row of a kind missing here would never leave the outbox, so
 * routes.test.ts holds this list against every kind the service writes.
 */
export const APPLICATIONS_OUTBOX_ROUTES = outboxRoutes(
  OUTBOX_KINDS.DECISION_EMAIL,
  OUTBOX_KINDS.COURSE_PLACES,
  OUTBOX_KINDS.COURSE_STARTS,
  OUTBOX_KINDS.CALLBACK_EMAIL,
  OUTBOX_KINDS.UCAS_REMINDER_EMAIL,
  OUTBOX_KINDS.RECONCILIATION_EMAIL,
  OUTBOX_KINDS.WALLBOARD_ALERT_EMAIL,
);
