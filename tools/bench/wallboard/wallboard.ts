/**
 * The supervisor's wallboard, decision to screen. Starts the real stack (fresh PostgreSQL test
 * databases with the demo catalogue, the demo directory, the public rate limits raised, the apps
 * compiled as `npm start` runs them; `--apps tsx` runs them from TypeScript), opens `--sse`
 * event-stream clients on GET /api/admin/wallboard/events (signed-in Editor sessions, in this
 * process) and `--pages` Chromium pages of /staff/wallboard (Debian's Chromium), then for
 * `--seconds`:
 * - `--advisers` synthetic advisers (signed-in Back Office sessions), each in a closed loop: an
 *   offer by phone (POST /api/admin/applications/new/{course} with STATUS O), its answer, then
 *   `--adviser-think` s before the next;
 * - `--public-rate` public submissions a second (POST /api/apply/{course}), open loop, alternately
 *   green (an automatic offer) and CCC (a rejection or referral);
 * spread over `--courses` courses that offer the form, each given 10,000 places through course
 * control so none fills during the run.
 *
 * Each decision is matched to its wallboard event by applications-svc's own outbox row (course,
 * status, decidedAt: the event's UCAS_CODE, STATUS and AT). Printed, as n / p50 / p95 / p99 / max:
 * - to each SSE client: from the decision's API answer (its transaction committed before the
 *   gateway answered) and from its transaction time (AT), and where that time went (transaction
 *   to the relay's hand-on, relayed_at; relayed to the client);
 * - in each Chromium page: the event's arrival in the page's EventSource, and the screen: the
 *   first change of the page's DOM after a figures answer whose request left after the decision's
 *   API answer (so it holds the decision), for offers (a rejection changes no count on the board);
 * with counts (decisions made and refused, events received, lost, foreign events from other
 * stacks on the shared Redis) and the load average at start and end. Target: p95 <= 2 s to the
 * screen. Asserts nothing; not part of `npm test`.
 *
 *   npx tsx tools/bench/wallboard/wallboard.ts [--seconds 60] [--advisers 20] [--adviser-think 2]
 *        [--public-rate 10] [--sse 10] [--pages 1] [--courses 10] [--drain 15] [--apps compiled|tsx]
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  apiPath,
  assessResponseSchema,
  courseSearchResponseSchema,
  searchAction,
  toAssessForm,
  WALLBOARD_SSE_EVENT,
  WALLBOARD_TEXTS,
  wallboardEventSchema,
  XSRF_COOKIE,
  type AssessForm,
} from '@clearing-desk/contracts';
import { A_STAR_A_B_A_LEVELS, createApplicationForm, FIVE_GCSES } from '@clearing-desk/contracts/testing';
import { DEMO_DIRECTORY, REPO_ROOT, startDirectory, startStack } from '@clearing-desk/stack';
import { Client as PgClient } from 'pg';
import { chromium, type Page } from 'playwright';
import { Pool } from 'undici';
import { buildStackBundles } from '../../images/stack-bundles';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    advisers: { type: 'string', default: '20' },
    'adviser-think': { type: 'string', default: '2' },
    'public-rate': { type: 'string', default: '10' },
    sse: { type: 'string', default: '10' },
    pages: { type: 'string', default: '1' },
    courses: { type: 'string', default: '10' },
    drain: { type: 'string', default: '15' },
    apps: { type: 'string', default: 'compiled' },
    logs: { type: 'string', default: 'silent' },
  },
});
const SECONDS = Number(values.seconds);
const ADVISERS = Number(values.advisers);
const ADVISER_THINK_MS = Number(values['adviser-think']) * 1000;
const PUBLIC_RATE = Number(values['public-rate']);
const SSE_CLIENTS = Number(values.sse);
const PAGES = Number(values.pages);
const COURSES = Number(values.courses);
const DRAIN_MS = Number(values.drain) * 1000;
/** Where the compiled apps are written (dist/ is not committed). */
const BUNDLES_DIR = path.join(REPO_ROOT, 'dist', 'bench-wallboard');

