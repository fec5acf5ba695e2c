import {
  APPLICATION_EVENT_TYPES,
  emptyStatusCounts,
  FIGURES_TIME_ZONE,
  OUTBOX_KINDS,
  RECONCILIATION_STATUSES,
  type ApplicationEventType,
  type ReconciliationCounts,
  type ReconciliationStatus,
  type StatusCountMap,
  type WebhookEndpointStatus,
} from '@clearing-desk/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../repositories/figures-repository';
import type { Executor } from '../repositories/applications-repository';

type CountRow = { status: string | null; n: number | string };

function countMap(rows: CountRow[]): StatusCountMap {
  const counts = emptyStatusCounts();
  for (const row of rows) {
    if (row.status && (RECONCILIATION_STATUSES as string[]).includes(row.status)) counts[row.status as ReconciliationStatus] += Number(row.n);
  }
  return counts;
}

/**
 * The status an application event says the application is in: its `data.status`, W for a
 * withdrawal (the withdrawn event carries only the previous status). SQL over an outbox row `o`.
 */
const eventStatus = sql.raw(`case when o.payload->>'type' = '${APPLICATION_EVENT_TYPES.WITHDRAWN}' then 'W' else o.payload->'data'->>'status' end`);

/**
 * The application events of `cycle` that happened by `asAt` and that the feed can already give
 * (their transaction ended before every one still running began: the feed's commit-safe horizon,
 * outbox/application-events-feed.ts), with `extra` conditions.
 */
const feedEvents = (cycle: string, asAt: string, extra: SQL = sql``) => sql`
  o.kind = ${OUTBOX_KINDS.APPLICATION_EVENT}
  and o.xid < pg_snapshot_xmin(pg_current_snapshot())
  and o.payload->'application'->>'cycle' = ${cycle}
  and (o.payload->>'occurredAt')::timestamptz <= ${asAt}::timestamptz
  ${extra}`;

/**
 * The day's reconciliation counts (contracts `reconcile` makes the report of them), as at the end
 * of `day` in FIGURES_TIME_ZONE, or `now` while the day is still running:
 *
 * - `figures`: the applications of the cycle created by then, by status, as the figures screen
 *   counts them (the application's status); for one changed since, its status then, from the
 *   history log (every create and status change logs the status it left);
 * - `events`: the same applications by the status of each one's latest event by then in the
 *   events feed (feed order: transaction id, then insertion);
 * - per webhook endpoint: by the status of each application's latest of those events that was
 *   delivered to the endpoint (answered 2xx) by `now`.
 *
 * The cycle is the recruitment cycle whose Clearing opened last on or before the day (the current
 * one when none did). Counted in PostgreSQL; nothing is loaded row by row.
 */
export async function countReconciliation(db: Executor, day: string, now: Date = new Date()): Promise<ReconciliationCounts> {
  const tz = FIGURES_TIME_ZONE;
  const [bounds] = rowsOf<{ as_at: Date | string; cycle: string | null }>(
    await db.execute(sql`
      select least(((${day}::date + 1)::timestamp at time zone ${tz}), ${now.toISOString()}::timestamptz) as as_at,
        coalesce(
          (select name from recruitment_cycles where clearing_opens <= ${day}::date order by clearing_opens desc limit 1),
          (select name from recruitment_cycles where current limit 1)) as cycle`),
  );
  const asAt = new Date(bounds!.as_at).toISOString();
  const cycle = bounds?.cycle ?? '';

  const figures = rowsOf<CountRow>(
    await db.execute(sql`
      select status, count(*)::int as n from (
        select case when a.updated_at <= ${asAt}::timestamptz then a.status
          else (select l.status from application_log l
                where l.application_id = a.application_id and l.status is not null and l.time <= ${asAt}::timestamptz
                order by l.id desc limit 1) end as status
        from applications a
        where a.intake = ${cycle} and a.created_at <= ${asAt}::timestamptz) s
      group by status`),
  );

  const events = rowsOf<CountRow>(
    await db.execute(sql`
      select status, count(*)::int as n from (
        select distinct on (o.aggregate_id) ${eventStatus} as status
        from outbox o
        where ${feedEvents(cycle, asAt)}
        order by o.aggregate_id, o.xid desc, o.seq desc) e
      group by status`),
  );

  const endpoints = rowsOf<{ id: string; url: string; status: WebhookEndpointStatus; event_types: ApplicationEventType[] }>(
    await db.execute(sql`select id, url, status, event_types from webhook_endpoints order by created_at, id`),
  );
  const delivered = rowsOf<CountRow & { endpoint_id: string }>(
    await db.execute(sql`
      select endpoint_id, status, count(*)::int as n from (
        select distinct on (d.endpoint_id, o.aggregate_id) d.endpoint_id, ${eventStatus} as status
        from webhook_deliveries d join outbox o on o.id = d.event_id
        where d.delivered_at is not null and d.delivered_at <= ${now.toISOString()}::timestamptz and ${feedEvents(cycle, asAt)}
        order by d.endpoint_id, o.aggregate_id, o.xid desc, o.seq desc) e
      group by endpoint_id, status`),
  );

  return {
    day,
    cycle,
    timeZone: tz,
    asAt,
    figures: countMap(figures),
    events: countMap(events),
    endpoints: endpoints.map((e) => ({
      id: e.id,
      url: e.url,
      status: e.status,
      eventTypes: e.event_types,
      delivered: countMap(delivered.filter((d) => d.endpoint_id === e.id)),
    })),
  };
}
