/**
 * The results-day report from a real day's records, the same page as a rehearsal's (mode
 * 'real-day'):
 *
 *   npx tsx tools/rehearsal/src/real-day.ts --from 2026-08-13 --to 2026-08-13
 *     --database-url postgres://…/applications --notifications-database-url postgres://…/notifications
 *     [--prometheus-url http://prometheus:9090] [--out tmp/rehearsal/real-day-2026-08-13.html]
 *
 * `--from` and `--to` are dates (a whole UK day: `--to` is inclusive) or instants (ISO 8601).
 * It reads, and never writes:
 * - applications-svc's database: public submissions (applications), duplicates (one person twice
 *   for one course, not withdrawn), the application events of the outbox (offers made and taken
 *   back, per course), the places ledger (course_places), the work queue's claims (queue_claims),
 *   the callbacks and the application log (who called when), and the decision emails' outbox rows;
 * - notifications-svc's database: the emails, when they were decided, sent or failed;
 * - Prometheus, when given: the gateway's request histograms for latency per route and the 5xx
 *   by route. Without it the latency and errors sections say 'Not recorded': the databases keep no
 *   request timings, and the report never makes them up.
 *
 * Acknowledgements of submissions live only on the applicants' screens, so a real day counts
 * stored and duplicated, never lost. Exits 2 with the usage on a bad argument, 1 on an error.
 */
import { execFileSync } from 'node:child_process';
import { hostname } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { APPLICATION_EVENT_TYPES, offersAllowedInHundredths, OUTBOX_KINDS } from '@clearing-desk/contracts';
import { Client } from 'pg';
import { courseFill, type OfferChange } from './fill-forecast';
import { writeReport } from './render';
import {
  minuteOf,
  percentile,
  REPORT_DATA_VERSION,
  type Callbacks,
  type EmailsSection,
  type ErrorsSection,
  type LatencySection,
  type QueueSection,
  type ReportDataInput,
  type SubmissionsSection,
} from './report-data';
import { sloVerdicts } from './slo';

export type RealDayOptions = {
  /** The period: [from, to). */
  from: Date;
  to: Date;
  applicationsDatabaseUrl: string;
  notificationsDatabaseUrl: string;
  /** Prometheus's base address (http://host:9090); undefined: latency and errors not recorded. */
  prometheusUrl?: string;
  /** The code's commit, when known (the report's metadata). */
  commit?: string | null;
  /** The instant the report is produced (tests pass a fixed one). */
  now?: Date;
};

const STATUS_OFFER = 'O';
const MAX_IDS = 50;

/** Minutes London is ahead of UTC at `instant` (0 in winter, 60 in summer). */
function londonOffsetMinutes(instant: Date): number {
  const offset = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', timeZoneName: 'longOffset' })
    .formatToParts(instant)
    .find((p) => p.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(offset ?? '');
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/** The instant a UK calendar day (YYYY-MM-DD) starts, whatever the clocks are doing that day. */
export function londonDayStart(day: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(midnightUtc)) throw new Error(`not a date: ${day}`);
  // The offset at noon may differ from the one at midnight on a day the clocks change: guess with it, then take the offset at the guess.
  const guess = new Date(midnightUtc - londonOffsetMinutes(new Date(`${day}T12:00:00Z`)) * 60_000);
  return new Date(midnightUtc - londonOffsetMinutes(guess) * 60_000);
}

/** `--from`/`--to` as instants: a date is its UK day's start (`--to`: the next day's start). */
export function periodOf(from: string, to: string): { from: Date; to: Date } {
  const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);
  const start = isDay(from) ? londonDayStart(from) : new Date(from);
  const nextDay = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const endInstant = isDay(to) ? londonDayStart(nextDay(to)) : new Date(to);
  if (Number.isNaN(start.getTime()) || Number.isNaN(endInstant.getTime())) throw new Error('--from and --to must be dates (YYYY-MM-DD) or ISO 8601 instants');
  if (endInstant <= start) throw new Error('--to must be after --from');
  return { from: start, to: endInstant };
}

const seconds = (ms: number) => Math.round(ms) / 1000;

