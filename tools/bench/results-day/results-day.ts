/**
 * Results-day load test. Replays the mix recorded from a real browser
 * (mix.json, written by record.ts: page load, search, course page, applied check, upload, an
 * assessment per changed form, submit, review page) as independent applicants arriving at a
 * rising rate, against the real stack on fresh PostgreSQL test databases with the launcher's
 * restart on (as `npm start`). Part-way through it kills applications-svc (SIGKILL) and lets the
 * launcher start it again. Prints figures; asserts nothing; not part of `npm test`.
 *
 *   npx tsx tools/bench/results-day/results-day.ts [--duration 90] [--start-rate 1] [--end-rate 8]
 *        [--kill-at 35] [--think 1] [--connections 256]
 *
 * - Arrivals: journey i starts when the rate, rising linearly from --start-rate to --end-rate
 *   journeys/s over --duration s, has accumulated i arrivals (open model: a slow answer does not
 *   hold back later arrivals). Inside a journey each request waits for the previous answer plus
 *   the recorded think time times --think.
 * - Every journey is its own person and client: names and email swapped for unique ones, its own
 *   SUBMISSION_ID, cookie jar (XSRF-TOKEN) and X-Forwarded-For address (the gateway trusts the
 *   loopback proxy, so per-address rate limits count each applicant, as behind a load balancer).
 * - A journey ends at the first answer it did not expect, except on the reads in TOLERATED.
 * - Submit as the web app's Submit button allows: a 5xx or a broken connection is tried again
 *   with the same SUBMISSION_ID (every 1 s, for up to --submit-retry-s s); a 4xx is final.
 * Figures: throughput, p50/p99 per route, answers per route before / while / after
 * applications-svc is down, submissions acknowledged (200) vs rows stored in applications-svc's
 * database, duplicates, and the time until the service and submissions were back.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { apiRouteLabel, XSRF_COOKIE, XSRF_HEADER } from '@clearing-desk/contracts';
import { createSampleDocument } from '@clearing-desk/contracts/testing';
import { startStack } from '@clearing-desk/stack';
import { Client } from 'pg';
import { Pool } from 'undici';
import { MARKERS, routeOf, type Mix } from './mix';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '90' },
    'start-rate': { type: 'string', default: '1' },
    'end-rate': { type: 'string', default: '8' },
    'kill-at': { type: 'string' },
    think: { type: 'string', default: '1' },
    connections: { type: 'string', default: '256' },
    'submit-retry-s': { type: 'string', default: '60' },
  },
});
const DURATION_S = Number(values.duration);
const START_RATE = Number(values['start-rate']);
const END_RATE = Number(values['end-rate']);
const KILL_AT_S = Number(values['kill-at'] ?? Math.round(DURATION_S * 0.4));
const THINK = Number(values.think);
const CONNECTIONS = Number(values.connections);
const SUBMIT_RETRY_MS = Number(values['submit-retry-s']) * 1000;

const mix = JSON.parse(readFileSync(path.join(__dirname, 'mix.json'), 'utf8')) as Mix;
const SUBMIT_ROUTE = apiRouteLabel('apply');
/**
 * Reads the web app goes on without (clearing-gate.tsx keeps the app open when the status call
 * fails; the duplicate banner simply does not show): a failure of these does not end a journey.
 */
const TOLERATED = new Set([apiRouteLabel('clearingStatus'), apiRouteLabel('applied')]);
/** Public reads that need applications-svc's rows, so cannot be answered while it is down. */
const APPLICATIONS_READS = new Set([apiRouteLabel('applied'), apiRouteLabel('application')]);

type Phase = 'before' | 'down' | 'after';
type Sample = { route: string; status: number | 'error'; ms: number; at: number; expected: number | undefined };
const samples: Sample[] = [];
const acknowledged = new Map<string, string>(); // SUBMISSION_ID -> hash of the 200 answer
const submitted = new Set<string>();
const ackedTwiceDifferently: string[] = [];
/** The first message of each unexpected answer (route and status), to say why. */
const messages = new Map<string, string>();
let journeysDone = 0;
let journeysAbandoned = 0;

