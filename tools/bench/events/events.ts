/**
 * Application events to a record system's webhook, commit to delivery. Makes public decisions
 * through the gateway of a real stack (fresh PostgreSQL test databases, rate limits raised, the
 * apps compiled as `npm start` runs them; `--apps tsx` runs them from TypeScript) at `--rate` per
 * second for `--seconds`, alternating an offer and a rejection, each from its own applicant, with
 * one webhook endpoint registered (all event types) whose receiver is the example consumer's
 * (tools/events-consumer: a real HTTP server on this machine verifying every signature). Then it
 * waits until every decision's `application.decision.v1` has arrived (or `--drain` s pass).
 * Prints the decisions made and refused, the events received, lost (a decision without its event),
 * repeated (an event id received twice) and out of order (an event received before one its
 * endpoint had been given earlier in feed order), the time from the decision's answer (its
 * transaction committed before the gateway answered) to the receiver's request, and from the
 * decision's transaction time (`occurredAt`) to it, as p50, p95 and max, where that time went
 * (applications-svc's rows: transaction to delivery row, delivery row to delivered), and the load
 * average at start and end. Faults on the way: the receiver answers 503 for `--outage` s from
 * `--outage-at` s after its first request (a record system down), and applications-svc, where the dispatcher and the
 * delivery worker run, is killed (SIGKILL) at `--kill-at` and started again by the launcher; the
 * lost count covers the decisions made across both. Asserts nothing; not part of `npm test`.
 *
 *   npx tsx tools/bench/events/events.ts [--rate 20] [--seconds 30] [--drain 120] [--apps compiled|tsx]
 *     [--outage-at 8] [--outage 10] [--kill-at 20] [--rebuild false] (--outage 0 and --kill-at -1: no faults;
 *     --rebuild false runs the bundles the last run compiled)
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { apiPath, APPLICATION_EVENT_TYPES, XSRF_COOKIE, XSRF_HEADER } from '@clearing-desk/contracts';
import { createApplicationForm, FIVE_GCSES } from '@clearing-desk/contracts/testing';
import { startWebhookReceiver } from '@clearing-desk/events-consumer';
import { REPO_ROOT, startStack, type Stack } from '@clearing-desk/stack';
import { Client } from 'pg';
import { Pool } from 'undici';
import { buildStackBundles } from '../../images/stack-bundles';

const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '30' },
    drain: { type: 'string', default: '120' },
    apps: { type: 'string', default: 'compiled' },
    logs: { type: 'string', default: 'silent' },
    'outage-at': { type: 'string', default: '8' },
    outage: { type: 'string', default: '10' },
    'kill-at': { type: 'string', default: '20' },
    rebuild: { type: 'string', default: 'true' },
  },
});
const RATE = Number(values.rate);
const DECISIONS = Math.round(RATE * Number(values.seconds));
const DRAIN = Number(values.drain) * 1000;
/**
 * The receiver answers 503 for OUTAGE_FOR ms (0: no outage) from OUTAGE_AT ms after its first
 * request: on a loaded machine the first delivery may come long after the first decision, and an
 * outage before it would test nothing.
 */
const OUTAGE_AT = Number(values['outage-at']) * 1000;
const OUTAGE_FOR = Number(values.outage) * 1000;
/** applications-svc (the dispatcher and the delivery worker run in it) is killed (SIGKILL) at this time (negative: never). */
const KILL_AT = Number(values['kill-at']) * 1000;
/** Where the compiled apps are written (dist/ is not committed). */
const BUNDLES_DIR = path.join(REPO_ROOT, 'dist', 'bench-events');