async function submissionsOf(db: Client, from: Date, to: Date): Promise<SubmissionsSection> {
  const stored = await db.query<{ n: string }>(`select count(*) as n from applications where created_by = 'public' and created_at >= $1 and created_at < $2`, [
    from,
    to,
  ]);
  // One person twice for one course, neither withdrawn: the unique index forbids it, the report checks it was never done.
  const duplicates = await db.query<{ ids: number[] }>(
    `select array_agg(application_id order by application_id) as ids from applications
      where created_at >= $1 and created_at < $2 and status <> 'W' and anonymised_at is null
      group by ucas_code, email_normalised having count(*) > 1`,
    [from, to],
  );
  const duplicatedIds = duplicates.rows.flatMap((r) => r.ids.slice(1).map(String));
  return {
    acknowledged: null,
    stored: Number(stored.rows[0]?.n ?? 0),
    lost: null,
    duplicated: duplicatedIds.length,
    lostIds: [],
    duplicatedIds: duplicatedIds.slice(0, MAX_IDS),
  };
}

type EventRow = { type: string; at: Date; course: string; status: string | null; previous_status: string | null };

/** +1 for an offer made (an application created as O, a status moved to O), -1 for one taken back (moved off O). */
function offerDelta(e: EventRow): 0 | 1 | -1 {
  if (e.type === APPLICATION_EVENT_TYPES.CREATED) return e.status === STATUS_OFFER ? 1 : 0;
  if (e.type !== APPLICATION_EVENT_TYPES.STATUS_CHANGED) return 0;
  if (e.status === STATUS_OFFER && e.previous_status !== STATUS_OFFER) return 1;
  if (e.previous_status === STATUS_OFFER && e.status !== STATUS_OFFER) return -1;
  return 0;
}

async function placesOf(db: Client, from: Date, to: Date) {
  const ledger = await db.query<{ ucas_code: string; clearing_places: number; offer_allowance_hundredths: number; offers: number }>(
    'select ucas_code, clearing_places, offer_allowance_hundredths, offers from course_places order by ucas_code',
  );
  // Every offer change since the period began: those after it take the ledger's count (now) back to the period's end.
  const events = await db.query<EventRow>(
    `select payload->>'type' as type, created_at as at, payload->'application'->>'courseCode' as course,
            payload->'data'->>'status' as status, payload->'data'->>'previousStatus' as previous_status
       from outbox where kind = $1 and created_at >= $2 and payload->>'type' in ($3, $4) order by created_at, seq`,
    [OUTBOX_KINDS.APPLICATION_EVENT, from, APPLICATION_EVENT_TYPES.CREATED, APPLICATION_EVENT_TYPES.STATUS_CHANGED],
  );
  const titles = await courseTitles(db);
  return ledger.rows.map((row) => {
    const mine = events.rows.filter((e) => e.course === row.ucas_code);
    const within: OfferChange[] = [];
    let after = 0;
    for (const e of mine) {
      const delta = offerDelta(e);
      if (delta === 0) continue;
      if (e.at < to) within.push({ at: e.at.getTime(), delta });
      else after += delta;
    }
    const atEnd = row.offers - after;
    const atStart = atEnd - within.reduce((s, c) => s + c.delta, 0);
    return courseFill({
      courseCode: row.ucas_code,
      title: titles.get(row.ucas_code) ?? '',
      places: offersAllowedInHundredths(row.clearing_places, row.offer_allowance_hundredths),
      offersAtStart: atStart,
      changes: within,
    });
  });
}

/** Course titles as the decision emails carried them (applications-svc keeps no catalogue of its own). */
async function courseTitles(db: Client): Promise<Map<string, string>> {
  const rows = await db.query<{ ucas_code: string; title: string }>(
    `select distinct on (payload->>'ucasCode') payload->>'ucasCode' as ucas_code, payload->'course'->>'COURSE_TITLE' as title
       from outbox where kind = $1 and payload->'course'->>'COURSE_TITLE' is not null order by payload->>'ucasCode', created_at desc`,
    [OUTBOX_KINDS.DECISION_EMAIL],
  );
  return new Map(rows.rows.filter((r) => r.ucas_code).map((r) => [r.ucas_code, r.title]));
}