// Timeline (ms since the start of the load).
let killAt = Infinity;
let serviceBackAt = Infinity;
let firstSubmitOkAfterKill = Infinity;
const phaseOf = (at: number): Phase => (at < killAt ? 'before' : at < serviceBackAt ? 'down' : 'after');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A name of letters only (the form refuses digits in names): journey 0 -> 'Loadaa', 27 -> 'Loadbb'. */
const lettersOf = (n: number) => {
  let s = '';
  for (let x = n; s.length < 4 || x > 0; x = Math.floor(x / 26)) s = String.fromCharCode(97 + (x % 26)) + s;
  return s;
};

/** A multipart upload of a small PDF, made unique per journey so clamd's cache does not flatter it. */
function uploadBody(documentType: string, n: number): { body: Buffer; contentType: string } {
  const boundary = `----ResultsDay${n}`;
  const pdf = Buffer.concat([Buffer.from(createSampleDocument('pdf')), Buffer.from(`%${randomUUID()}\n`)]);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="document_type"\r\n\r\n${documentType}\r\n--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="results.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  return { body: Buffer.concat([Buffer.from(head), pdf, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** One applicant replaying the recording. */
async function journey(pool: Pool, n: number, t0: number): Promise<void> {
  const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const jar = new Map<string, string>();
  const swaps = new Map<string, string>([
    [MARKERS.EMAIL, `results.day.${process.pid}.${n}@example.com`],
    [encodeURIComponent(MARKERS.EMAIL), encodeURIComponent(`results.day.${process.pid}.${n}@example.com`)],
    [MARKERS.NAME2, `Load${lettersOf(n)}`],
  ]);
  const submissionId = randomUUID();
  for (const step of mix.steps) {
    if (step.gapMs > 0 && THINK > 0) await sleep(Math.min(step.gapMs * THINK, 5_000));
    const route = routeOf(step);
    let pathAndQuery = step.path.replace(/([?&]_=)\d+/, `$1${Date.now()}`);
    for (const [from, to] of swaps) pathAndQuery = pathAndQuery.split(from).join(to);
    const headers: Record<string, string> = { 'x-forwarded-for': address, accept: route === 'GET page' ? 'text/html' : 'application/json' };
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = jar.get(XSRF_COOKIE);
    if (step.method !== 'GET' && xsrf) headers[XSRF_HEADER] = decodeURIComponent(xsrf);
    let body: Buffer | string | undefined;
    if (step.upload) {
      const upload = uploadBody(step.upload.documentType, n);
      body = upload.body;
      headers['content-type'] = upload.contentType;
    } else if (step.json !== undefined) {
      let text = JSON.stringify(step.json);
      const recorded = step.json as { token?: string; data?: { SUBMISSION_ID?: string } };
      if (recorded.token && xsrf) text = text.split(recorded.token).join(decodeURIComponent(xsrf));
      if (recorded.data?.SUBMISSION_ID) text = text.split(recorded.data.SUBMISSION_ID).join(submissionId);
      for (const [from, to] of swaps) text = text.split(from).join(to);
      body = text;
      headers['content-type'] = 'application/json';
    }
    const isSubmit = route === SUBMIT_ROUTE;
    const firstTry = performance.now();
    for (;;) {
      const started = performance.now();
      let status: number | 'error' = 'error';
      let answer: Record<string, unknown> | undefined;
      try {
        if (isSubmit) submitted.add(submissionId);
        const res = await pool.request({ method: step.method, path: pathAndQuery, headers, body });
        status = res.statusCode;
        for (const line of ([] as string[]).concat(res.headers['set-cookie'] ?? [])) {
          const [pair] = line.split(';');
          const eq = pair!.indexOf('=');
          if (eq > 0) jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
        }
        const text = await res.body.text();
        if (/json/.test(String(res.headers['content-type'] ?? ''))) answer = JSON.parse(text) as Record<string, unknown>;
      } catch {
        status = 'error';
      }
      const ended = performance.now();
      samples.push({ route, status, ms: ended - started, at: started - t0, expected: step.recordedStatus });
      if (status !== step.recordedStatus && !messages.has(`${route} ${status}`)) messages.set(`${route} ${status}`, String(answer?.message ?? ''));
      if (status === 200) {
        // Later requests carry what this answer gave: the file token, the application's hash.
        if (step.answers?.token && typeof answer?.token === 'string') swaps.set(step.answers.token, answer.token);
        if (step.answers?.hash && typeof answer?.hash === 'string') swaps.set(step.answers.hash, answer.hash);
        if (isSubmit) {
          const hash = String(answer?.hash);
          const before = acknowledged.get(submissionId);
          if (before !== undefined && before !== hash) ackedTwiceDifferently.push(submissionId);
          acknowledged.set(submissionId, hash);
          if (started - t0 >= killAt && ended - t0 < firstSubmitOkAfterKill) firstSubmitOkAfterKill = ended - t0;
        }
        break;
      }
      const retryable = isSubmit && (status === 'error' || status >= 500) && ended - firstTry < SUBMIT_RETRY_MS;
      if (!retryable) {
        const failed = status === 'error' || status >= 500 || (step.recordedStatus !== undefined && status !== step.recordedStatus);
        if (failed && !TOLERATED.has(route)) {
          journeysAbandoned += 1;
          return;
        }
        break;
      }
      await sleep(1_000);
    }
  }
  journeysDone += 1;
}

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN);
const fmt = (v: number | string) => (typeof v === 'number' ? (Number.isFinite(v) ? v.toLocaleString('en-GB', { maximumFractionDigits: 1 }) : '-') : v);

