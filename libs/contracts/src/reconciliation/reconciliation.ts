import { z } from 'zod';
import { timestampQuerySchema } from '../common/timestamp-query';
import { applicationEventTypeSchema } from '../events/application-events';
import { webhookEndpointStatusSchema } from '../events/webhooks';
import { STORED_STATUSES, type ApplicationStatus } from '../status/status-codes';

/**
 * The daily reconciliation report: for one day of the Clearing team (FIGURES_TIME_ZONE) and the
 * recruitment cycle it falls in, per status code of spec section 3, how many applications the
 * figures count, how many the events feed says are in that status (each application's latest
 * event at the end of the day), and how many each webhook endpoint was told (each application's
 * latest event delivered to it). Any count that differs from the figures' is a difference: the
 * record system does not know what the figures screen shows.
 */

/** The status codes the report has a row for: every stored status (V is never stored), in spec order. */
export const RECONCILIATION_STATUSES = Object.keys(STORED_STATUSES) as Exclude<ApplicationStatus, 'V'>[];
export type ReconciliationStatus = (typeof RECONCILIATION_STATUSES)[number];
const reconciliationStatusSchema = z.enum(RECONCILIATION_STATUSES as [ReconciliationStatus, ...ReconciliationStatus[]]);

const count = z.number().int().nonnegative();
/** A count per status code, every code present (0 when none); an object of named properties, so the OpenAPI document names each. */
export const statusCountMapSchema = z.object({
  O: count,
  I: count,
  S: count,
  R: count,
  X: count,
  P: count,
  D: count,
  W: count,
} satisfies Record<ReconciliationStatus, typeof count>);
export type StatusCountMap = z.infer<typeof statusCountMapSchema>;

/** An empty count map (every status 0). */
export const emptyStatusCounts = (): StatusCountMap => Object.fromEntries(RECONCILIATION_STATUSES.map((s) => [s, 0])) as StatusCountMap;

/** A day of the report: an ISO date (yyyy-mm-dd), read in the team's time zone. */
export const reconciliationDaySchema = z.iso.date();

/** One webhook endpoint's counts: per status, the applications whose latest event delivered to it (2xx) says that status. */
export const reconciliationEndpointCountsSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  status: webhookEndpointStatusSchema,
  eventTypes: z.array(applicationEventTypeSchema),
  delivered: statusCountMapSchema,
});
export type ReconciliationEndpointCounts = z.infer<typeof reconciliationEndpointCountsSchema>;

/**
 * What applications-svc counts for a day, the input of `reconcile`. `asAt` is the instant the
 * counts hold for: the end of the day, or now while the day is still running (ISO 8601).
 */
export const reconciliationCountsSchema = z.object({
  day: reconciliationDaySchema,
  cycle: z.string(),
  timeZone: z.string(),
  asAt: z.string(),
  figures: statusCountMapSchema,
  events: statusCountMapSchema,
  endpoints: z.array(reconciliationEndpointCountsSchema),
});
export type ReconciliationCounts = z.infer<typeof reconciliationCountsSchema>;

/** One status row of the report: the three sources' counts and whether any differs from the figures. */
export const reconciliationRowSchema = z.object({
  status: reconciliationStatusSchema,
  label: z.string(),
  figures: count,
  events: count,
  /** The feed's count differs from the figures'. */
  eventsDiffer: z.boolean(),
  endpoints: z.array(z.object({ id: z.uuid(), delivered: count, differs: z.boolean() })),
  /** Some count of the row differs from the figures'. */
  differs: z.boolean(),
});
export type ReconciliationRow = z.infer<typeof reconciliationRowSchema>;

/** GET /api/admin/reconciliation and a stored nightly report. */
export const reconciliationReportSchema = reconciliationCountsSchema.extend({
  rows: z.array(reconciliationRowSchema),
  /** Rows with a difference (0: everything agrees). */
  differences: count,
});
export type ReconciliationReport = z.infer<typeof reconciliationReportSchema>;

/** Query of GET /api/admin/reconciliation: the day (default: today in the team's time zone). */
export const reconciliationQuerySchema = timestampQuerySchema.extend({ date: reconciliationDaySchema.optional() });
export type ReconciliationQuery = z.infer<typeof reconciliationQuerySchema>;

/**
 * The report of a day's counts: a row per status code (spec order), each source's count beside the
 * figures', a difference wherever a count is not the figures' count. Pure.
 */
export function reconcile(counts: ReconciliationCounts): ReconciliationReport {
  const rows = RECONCILIATION_STATUSES.map((status): ReconciliationRow => {
    const figures = counts.figures[status] ?? 0;
    const events = counts.events[status] ?? 0;
    const endpoints = counts.endpoints.map((endpoint) => {
      const delivered = endpoint.delivered[status] ?? 0;
      return { id: endpoint.id, delivered, differs: delivered !== figures };
    });
    const eventsDiffer = events !== figures;
    return {
      status,
      label: STORED_STATUSES[status],
      figures,
      events,
      eventsDiffer,
      endpoints,
      differs: eventsDiffer || endpoints.some((e) => e.differs),
    };
  });
  return { ...counts, rows, differences: rows.filter((r) => r.differs).length };
}