async function queueOf(db: Client, from: Date, to: Date): Promise<{ section: QueueSection; publicWaits: number[] }> {
  const claims = await db.query<{ kind: string; claimed_at: Date; due_at: Date }>(
    'select kind, claimed_at, due_at from queue_claims where claimed_at >= $1 and claimed_at < $2 order by claimed_at',
    [from, to],
  );
  const groups = new Map<string, { minute: string; kind: string; waits: number[] }>();
  for (const c of claims.rows) {
    const minute = minuteOf(c.claimed_at);
    const key = `${minute} ${c.kind}`;
    const group = groups.get(key) ?? { minute, kind: c.kind, waits: [] };
    group.waits.push(Math.max(0, seconds(c.claimed_at.getTime() - c.due_at.getTime())));
    groups.set(key, group);
  }
  const waits = [...groups.values()].map((g) => ({
    minute: g.minute,
    kind: g.kind,
    claimed: g.waits.length,
    p50WaitSeconds: percentile(g.waits, 0.5),
    p95WaitSeconds: percentile(g.waits, 0.95),
    maxWaitSeconds: Math.max(...g.waits),
  }));
  const publicWaits = claims.rows.filter((c) => c.kind === 'public-waiting').map((c) => Math.max(0, seconds(c.claimed_at.getTime() - c.due_at.getTime())));
  return { section: { waits, callbacks: await callbacksOf(db, from, to) }, publicWaits };
}

async function callbacksOf(db: Client, from: Date, to: Date): Promise<Callbacks> {
  // The first contact at or after the slot opened: a claim of the application from the work queue, or a staff entry in its log.
  const rows = await db.query<{ status: string; slot_end: Date; contact: Date | null }>(
    `select c.status, c.slot_end,
            least(
              (select min(q.claimed_at) from queue_claims q where q.application_id = c.application_id and q.claimed_at >= c.slot_start and q.claimed_at < $2),
              (select min(l.time) from application_log l where l.application_id = c.application_id and l."user" <> 'public' and l.time >= c.slot_start and l.time < $2)
            ) as contact
       from callbacks c where c.slot_start >= $1 and c.slot_start < $2`,
    [from, to],
  );
  const late: number[] = [];
  const counts = { booked: rows.rows.length, keptInWindow: 0, late: 0, missed: 0, cancelled: 0 };
  for (const r of rows.rows) {
    if (r.status === 'cancelled') counts.cancelled += 1;
    else if (!r.contact) counts.missed += 1;
    else if (r.contact <= r.slot_end) counts.keptInWindow += 1;
    else {
      counts.late += 1;
      late.push(seconds(r.contact.getTime() - r.slot_end.getTime()));
    }
  }
  return { ...counts, lateBySeconds: late.length ? { p50: percentile(late, 0.5), p95: percentile(late, 0.95), max: Math.max(...late) } : null };
}

async function emailsOf(applications: Client, notifications: Client, from: Date, to: Date): Promise<EmailsSection> {
  const sentRows = await notifications.query<{ decided_at: Date; sent_at: Date }>(
    `select decided_at, sent_at from emails where resend_of is null and state = 'sent' and sent_at >= $1 and sent_at < $2 order by sent_at`,
    [from, to],
  );
  const failed = await notifications.query<{ n: string }>(
    `select count(*) as n from emails where resend_of is null and state = 'failed' and failed_at >= $1 and failed_at < $2`,
    [from, to],
  );
  // Decisions of the period whose email had not left by its end: their outbox rows against the emails sent or failed by then.
  const decided = await applications.query<{ id: string }>('select id from outbox where kind = $1 and created_at >= $2 and created_at < $3', [
    OUTBOX_KINDS.DECISION_EMAIL,
    from,
    to,
  ]);
  const done = await notifications.query<{ outbox_id: string }>(
    `select outbox_id from emails where outbox_id = any($1::uuid[]) and ((state = 'sent' and sent_at < $2) or (state = 'failed' and failed_at < $2))`,
    [decided.rows.map((r) => r.id), to],
  );
  const pending = decided.rows.length - done.rows.length;
  const delays = sentRows.rows.map((r) => ({ minute: minuteOf(r.sent_at), delay: Math.max(0, seconds(r.sent_at.getTime() - r.decided_at.getTime())) }));
  const byMinute = new Map<string, number[]>();
  for (const d of delays) byMinute.set(d.minute, [...(byMinute.get(d.minute) ?? []), d.delay]);
  const all = delays.map((d) => d.delay);
  return {
    sent: all.length,
    failed: Number(failed.rows[0]?.n ?? 0),
    pending,
    delaySeconds: all.length ? { p50: percentile(all, 0.5), p95: percentile(all, 0.95), max: Math.max(...all) } : null,
    perMinute: [...byMinute].map(([minute, values]) => ({
      minute,
      sent: values.length,
      p50DelaySeconds: percentile(values, 0.5),
      p95DelaySeconds: percentile(values, 0.95),
      maxDelaySeconds: Math.max(...values),
    })),
  };
}