function printTable(title: string, rows: Record<string, number | string>[]) {
  console.log(`\n${title}`);
  const keys = Object.keys(rows[0] ?? {});
  const widths = keys.map((k) => Math.max(k.length, ...rows.map((r) => String(fmt(r[k]!)).length)));
  const line = (cells: string[]) => cells.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  ');
  console.log(line(keys));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(keys.map((k) => String(fmt(r[k]!)))));
}

/** Per route: count, answers as recorded, 4xx/5xx/connection errors, p50/p99 latency. */
function routeRows(of: Sample[]) {
  const routes = [...new Set(mix.steps.map(routeOf))];
  return routes.map((route) => {
    const s = of.filter((x) => x.route === route);
    const ms = s.map((x) => x.ms).sort((a, b) => a - b);
    return {
      route,
      requests: s.length,
      'as recorded': s.filter((x) => x.status === x.expected).length,
      '4xx': s.filter((x) => typeof x.status === 'number' && x.status >= 400 && x.status < 500 && x.status !== x.expected).length,
      '5xx': s.filter((x) => typeof x.status === 'number' && x.status >= 500).length,
      'conn err': s.filter((x) => x.status === 'error').length,
      'p50 ms': Math.round(pct(ms, 50)),
      'p99 ms': Math.round(pct(ms, 99)),
    };
  });
}