type Session = { cookie: string; token: string };
/** A decision as the bench saw it: its API answer's instant (ms since the epoch). */
type Decision = { appId: string; course: string; who: 'adviser' | 'public'; status: string; answeredAt: number };
/** What the outbox says of it: the wallboard event's key and when the relay handed it on. */
type Announced = { key: string; status: string; decidedAt: number; relayedAt: number | null };

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const keyOf = (course: string, status: string, at: string) => `${course}|${status}|${at}`;
const percentile = (sorted: readonly number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;
const ms = (n: number) => (Number.isFinite(n) ? `${Math.round(n)} ms` : '-');
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
/** One printed line: n, p50, p95, p99, max of some latencies. */
const line = (what: string, xs: number[]) => {
  const s = sorted(xs);
  return `${what} | ${s.length} | ${ms(percentile(s, 50))} | ${ms(percentile(s, 95))} | ${ms(percentile(s, 99))} | ${ms(s.at(-1) ?? Number.NaN)}`;
};

/** A green application (A*AB in Mathematics, Physics, Chemistry; five GCSEs) or a CCC one. */
function form(n: number, run: string, green: boolean) {
  return {
    ...createApplicationForm({
      DOB: '2006-05-14',
      NATIONALITY: 'GBR',
      GCSE_QUALIFICATIONS: FIVE_GCSES,
      QUALIFICATIONS: green
        ? A_STAR_A_B_A_LEVELS
        : ['Mathematics', 'Physics', 'Chemistry'].map((SUBJECT) => ({ QUALIFICATION: 'ALEVEL', SUBJECT, GRADE: 'C', YEAR: '2025' })),
    }),
    NAME2: `Wallboard${String.fromCharCode(97 + (n % 26))}${String.fromCharCode(97 + (Math.floor(n / 26) % 26))}`,
    EMAIL: `wallboard.${run}.${n}@example.com`,
    UCAS_PERSONAL_ID: String(5_000_000_000 + n),
    SUBMISSION_ID: randomUUID(),
  };
}

const cookiesOf = (headers: Record<string, string | string[] | undefined>, jar: Map<string, string>) => {
  for (const raw of ([] as string[]).concat(headers['set-cookie'] ?? [])) {
    const pair = raw.split(';')[0] ?? '';
    const eq = pair.indexOf('=');
    if (eq > 0) jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
};
const sessionOf = (jar: Map<string, string>): Session => ({
  cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
  token: decodeURIComponent(jar.get(XSRF_COOKIE) ?? ''),
});

/** A visitor (GET /api/ping for the XSRF cookie), signed in as `username` when given. */
async function session(pool: Pool, username?: string): Promise<Session> {
  const jar = new Map<string, string>();
  const ping = await pool.request({ method: 'GET', path: apiPath('ping') });
  await ping.body.dump();
  cookiesOf(ping.headers, jar);
  if (!username) return sessionOf(jar);
  const login = await pool.request({
    method: 'PUT',
    path: apiPath('authLogin'),
    headers: { cookie: sessionOf(jar).cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password: DEMO_DIRECTORY.password, token: sessionOf(jar).token }).toString(),
  });
  const text = await login.body.text();
  if (login.statusCode !== 200) throw new Error(`signing in ${username} answered ${login.statusCode}: ${text}`);
  cookiesOf(login.headers, jar);
  return sessionOf(jar);
}

async function call(pool: Pool, who: Session, method: 'GET' | 'POST' | 'PUT', p: string, data?: unknown): Promise<{ status: number; body: unknown }> {
  const res = await pool.request({
    method,
    path: p,
    headers: { cookie: who.cookie, ...(data === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(data === undefined ? {} : { body: JSON.stringify({ data, token: who.token }) }),
  });
  const text = await res.body.text();
  return { status: res.statusCode, body: text && String(res.headers['content-type']).includes('json') ? (JSON.parse(text) as unknown) : text };
}

/** Open courses on which the green form is offered by an adviser (O among the buttons), in catalogue order. */
async function pickCourses(pool: Pool, adviser: Session): Promise<string[]> {
  const assessForm: AssessForm = toAssessForm(form(0, 'pick', true) as unknown as AssessForm);
  const picked: string[] = [];
  for (let page = 1; picked.length < COURSES; page++) {
    const found = await call(pool, adviser, 'GET', `${apiPath('courseSearch')}?p=${page}&page_size=50&_=${Date.now()}`);
    const rows = courseSearchResponseSchema.parse(found.body).rows;
    if (rows.length === 0) break;
    for (const row of rows) {
      const action = searchAction(row);
      if (picked.length >= COURSES || action.kind !== 'apply' || !action.enabled || action.externalUrl) continue;
      const assessed = await call(pool, adviser, 'POST', apiPath('assess', { course: row.UCAS_CODE }), assessForm);
      if (assessed.status !== 200) continue;
      const { result } = assessResponseSchema.parse(assessed.body);
      if (result.TRAFFIC_LIGHT === 'G' && result.SUBMISSION_OPTIONS.BUTTONS.some((b) => b.STATUS === 'O')) picked.push(row.UCAS_CODE);
    }
  }
  if (picked.length < COURSES) throw new Error(`only ${picked.length} courses offer the bench's form`);
  return picked;
}

/** An event-stream client in this process: every wallboard event's key with its arrival instant. */
function openStream(gatewayUrl: string, who: Session, arrivals: Map<string, number>, foreign: { n: number }, known: () => Set<string>) {
  const abort = new AbortController();
  const opened = (async () => {
    const res = await fetch(`${gatewayUrl}${apiPath('wallboardEvents')}`, {
      headers: { cookie: who.cookie, accept: 'text/event-stream' },
      signal: abort.signal,
    });
    if (res.status !== 200 || !res.body) throw new Error(`the wallboard stream answered ${res.status}`);
    return res.body.pipeThrough(new TextDecoderStream()).getReader();
  })();
  const done = (async () => {
    const reader = await opened;
    let buffer = '';
    try {
      for (;;) {
        const { value, done: ended } = await reader.read();
        if (ended) return;
        const at = Date.now();
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!frame.includes(`event: ${WALLBOARD_SSE_EVENT}`)) continue;
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          const event = wallboardEventSchema.safeParse(data ? JSON.parse(data) : null);
          // Desk changes (an application opened, a call logged) carry no decision to time.
          if (!event.success || event.data.type !== 'decision') continue;
          const key = keyOf(event.data.UCAS_CODE, event.data.STATUS, event.data.AT);
          if (!arrivals.has(key)) arrivals.set(key, at);
          if (!known().has(event.data.UCAS_CODE)) foreign.n += 1;
        }
      }
    } catch {
      // aborted at the end of the run
    }
  })();
  return { opened, close: () => abort.abort(), done };
}

/**
 * In each page, before its scripts: every wallboard event its EventSource hands to a listener (key,
 * instant), each figures request (when it left, when its body was read) and each change of the DOM
 * (instant, and the departure of the newest figures answer read by then: the figures it shows).
 */
const PAGE_PROBE = `(() => {
  const probe = { events: [], figures: [], mutations: [], shownSince: 0 };
  window.__wallboardProbe = probe;
  const fetch0 = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input.url;
    if (!/\\/api\\/admin\\/figures(\\?|$)/.test(url)) return fetch0(input, init);
    const sentAt = Date.now();
    const res = await fetch0(input, init);
    res.clone().text().then(() => {
      probe.figures.push({ sentAt, readAt: Date.now() });
      if (sentAt > probe.shownSince) probe.shownSince = sentAt;
    }, () => undefined);
    return res;
  };
  const add0 = EventSource.prototype.addEventListener;
  EventSource.prototype.addEventListener = function (type, listener, options) {
    if (type !== ${JSON.stringify(WALLBOARD_SSE_EVENT)}) return add0.call(this, type, listener, options);
    return add0.call(this, type, (message) => {
      try {
        const e = JSON.parse(message.data);
        probe.events.push({ key: e.UCAS_CODE + '|' + e.STATUS + '|' + e.AT, at: Date.now() });
      } catch {}
      return typeof listener === 'function' ? listener.call(this, message) : listener.handleEvent(message);
    }, options);
  };
  const observe = () => new MutationObserver(() => probe.mutations.push({ at: Date.now(), shows: probe.shownSince }))
    .observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  if (document.body) observe(); else document.addEventListener('DOMContentLoaded', observe);
})();`;

type PageProbe = {
  events: { key: string; at: number }[];
  figures: { sentAt: number; readAt: number }[];
  mutations: { at: number; shows: number }[];
};

async function openWallboard(page: Page): Promise<void> {
  await page.addInitScript(PAGE_PROBE);
  await page.goto('/staff');
  await page.getByLabel('Username').fill('editor');
  await page.getByLabel('Password').fill(DEMO_DIRECTORY.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).waitFor();
  await page.goto('/staff/wallboard');
  await page.getByText(WALLBOARD_TEXTS.LIVE).waitFor();
}

async function main() {
  const loadAtStart = load();
  console.log(
    `wallboard: ${SECONDS} s, ${ADVISERS} advisers (an offer, then ${ADVISER_THINK_MS / 1000} s), ${PUBLIC_RATE} public submissions/s, ${COURSES} courses; ${SSE_CLIENTS} SSE clients, ${PAGES} Chromium page(s)`,
  );
  if (values.apps !== 'tsx') {
    const built = Date.now();
    await buildStackBundles(BUNDLES_DIR);
    console.log(`apps compiled (as npm start runs them) in ${ms(Date.now() - built)}`);
  }
  const directory = await startDirectory({ port: 'free' });
  const raised = '1000000';
  const stack = await startStack({
    database: 'test',
    seedDemoData: true,
    services: ['courses', 'applications', 'assessment'],
    directoryUrl: directory.url,
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
  const pool = new Pool(stack.gatewayUrl, { connections: 64 });
  const browser =
    PAGES > 0
      ? await chromium.launch({
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
        })
      : null;
  const streams: ReturnType<typeof openStream>[] = [];
  try {
    const admin = await session(pool, 'admin');
    const advisers = await Promise.all(Array.from({ length: ADVISERS }, () => session(pool, 'backoffice')));
    const visitor = await session(pool);
    const courses = await pickCourses(pool, advisers[0]!);
    for (const code of courses) {
      // 409 until courses-svc's places ledger has counted the course (a fresh stack): asked again until it has.
      for (let tries = 0; ; tries++) {
        const saved = await call(pool, admin, 'PUT', apiPath('deskCourseUpdate', { id: code }), { CLEARING_PLACES: 10_000, OFFER_ALLOWANCE: 1 });
        if (saved.status === 200) break;
        if (saved.status !== 409 || tries > 120) throw new Error(`course control ${code} answered ${saved.status}: ${JSON.stringify(saved.body)}`);
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    const courseSet = new Set(courses);

    // The boards: SSE clients in this process, Chromium pages of /staff/wallboard.
    const streamArrivals = Array.from({ length: SSE_CLIENTS }, () => new Map<string, number>());
    const foreign = { n: 0 };
    for (const arrivals of streamArrivals) {
      const viewer = await session(pool, 'editor');
      streams.push(openStream(stack.gatewayUrl, viewer, arrivals, foreign, () => courseSet));
    }
    await Promise.all(streams.map((s) => s.opened));
    const pages: Page[] = [];
    for (let i = 0; i < PAGES; i++) {
      const context = await browser!.newContext({ baseURL: stack.gatewayUrl, viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await openWallboard(page);
      pages.push(page);
    }
    console.log(`load average before the load: ${load()}`);

    // The load: advisers in closed loops, public submissions open loop.
    const decisions: Decision[] = [];
    const refused = new Map<string, number>();
    const refuse = (what: string) => refused.set(what, (refused.get(what) ?? 0) + 1);
    const run = String(Date.now());
    const t0 = Date.now();
    const end = t0 + SECONDS * 1000;
    let n = 0;
    const adviserLoops = advisers.map(async (adviser, i) => {
      // Spread the first calls over the think time, as advisers do not all start at one instant.
      await new Promise((r) => setTimeout(r, (i * ADVISER_THINK_MS) / ADVISERS));
      while (Date.now() < end) {
        const k = n++;
        const course = courses[k % courses.length]!;
        const answer = await call(pool, adviser, 'POST', apiPath('deskApplicationCreate', { student: 'new', course }), { ...form(k, run, true), STATUS: 'O' });
        const body = answer.body as { app_id?: string | number; confirmed_status?: string };
        if (answer.status === 200 && body.app_id !== undefined)
          decisions.push({ appId: String(body.app_id), course, who: 'adviser', status: String(body.confirmed_status), answeredAt: Date.now() });
        else refuse(`adviser ${answer.status}`);
        await new Promise((r) => setTimeout(r, ADVISER_THINK_MS));
      }
    });
    const publicSends: Promise<void>[] = [];
    for (let i = 0; t0 + (i * 1000) / PUBLIC_RATE < end; i++) {
      const wait = t0 + (i * 1000) / PUBLIC_RATE - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const k = n++;
      const course = courses[i % courses.length]!;
      publicSends.push(
        (async () => {
          const answer = await call(pool, visitor, 'POST', apiPath('apply', { course }), form(k, run, i % 2 === 0));
          const body = answer.body as { app_id?: string | number; confirmed_status?: string };
          if (answer.status === 200 && body.app_id !== undefined)
            decisions.push({ appId: String(body.app_id), course, who: 'public', status: String(body.confirmed_status), answeredAt: Date.now() });
          else refuse(`public ${answer.status}`);
        })(),
      );
    }
    await Promise.all([...adviserLoops, ...publicSends]);
    const made = (Date.now() - t0) / 1000;
    const loadAfterLoad = load();

    // Each decision's wallboard event, from applications-svc's outbox (waiting for the relay).
    const db = new PgClient({ connectionString: stack.databaseUrls.applications });
    await db.connect();
    const announced = new Map<string, Announced>();
    const deadline = Date.now() + DRAIN_MS;
    const ids = decisions.map((d) => d.appId);
    for (;;) {
      const { rows } = await db.query<{ application_id: string; payload: { ucasCode: string; status: string; decidedAt: string }; relayed_at: Date | null }>(
        `select payload->>'applicationId' as application_id, payload, relayed_at from outbox where kind = 'decision-email' and payload->>'applicationId' = any($1::text[])`,
        [ids],
      );
      for (const r of rows)
        announced.set(r.application_id, {
          key: keyOf(r.payload.ucasCode, r.payload.status, r.payload.decidedAt),
          status: r.payload.status,
          decidedAt: Date.parse(r.payload.decidedAt),
          relayedAt: r.relayed_at?.getTime() ?? null,
        });
      const everyArrived = [...announced.values()].every((a) => a.relayedAt !== null && streamArrivals.every((m) => m.has(a.key)));
      if ((announced.size === decisions.length && everyArrived) || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    await db.end();
    const probes: PageProbe[] = [];
    for (const page of pages) probes.push(await page.evaluate(() => (globalThis as unknown as { __wallboardProbe: PageProbe }).__wallboardProbe));

    // Figures.
    const matched = decisions.filter((d) => announced.has(d.appId));
    const fromAnswer: number[] = [];
    const fromCommit: number[] = [];
    const relayed: number[] = [];
    const relayedToClient: number[] = [];
    let lost = 0;
    for (const d of matched) {
      const a = announced.get(d.appId)!;
      if (a.relayedAt !== null) relayed.push(a.relayedAt - a.decidedAt);
      for (const arrivals of streamArrivals) {
        const at = arrivals.get(a.key);
        if (at === undefined) {
          lost += 1;
          continue;
        }
        fromAnswer.push(at - d.answeredAt);
        fromCommit.push(at - a.decidedAt);
        if (a.relayedAt !== null) relayedToClient.push(at - a.relayedAt);
      }
    }
    const pageEvent: number[] = [];
    const pageScreen: number[] = [];
    let pageLost = 0;
    let screenMissed = 0;
    for (const probe of probes) {
      const events = new Map(probe.events.map((e) => [e.key, e.at]));
      for (const d of matched) {
        const a = announced.get(d.appId)!;
        const at = events.get(a.key);
        if (at === undefined) pageLost += 1;
        else pageEvent.push(at - d.answeredAt);
        if (a.status !== 'O') continue;
        const shown = probe.mutations.find((m) => m.shows >= d.answeredAt);
        if (shown) pageScreen.push(shown.at - d.answeredAt);
        else screenMissed += 1;
      }
    }
    const byWho = (who: Decision['who']) => decisions.filter((d) => d.who === who).length;
    const offers = matched.filter((d) => announced.get(d.appId)!.status === 'O').length;
    console.log('');
    console.log(`apps ${values.apps === 'tsx' ? 'from TypeScript (tsx)' : 'compiled (as npm start)'}`);
    console.log(`load average at start ${loadAtStart}, after the load ${loadAfterLoad}, at end ${load()}`);
    console.log(
      `decisions ${decisions.length} in ${made.toFixed(1)} s (${(decisions.length / made).toFixed(1)}/s: adviser ${byWho('adviser')}, public ${byWho('public')}; offers ${offers}); refused ${[...refused].map(([k, v]) => `${k}: ${v}`).join(', ') || 0}`,
    );
    console.log(
      `announced in the outbox ${announced.size}; SSE clients ${SSE_CLIENTS}: arrivals ${fromAnswer.length}, lost ${lost}; events of other stacks on the shared channel ${foreign.n}`,
    );
    console.log('latency | n | p50 | p95 | p99 | max');
    console.log(line('SSE client, from the decision’s API answer', fromAnswer));
    console.log(line('SSE client, from its transaction time (AT)', fromCommit));
    console.log(line('  transaction -> relayed (outbox relay)', relayed));
    console.log(line('  relayed -> SSE client (Redis, gateway)', relayedToClient));
    if (probes.length) {
      console.log(line(`Chromium page EventSource, from the API answer (lost ${pageLost})`, pageEvent));
      console.log(line(`Chromium page screen (offers: DOM changed with figures fetched after the answer; ${screenMissed} never)`, pageScreen));
      const fetches = probes.flatMap((p) => p.figures.map((f) => f.readAt - f.sentAt));
      console.log(line('  figures requests of the page (sent -> read)', fetches));
    }
  } finally {
    for (const s of streams) s.close();
    await browser?.close();
    await pool.close();
    await stack.stop();
    await directory.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