type PromSeries = { metric: Record<string, string>; values: Array<[number, string]> };

/** A range query of Prometheus's HTTP API (one point a minute); throws with Prometheus's error. */
async function promRange(base: string, query: string, from: Date, to: Date): Promise<PromSeries[]> {
  const url = new URL('/api/v1/query_range', base);
  url.search = new URLSearchParams({ query, start: String(from.getTime() / 1000), end: String(to.getTime() / 1000 - 60), step: '60' }).toString();
  const response = await fetch(url);
  const body = (await response.json()) as { status: string; error?: string; data?: { result: PromSeries[] } };
  if (!response.ok || body.status !== 'success') throw new Error(`Prometheus answered ${response.status}: ${body.error ?? 'no result'}`);
  return body.data?.result ?? [];
}

const GATEWAY = 'app="gateway"';
const routeOf = (metric: Record<string, string>) => `${metric.method ?? 'GET'} ${metric.route ?? ''}`;
const usableRoute = (route: string) => /^[A-Z]+ \/\S*$/.test(route);
/** A point of a range query belongs to the minute before it: rate over [t - 1m, t]. */
const pointMinute = (t: number) => minuteOf(t * 1000 - 60_000);

/**
 * Latency per route per minute and errors by route per minute from the gateway's
 * http_request_duration_seconds histogram (fastify-metrics, labels method, route, status_code).
 */
export async function prometheusSections(base: string, from: Date, to: Date): Promise<{ latency: LatencySection; errors: ErrorsSection }> {
  const selector = `{${GATEWAY}}`;
  const quantile = (q: number) => `histogram_quantile(${q}, sum by (le, method, route) (rate(http_request_duration_seconds_bucket${selector}[1m])))`;
  const [p50, p95, p99, counts] = await Promise.all([
    promRange(base, quantile(0.5), from, to),
    promRange(base, quantile(0.95), from, to),
    promRange(base, quantile(0.99), from, to),
    promRange(base, `sum by (method, route, status_code) (increase(http_request_duration_seconds_count${selector}[1m]))`, from, to),
  ]);
  const at = (series: PromSeries[], route: string) =>
    new Map((series.find((s) => routeOf(s.metric) === route)?.values ?? []).map(([t, v]) => [pointMinute(t), Number(v) * 1000]));
  const requests = new Map<string, Map<string, { requests: number; errors: number; byStatus: Record<string, number> }>>();
  for (const s of counts) {
    const route = routeOf(s.metric);
    if (!usableRoute(route)) continue;
    const status = s.metric.status_code ?? 'unknown';
    const perMinute = requests.get(route) ?? new Map();
    for (const [t, v] of s.values) {
      const n = Math.round(Number(v));
      if (!Number.isFinite(n) || n === 0) continue;
      const minute = pointMinute(t);
      const bucket = perMinute.get(minute) ?? { requests: 0, errors: 0, byStatus: {} };
      bucket.requests += n;
      if (status.startsWith('5')) {
        bucket.errors += n;
        bucket.byStatus[status] = (bucket.byStatus[status] ?? 0) + n;
      }
      perMinute.set(minute, bucket);
    }
    requests.set(route, perMinute);
  }
  const routes = [...requests.keys()].sort();
  const latencyRoutes = routes.map((route) => {
    const [a, b, c] = [at(p50, route), at(p95, route), at(p99, route)];
    const perMinute = requests.get(route) ?? new Map();
    const buckets = [...perMinute]
      .filter(([minute]) => Number.isFinite(a.get(minute)))
      .sort(([x], [y]) => x.localeCompare(y))
      .map(([minute, r]) => ({
        minute,
        count: r.requests,
        p50Ms: Math.round(a.get(minute) ?? 0),
        p95Ms: Math.round(b.get(minute) ?? 0),
        p99Ms: Math.round(c.get(minute) ?? 0),
      }));
    return { route, buckets };
  });
  const errorRoutes = routes.map((route) => ({
    route,
    buckets: [...(requests.get(route) ?? new Map())].sort(([x], [y]) => x.localeCompare(y)).map(([minute, r]) => ({ minute, ...r })),
  }));
  return { latency: { recorded: true, source: 'prometheus', routes: latencyRoutes }, errors: { recorded: true, source: 'prometheus', routes: errorRoutes } };
}