async function main() {
  console.log(
    `results-day: ${DURATION_S} s, ${START_RATE} -> ${END_RATE} journeys/s, applications-svc killed at ${KILL_AT_S} s; ${mix.steps.length} requests per journey (${mix.recordedFrom})`,
  );
  const stack = await startStack({
    database: 'test',
    seedDemoData: true,
    services: ['courses', 'applications', 'assessment', 'files'],
    restart: true,
    // Each applicant has its own address behind the trusted (loopback) proxy, as behind a load balancer.
    gatewayEnv: { TRUST_PROXY: '127.0.0.1' },
  });
  const pool = new Pool(stack.gatewayUrl, { connections: CONNECTIONS, headersTimeout: 60_000, bodyTimeout: 60_000 });
  const applicationsUrl = stack.urls.applications!;
  const running: Promise<void>[] = [];
  const t0 = performance.now();
  try {
    // The kill, and a probe of applications-svc's /readyz every 100 ms until it answers again.
    const killer = (async () => {
      await sleep(KILL_AT_S * 1000);
      const pid = stack.pid('applications');
      killAt = performance.now() - t0;
      if (pid) process.kill(pid, 'SIGKILL');
      console.log(`[bench] ${fmt(killAt / 1000)} s: applications-svc (pid ${pid}) killed with SIGKILL`);
      for (;;) {
        await sleep(100);
        const up = await fetch(`${applicationsUrl}/readyz`).then(
          (r) => r.ok,
          () => false,
        );
        if (up) {
          serviceBackAt = performance.now() - t0;
          console.log(`[bench] ${fmt(serviceBackAt / 1000)} s: applications-svc ready again`);
          return;
        }
      }
    })();
    // Arrivals: cumulative arrivals A(t) = r0 t + (r1 - r0) t^2 / (2 T); journey i leaves when A(t) = i.
    const a = (END_RATE - START_RATE) / (2 * DURATION_S);
    const due = (i: number) => (a === 0 ? i / START_RATE : (-START_RATE + Math.sqrt(START_RATE ** 2 + 4 * a * i)) / (2 * a));
    for (let i = 0; due(i) < DURATION_S; i++) {
      const wait = t0 + due(i) * 1000 - performance.now();
      if (wait > 0) await sleep(wait);
      running.push(journey(pool, i, t0));
    }
    await Promise.all(running);
    await killer;
    const seconds = (performance.now() - t0) / 1000;

    // Stored rows in applications-svc's own database.
    const db = new Client({ connectionString: stack.databaseUrls.applications });
    await db.connect();
    const ids = [...submitted];
    const stored = (
      await db.query<{ submission_id: string; email_normalised: string }>(
        'SELECT submission_id, email_normalised FROM applications WHERE submission_id = ANY($1::uuid[])',
        [ids],
      )
    ).rows;
    const duplicatePeople = (
      await db.query<{ n: string }>(
        "SELECT count(*) AS n FROM (SELECT email_normalised FROM applications WHERE email_normalised LIKE 'results.day.%' GROUP BY email_normalised, ucas_code HAVING count(*) > 1) d",
      )
    ).rows[0]?.n;
    await db.end();
    const storedIds = new Set(stored.map((r) => r.submission_id));
    const lost = [...acknowledged.keys()].filter((id) => !storedIds.has(id));
    const storedNotAcked = [...storedIds].filter((id) => !acknowledged.has(id));

    const all = samples.length;
    console.log(
      `\n${running.length} journeys (${journeysDone} completed, ${journeysAbandoned} gave up), ${all} requests in ${fmt(seconds)} s: ${fmt(all / seconds)} requests/s`,
    );
    printTable('Per route, whole run', routeRows(samples));
    for (const phase of ['before', 'down', 'after'] as const) {
      const of = samples.filter((s) => phaseOf(s.at) === phase);
      printTable(
        `Per route, ${phase === 'down' ? 'while applications-svc was down (kill -> ready again)' : `${phase} the kill`}: ${of.length} requests`,
        routeRows(of),
      );
    }
    const down = samples.filter((s) => phaseOf(s.at) === 'down' && s.route !== SUBMIT_ROUTE);
    const downOthers = down.filter((s) => !APPLICATIONS_READS.has(s.route));
    const affected = downOthers.filter((s) => s.status !== s.expected);
    const reads = down.filter((s) => APPLICATIONS_READS.has(s.route));
    const readsFailed = reads.filter((s) => s.status !== s.expected);
    console.log(
      `\nSubmissions: ${submitted.size} sent, ${acknowledged.size} acknowledged (200), ${storedIds.size} stored; acknowledged but not stored: ${lost.length}; stored but never acknowledged: ${storedNotAcked.length}`,
    );
    console.log(
      `Duplicates: ${duplicatePeople} people stored twice for a course, ${ackedTwiceDifferently.length} SUBMISSION_IDs acknowledged with two different applications`,
    );
    console.log(
      `Recovery: killed at ${fmt(killAt / 1000)} s; applications-svc ready again after ${fmt((serviceBackAt - killAt) / 1000)} s; first submit acknowledged ${fmt((firstSubmitOkAfterKill - killAt) / 1000)} s after the kill (${fmt((firstSubmitOkAfterKill - serviceBackAt) / 1000)} s after it was ready)`,
    );
    const kinds = (of: Sample[]) => [...new Set(of.map((s) => `${s.route} ${s.status}`))].join(', ') || 'none';
    console.log(
      `Public routes other than submit while it was down: ${downOthers.length} requests, ${affected.length} not answered as recorded (${kinds(affected)})`,
    );
    console.log(
      `  and the reads of applications-svc's own data (applied check, review page): ${reads.length} requests, ${readsFailed.length} not answered as recorded (${kinds(readsFailed)})`,
    );
    if (messages.size) console.log(`\nUnexpected answers (first message of each):\n${[...messages].map(([k, m]) => `  ${k}: ${m}`).join('\n')}`);
  } finally {
    await pool.close();
    await stack.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