/** A public submission for G400: an offer (A*AB) for even n, a rejection (CCC) for odd. */
function form(n: number, stamp: number) {
  const grades = n % 2 === 0 ? ['A*', 'A', 'B'] : ['C', 'C', 'C'];
  return {
    ...createApplicationForm({
      DOB: '2006-05-14',
      NATIONALITY: 'GBR',
      GCSE_QUALIFICATIONS: FIVE_GCSES,
      QUALIFICATIONS: ['Mathematics', 'Physics', 'Chemistry'].map((SUBJECT, i) => ({ QUALIFICATION: 'ALEVEL', SUBJECT, GRADE: grades[i], YEAR: '2025' })),
    }),
    EMAIL: `events.${n}.${stamp}@example.com`,
    UCAS_PERSONAL_ID: String(8100000000 + n),
    SUBMISSION_ID: randomUUID(),
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;
const ms = (n: number) => (Number.isFinite(n) ? `${Math.round(n)} ms` : '-');
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Registers the endpoint in applications-svc's database as the Settings page does (all types, from the feed's start: the database is fresh). */
async function registerEndpoint(stack: Stack, url: string, secret: string): Promise<void> {
  const client = new Client({ connectionString: stack.databaseUrls.applications });
  await client.connect();
  try {
    await client.query(`insert into webhook_endpoints (url, secret, event_types, cursor, created_by) values ($1, $2, $3, '0.0', 'bench')`, [
      url,
      secret,
      JSON.stringify(Object.values(APPLICATION_EVENT_TYPES)),
    ]);
  } finally {
    await client.end();
  }
}

/** The applications that committed (applications-svc's own table): every one owes its decision event. */
async function committedApplicationIds(stack: Stack): Promise<string[]> {
  const client = new Client({ connectionString: stack.databaseUrls.applications });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>('select application_id::text as id from applications');
    return rows.map((r) => r.id);
  } finally {
    await client.end();
  }
}