const NO_PROMETHEUS = 'No --prometheus-url was given; the databases keep no request timings or answers by route (the gateway’s request log is not read).';

/** Reads a finished day's records into the report's data (mode 'real-day'). */
export async function readRealDay(options: RealDayOptions): Promise<ReportDataInput> {
  const { from, to } = options;
  const applications = new Client({ connectionString: options.applicationsDatabaseUrl });
  const notifications = new Client({ connectionString: options.notificationsDatabaseUrl });
  await applications.connect();
  try {
    await notifications.connect();
    try {
      // One snapshot per database: every query of the report sees the same committed rows.
      await applications.query('begin transaction isolation level repeatable read read only');
      await notifications.query('begin transaction isolation level repeatable read read only');
      const submissions = await submissionsOf(applications, from, to);
      const courses = await placesOf(applications, from, to);
      const { section: queue, publicWaits } = await queueOf(applications, from, to);
      const emails = await emailsOf(applications, notifications, from, to);
      await applications.query('rollback');
      await notifications.query('rollback');
      const http = options.prometheusUrl
        ? await prometheusSections(options.prometheusUrl, from, to)
        : { latency: { recorded: false as const, reason: NO_PROMETHEUS }, errors: { recorded: false as const, reason: NO_PROMETHEUS } };
      const places = { courses };
      const now = options.now ?? new Date();
      return {
        version: REPORT_DATA_VERSION,
        run: {
          mode: 'real-day',
          seed: null,
          scale: null,
          startedAt: from.toISOString(),
          endedAt: to.toISOString(),
          durationSeconds: (to.getTime() - from.getTime()) / 1000,
          loadAverage: null,
          host: hostname(),
          commit: options.commit ?? null,
          generatedAt: now.toISOString(),
          notes: [
            'Read from the records of applications-svc and notifications-svc after the day; nothing was written to them.',
            'Queue waits count the last claim of each item (a claim taken over after it expired replaces the first).',
          ],
        },
        ...http,
        queue,
        places,
        emails,
        submissions,
        fault: null,
        verdicts: sloVerdicts({ ...http, emails, submissions, places, callbacks: queue.callbacks, fault: null, publicWaitsSeconds: publicWaits }),
      };
    } finally {
      await notifications.end();
    }
  } finally {
    await applications.end();
  }
}

const USAGE = `usage: npx tsx tools/rehearsal/src/real-day.ts --from <date|instant> --to <date|instant>
  --database-url <applications-svc database> --notifications-database-url <notifications-svc database>
  [--prometheus-url <http://prometheus:9090>] [--out <report.html>]`;

/** The checkout's commit, or null outside a git checkout. */
function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

async function main(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      from: { type: 'string' },
      to: { type: 'string' },
      'database-url': { type: 'string' },
      'notifications-database-url': { type: 'string' },
      'prometheus-url': { type: 'string' },
      out: { type: 'string' },
    },
  });
  const applicationsDatabaseUrl = values['database-url'];
  const notificationsDatabaseUrl = values['notifications-database-url'];
  if (!values.from || !values.to || !applicationsDatabaseUrl || !notificationsDatabaseUrl) {
    console.error(USAGE);
    process.exit(2);
  }
  const period = periodOf(values.from, values.to);
  const data = await readRealDay({
    ...period,
    applicationsDatabaseUrl,
    notificationsDatabaseUrl,
    prometheusUrl: values['prometheus-url'],
    commit: gitCommit(),
  });
  const out = values.out ?? path.join('tmp', 'rehearsal', `real-day-${values.from.slice(0, 10)}.html`);
  const written = writeReport(data, out);
  console.log(`${written.htmlPath}\n${written.jsonPath}`);
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    console.error(`real-day: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