async function main() {
  const loadAtStart = load();
  if (values.apps !== 'tsx' && values.rebuild !== 'false') {
    const built = Date.now();
    await buildStackBundles(BUNDLES_DIR);
    console.log(`apps compiled (as npm start runs them) in ${ms(Date.now() - built)}`);
  }
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const arrivals = new Map<string, number>();
  const order: { id: string; applicationId: string; type: string; occurredAt: number; at: number }[] = [];
  let t0 = Number.POSITIVE_INFINITY;
  // The receiver's first request: the outage window is measured from it.
  let firstPost = Number.POSITIVE_INFINITY;
  const receiver = await startWebhookReceiver({
    secret,
    answer: () => {
      firstPost = Math.min(firstPost, Date.now());
      const since = Date.now() - firstPost;
      return OUTAGE_FOR > 0 && since >= OUTAGE_AT && since < OUTAGE_AT + OUTAGE_FOR ? 503 : undefined;
    },
    onEvent: (event) => {
      const at = Date.now();
      order.push({ id: event.id, applicationId: event.application.applicationId, type: event.type, occurredAt: Date.parse(event.occurredAt), at });
      if (event.type === APPLICATION_EVENT_TYPES.DECISION) arrivals.set(event.application.applicationId, at);
    },
  });
  const raised = '1000000';
  const killed: { at?: number; restartedAt?: number } = {};
  const stack = await startStack({
    restart: true,
    onRestart: (name) => {
      if (name === 'applications' && killed.restartedAt === undefined) killed.restartedAt = Date.now();
    },
    database: 'test',
    seedDemoData: true,
    services: ['courses', 'applications', 'assessment'],
    ...(values.apps === 'tsx' ? {} : { bundlesDir: BUNDLES_DIR }),
    logs: values.logs === 'pretty' ? 'pretty' : 'silent',
    gatewayEnv: Object.fromEntries(
      ['APPLIED', 'ASSESS', 'APPLY']
        .flatMap((k) => [
          [`RATE_LIMIT_${k}_MAX`, raised],
          [`RATE_LIMIT_${k}_PER_APPLICANT_MAX`, raised],
        ])
        .concat([['RATE_LIMIT_APPLY_BUDGET', raised]]),
    ),
  });
  // Open loop: enough connections that slow answers never hold the sending rate back.
  const pool = new Pool(stack.gatewayUrl, { connections: Math.max(64, RATE * 8) });
  try {
    await registerEndpoint(stack, receiver.url, secret);
    const ping = await pool.request({ method: 'GET', path: apiPath('ping') });
    await ping.body.dump();
    const cookie = ([] as string[])
      .concat(ping.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
    const xsrf = decodeURIComponent(new RegExp(`(?:^|; )${XSRF_COOKIE}=([^;]*)`).exec(cookie)?.[1] ?? '');

    const answeredAt = new Map<string, number>();
    const refused: string[] = [];
    t0 = Date.now();
    // The 1-minute load average each second while decisions are made: its peak is printed.
    let peakLoad = loadavg()[0]!;
    const sampler = setInterval(() => (peakLoad = Math.max(peakLoad, loadavg()[0]!)), 1000);
    const sends: Promise<void>[] = [];
    for (let n = 0; n < DECISIONS; n++) {
      if (KILL_AT >= 0 && killed.at === undefined && Date.now() - t0 >= KILL_AT) {
        const pid = stack.pid('applications');
        killed.at = Date.now();
        if (pid) process.kill(pid, 'SIGKILL');
        console.log(`[${((killed.at - t0) / 1000).toFixed(1)} s] applications-svc killed (pid ${pid}); the launcher starts it again`);
      }
      const wait = t0 + (n * 1000) / RATE - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      sends.push(
        (async () => {
          const res = await pool.request({
            method: 'POST',
            path: apiPath('apply', { course: 'G400' }),
            headers: { 'content-type': 'application/json', cookie, [XSRF_HEADER]: xsrf },
            body: JSON.stringify({ data: form(n, t0), token: xsrf }),
          });
          const text = await res.body.text();
          if (res.statusCode === 200) answeredAt.set(String((JSON.parse(text) as { app_id: string }).app_id), Date.now());
          else refused.push(`${res.statusCode} ${text.slice(0, 120)}`);
        })(),
      );
    }
    const sentIn = (Date.now() - t0) / 1000;
    console.log(`${DECISIONS} decisions sent in ${sentIn.toFixed(1)} s (${(DECISIONS / sentIn).toFixed(1)}/s of ${RATE}/s asked)`);
    await Promise.all(sends);
    clearInterval(sampler);
    const made = (Date.now() - t0) / 1000;
    console.log(
      `${answeredAt.size} decisions answered 200 by ${made.toFixed(1)} s (${(answeredAt.size / made).toFixed(1)}/s; ${refused.length} refused${refused[0] ? `: ${refused[0]}` : ''})`,
    );
    const deadline = Date.now() + DRAIN;
    while (Date.now() < deadline && (await committedApplicationIds(stack)).some((id) => !arrivals.has(id))) await new Promise((r) => setTimeout(r, 500));

    // Lost is judged against what committed, not what was answered: a decision whose answer timed
    // out at the gateway (the service slow or killed) may still have committed, and its event is owed.
    const committed = await committedApplicationIds(stack);
    const lost = committed.filter((id) => !arrivals.has(id)).length;
    const committedUnanswered = committed.filter((id) => !answeredAt.has(id)).length;
    // The decisions answered while the receiver was down, and from the kill to the restart's first minute.
    const during = (from: number, to: number) => [...answeredAt.entries()].filter(([, at]) => at >= from && at < to).map(([id]) => id);
    const inOutage = OUTAGE_FOR > 0 ? during(firstPost + OUTAGE_AT, firstPost + OUTAGE_AT + OUTAGE_FOR) : [];
    const aroundKill = killed.at !== undefined ? during(killed.at - 2000, (killed.restartedAt ?? killed.at) + 5000) : [];
    const refusedDuringOutage = receiver.received.filter((r) => r.answered === 503).length;
    const repeated = receiver.received.filter((r, i, all) => r.answered < 300 && all.findIndex((x) => x.id === r.id && x.answered < 300) !== i).length;
    // Within one application, its events in the order they were written (created before decision).
    const firstOf = new Map<string, string>();
    let outOfOrder = 0;
    for (const e of order) {
      if (!firstOf.has(e.applicationId)) firstOf.set(e.applicationId, e.type);
      else if (e.type === APPLICATION_EVENT_TYPES.CREATED) outOfOrder += 1;
    }
    const fromAnswer = [...answeredAt.entries()]
      .filter(([id]) => arrivals.has(id))
      .map(([id, at]) => arrivals.get(id)! - at)
      .sort((a, b) => a - b);
    const fromTransaction = order
      .filter((e) => e.type === APPLICATION_EVENT_TYPES.DECISION)
      .map((e) => e.at - e.occurredAt)
      .sort((a, b) => a - b);
    console.log('');
    console.log(
      `apps ${values.apps === 'tsx' ? 'from TypeScript (tsx)' : 'compiled (as npm start)'}; load average at start ${loadAtStart}, peak (1 min) while deciding ${peakLoad.toFixed(2)}, at end ${load()} on ${cpus().length} cores`,
    );
    console.log(
      `decisions answered ${answeredAt.size}, committed ${committed.length} (${committedUnanswered} committed but answered with an error) | events received ${order.length} | lost ${lost} | repeated ${repeated} | out of order ${outOfOrder}`,
    );
    console.log(
      OUTAGE_FOR > 0
        ? `receiver outage from ${((firstPost + OUTAGE_AT - t0) / 1000).toFixed(1)} s for ${OUTAGE_FOR / 1000} s: ${refusedDuringOutage} posts answered 503; decisions made during it ${inOutage.length}, lost ${inOutage.filter((id) => !arrivals.has(id)).length}`
        : 'no receiver outage',
    );
    console.log(
      killed.at !== undefined
        ? `applications-svc killed at ${((killed.at - t0) / 1000).toFixed(1)} s, restarted ${killed.restartedAt ? `${killed.restartedAt - killed.at} ms later` : 'never'}; decisions made from 2 s before to 5 s after ${aroundKill.length}, lost ${aroundKill.filter((id) => !arrivals.has(id)).length}`
        : 'no worker killed',
    );
    console.log('to the webhook request | n | p50 | p95 | max');
    console.log(
      `from the decision's answer | ${fromAnswer.length} | ${ms(percentile(fromAnswer, 50))} | ${ms(percentile(fromAnswer, 95))} | ${ms(fromAnswer.at(-1) ?? Number.NaN)}`,
    );
    console.log(
      `commit (transaction time) -> delivered | ${fromTransaction.length} | ${ms(percentile(fromTransaction, 50))} | ${ms(percentile(fromTransaction, 95))} | ${ms(fromTransaction.at(-1) ?? Number.NaN)}`,
    );
    // Where the time went, from applications-svc's own rows: transaction to delivery row (the
    // feed's horizon and the dispatcher) and delivery row to delivered (the delivery worker).
    const client = new Client({ connectionString: stack.databaseUrls.applications });
    await client.connect();
    try {
      const { rows } = await client.query<{ stage: string; p50: number; p95: number; max: number }>(`
        with s as (
          select extract(epoch from d.created_at - o.created_at) * 1000 as dispatch, extract(epoch from d.delivered_at - d.created_at) * 1000 as deliver
          from webhook_deliveries d join outbox o on o.id = d.event_id)
        select 'transaction -> delivery row (feed horizon, dispatcher)' as stage, percentile_cont(0.5) within group (order by dispatch) as p50,
               percentile_cont(0.95) within group (order by dispatch) as p95, max(dispatch) as max from s
        union all
        select 'delivery row -> delivered (worker)', percentile_cont(0.5) within group (order by deliver),
               percentile_cont(0.95) within group (order by deliver), max(deliver) from s`);
      for (const r of rows) console.log(`${r.stage} | p50 ${ms(Number(r.p50))} | p95 ${ms(Number(r.p95))} | max ${ms(Number(r.max))}`);
    } finally {
      await client.end();
    }
  } finally {
    await pool.close();
    await stack.stop();
    await receiver.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
