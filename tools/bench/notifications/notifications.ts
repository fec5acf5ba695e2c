/**
 * Decision emails under faults. Makes `--decisions` public decisions through the
 * gateway of a real stack (fresh PostgreSQL test databases, rate limits raised, the launcher's
 * restart on and the apps compiled, as under `npm start`; `--apps tsx` runs them from TypeScript
 * with tsx as the tests do) at `--rate` per second, alternating an offer (A*AB: O) and a
 * rejection (CCC: X), each from its own applicant (a unique e-mail address). The emails go to an
 * SMTP server in this process (smtp-server) that is stopped for `--smtp-down` seconds from
 * `--smtp-down-at`, and notifications-svc is killed once (SIGKILL) at `--kill-at` and started again
 * by the launcher. Then it waits until every decision's email has arrived (or `--drain` s pass).
 * Prints: the killed service's way back (restarted by the launcher, ready, first email accepted;
 * the emails its locks held and when the stalled check took them back; any other job stalled, a
 * live worker that lost its lock), decisions, emails sent,
 * lost (decisions without an email), duplicated (messages beyond one per decision, whether each
 * was one of the held emails with the same Message-ID), and the time from the decision's answer to
 * the SMTP server's acceptance (p50, p95, max): for all decisions, those made while the SMTP server
 * was up, those of them made while the worker was running (not between the kill and its first
 * send again), and those made in that window; then one PASS/FAIL line per target. Asserts
 * nothing; not part of `npm test`.
 *
 *   npx tsx tools/bench/notifications/notifications.ts [--decisions 1000] [--rate 20]
 *        [--smtp-down-at 15] [--smtp-down 30] [--kill-at 8] [--drain 300] [--apps compiled|tsx]
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { apiPath, OUTBOX_QUEUES, XSRF_COOKIE, XSRF_HEADER } from '@clearing-desk/contracts';
import { createApplicationForm, FIVE_GCSES } from '@clearing-desk/contracts/testing';
import { freePort, REPO_ROOT, startStack, type Stack } from '@clearing-desk/stack';
import { Queue, QueueEvents } from 'bullmq';
import { SMTPServer } from 'smtp-server';
import { Pool } from 'undici';
import { buildStackBundles } from '../../images/stack-bundles';

const { values } = parseArgs({
  options: {
    decisions: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '20' },
    'smtp-down-at': { type: 'string', default: '15' },
    'smtp-down': { type: 'string', default: '30' },
    'kill-at': { type: 'string', default: '8' },
    drain: { type: 'string', default: '300' },
    apps: { type: 'string', default: 'compiled' },
    logs: { type: 'string', default: 'silent' },
  },
});
const DECISIONS = Number(values.decisions);
const RATE = Number(values.rate);
const SMTP_DOWN_AT = Number(values['smtp-down-at']) * 1000;
const SMTP_DOWN_FOR = Number(values['smtp-down']) * 1000;
const KILL_AT = Number(values['kill-at']) * 1000;
const DRAIN = Number(values.drain) * 1000;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Where the compiled apps are written (dist/ is not committed). */
const BUNDLES_DIR = path.join(REPO_ROOT, 'dist', 'bench-notifications');

type Accepted = { to: string; messageId: string; at: number };

/** An SMTP server that accepts everything and notes who each message was to, its Message-ID and when (ms). */
function smtpServer(port: number, accepted: Accepted[]) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      // The envelope is reset once the message is answered: read it first.
      const recipients = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const head =
          Buffer.concat(chunks)
            .toString('utf8')
            .split(/\r?\n\r?\n/)[0] ?? '';
        const messageId = /^Message-ID:\s*(\S+)/im.exec(head)?.[1] ?? '';
        const at = Date.now();
        for (const to of recipients) accepted.push({ to, messageId, at });
        callback();
      });
    },
  });
  server.on('error', () => undefined);
  return {
    listen: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    port: () => (server.server.address() as AddressInfo | null)?.port,
  };
}

/** A public submission for G400: an offer (A*AB) for even n, a rejection (CCC) for odd. */
function form(n: number, email: string) {
  const grades = n % 2 === 0 ? ['A*', 'A', 'B'] : ['C', 'C', 'C'];
  return {
    ...createApplicationForm({
      DOB: '2006-05-14',
      NATIONALITY: 'GBR',
      GCSE_QUALIFICATIONS: FIVE_GCSES,
      QUALIFICATIONS: ['Mathematics', 'Physics', 'Chemistry'].map((SUBJECT, i) => ({ QUALIFICATION: 'ALEVEL', SUBJECT, GRADE: grades[i], YEAR: '2025' })),
    }),
    EMAIL: email,
    UCAS_PERSONAL_ID: String(8000000000 + n),
    SUBMISSION_ID: randomUUID(),
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;
const seconds = (ms: number) => (Number.isFinite(ms) ? (ms / 1000).toFixed(2) : '-');

/** The outbox id in a Message-ID `<outbox id@domain>` (notifications-svc messageIdFor). */
const outboxIdOf = (messageId: string) => /^<([^@>]+)@/.exec(messageId)?.[1] ?? '';

/** When a killed notifications-svc came back (ms since epoch), and the emails its locks held. */
type WayBack = { killedAt: number; pid?: number; restartedAt?: number; readyAt?: number; held: string[]; takenBack: Map<string, number> };

/**
 * Kills notifications-svc (SIGKILL) and follows its way back: the launcher's restart (onRestart
 * sets `restartedAt`), its first 200 on /readyz, and which jobs were active (held by the dead
 * worker's locks) and when the stalled check moved each back to wait ('stalled' events).
 */
async function killNotifications(stack: Stack, queue: Queue, events: QueueEvents, wayBack: WayBack): Promise<void> {
  const pid = stack.pid('notifications');
  wayBack.killedAt = Date.now();
  wayBack.pid = pid;
  if (pid) process.kill(pid, 'SIGKILL');
  // Nothing else takes jobs, so the active jobs are the dead worker's.
  wayBack.held = (await queue.getJobs(['active'])).map((job) => job.id ?? '');
  events.on('stalled', ({ jobId }) => {
    if (wayBack.held.includes(jobId) && !wayBack.takenBack.has(jobId)) wayBack.takenBack.set(jobId, Date.now());
  });
  const readyz = `${stack.urls.notifications}/readyz`;
  while (Date.now() - wayBack.killedAt < 120_000) {
    const ok = await fetch(readyz)
      .then((res) => res.ok)
      .catch(() => false);
    // A 200 after the kill is the new process's (the old one stopped listening with its death).
    if (ok && wayBack.restartedAt !== undefined) {
      wayBack.readyAt = Date.now();
      return;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function main() {
  const loadAtStart = loadavg();
  if (values.apps !== 'tsx') {
    const built = Date.now();
    await buildStackBundles(BUNDLES_DIR);
    console.log(`apps compiled (as npm start runs them) in ${seconds(Date.now() - built)} s`);
  }
  const accepted: Accepted[] = [];
  const smtpPort = await freePort();
  let smtp = smtpServer(smtpPort, accepted);
  await smtp.listen();
  const raised = '1000000';
  const wayBack: WayBack = { killedAt: Number.NaN, held: [], takenBack: new Map() };
  const stack: Stack = await startStack({
    database: 'test',
    seedDemoData: true,
    services: ['courses', 'applications', 'assessment', 'notifications'],
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    restart: true,
    onRestart: (name) => {
      if (name === 'notifications' && wayBack.restartedAt === undefined) wayBack.restartedAt = Date.now();
    },
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
  const pool = new Pool(stack.gatewayUrl, { connections: 32 });
  const connection = { url: REDIS_URL };
  const queue = new Queue(OUTBOX_QUEUES['decision-email'], { connection, prefix: stack.queuePrefix });
  const events = new QueueEvents(OUTBOX_QUEUES['decision-email'], { connection, prefix: stack.queuePrefix });
  try {
    await events.waitUntilReady();
    // A job stalled that the killed worker did not hold: a live worker lost its lock (the lock too short for the load).
    const stalledLive = new Set<string>();
    events.on('stalled', ({ jobId }) => {
      if (!wayBack.held.includes(jobId)) stalledLive.add(jobId);
    });
    // One XSRF token for the run (public applies need it; the gateway checks header = cookie).
    const ping = await pool.request({ method: 'GET', path: apiPath('ping') });
    await ping.body.dump();
    const cookies = ([] as string[]).concat(ping.headers['set-cookie'] ?? []);
    const cookie = cookies.map((c) => c.split(';')[0]).join('; ');
    const xsrf = decodeURIComponent(new RegExp(`(?:^|; )${XSRF_COOKIE}=([^;]*)`).exec(cookie)?.[1] ?? '');

    const decidedAt = new Map<string, number>();
    const refused: string[] = [];
    const t0 = Date.now();
    const smtpDown = { from: Number.NaN, to: Number.NaN };
    const faults = [
      (async () => {
        await new Promise((r) => setTimeout(r, SMTP_DOWN_AT));
        smtpDown.from = Date.now();
        await smtp.close();
        console.log(`[${seconds(Date.now() - t0)} s] SMTP server stopped`);
        await new Promise((r) => setTimeout(r, SMTP_DOWN_FOR));
        smtp = smtpServer(smtpPort, accepted);
        await smtp.listen();
        smtpDown.to = Date.now();
        console.log(`[${seconds(Date.now() - t0)} s] SMTP server back`);
      })(),
      (async () => {
        await new Promise((r) => setTimeout(r, KILL_AT));
        const ready = killNotifications(stack, queue, events, wayBack);
        console.log(`[${seconds(wayBack.killedAt - t0)} s] notifications-svc killed (pid ${wayBack.pid}); the launcher starts it again`);
        await ready;
      })(),
    ];
    const sends: Promise<void>[] = [];
    for (let n = 0; n < DECISIONS; n++) {
      const wait = t0 + (n * 1000) / RATE - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const email = `bench.${n}.${t0}@example.com`;
      sends.push(
        (async () => {
          const res = await pool.request({
            method: 'POST',
            path: apiPath('apply', { course: 'G400' }),
            headers: { 'content-type': 'application/json', cookie, [XSRF_HEADER]: xsrf },
            body: JSON.stringify({ data: form(n, email), token: xsrf }),
          });
          const text = await res.body.text();
          if (res.statusCode === 200) decidedAt.set(email, Date.now());
          else refused.push(`${res.statusCode} ${text.slice(0, 120)}`);
        })(),
      );
    }
    await Promise.all(sends);
    await Promise.all(faults);
    console.log(
      `[${seconds(Date.now() - t0)} s] ${decidedAt.size} decisions made (${refused.length} refused${refused[0] ? `: ${refused[0]}` : ''}); waiting for their emails`,
    );

    const deadline = Date.now() + DRAIN;
    const arrived = () => new Set(accepted.map((a) => a.to));
    while (Date.now() < deadline && [...decidedAt.keys()].some((e) => !arrived().has(e))) await new Promise((r) => setTimeout(r, 500));
    // Give a late duplicate a moment to show.
    await new Promise((r) => setTimeout(r, 3000));

    const first = new Map<string, Accepted>();
    for (const a of accepted) if (!first.has(a.to)) first.set(a.to, a);
    const lost = [...decidedAt.keys()].filter((e) => !first.has(e)).length;
    const extras = accepted.filter((a) => first.get(a.to) !== a);
    const sameId = extras.filter((a) => first.get(a.to)?.messageId === a.messageId).length;
    // A repeat the design allows: one of the emails the killed worker's locks held, with the same Message-ID.
    const fromKill = extras.filter((a) => first.get(a.to)?.messageId === a.messageId && wayBack.held.includes(outboxIdOf(a.messageId))).length;

    // The killed worker's window: from the kill to the restarted worker's first email accepted.
    // (Messages ending right after the kill are the dead worker's last: the new one is not yet spawned.)
    const restarted = wayBack.restartedAt ?? Number.POSITIVE_INFINITY;
    const firstSend = accepted.filter((a) => a.at > restarted).reduce((min, a) => Math.min(min, a.at), Number.POSITIVE_INFINITY);
    const inKillWindow = (d: number) => d >= wayBack.killedAt && d < firstSend;
    const smtpUp = (d: number) => d < smtpDown.from || d > smtpDown.to;
    const delays = (filter: (decided: number) => boolean) =>
      [...decidedAt.entries()]
        .filter(([e, d]) => first.has(e) && filter(d))
        .map(([e, d]) => first.get(e)!.at - d)
        .sort((a, b) => a - b);
    const all = delays(() => true);
    const up = delays(smtpUp);
    const upRunning = delays((d) => smtpUp(d) && !inKillWindow(d));
    const killWindow = delays(inKillWindow);
    const since = (at: number | undefined) => (at === undefined || !Number.isFinite(at) ? '-' : `+${seconds(at - wayBack.killedAt)} s`);
    // Each held email's acceptance by the restarted worker (a held email the dead worker had sent and recorded is not sent again).
    const heldSent = wayBack.held.map((id) => accepted.find((a) => a.at > restarted && outboxIdOf(a.messageId) === id)?.at ?? Number.NaN);
    const range = (times: number[]) => (times.length === 0 ? '-' : `${since(Math.min(...times))}${times.length > 1 ? ` to ${since(Math.max(...times))}` : ''}`);
    const row = (label: string, d: number[]) =>
      `${label} | ${d.length} | ${seconds(percentile(d, 50))} | ${seconds(percentile(d, 95))} | ${seconds(d.at(-1) ?? Number.NaN)}`;

    console.log('');
    console.log(
      `apps ${values.apps === 'tsx' ? 'from TypeScript (tsx)' : 'compiled (as npm start)'}; load average at start ${loadAtStart.map((l) => l.toFixed(1)).join(' ')}, at end ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log(
      `notifications-svc after its kill: restarted by the launcher ${since(wayBack.restartedAt)}, ready ${since(wayBack.readyAt)}, first email accepted from the new process ${since(firstSend)}`,
    );
    console.log(
      `emails held by the dead worker's locks: ${wayBack.held.length}; taken back by the stalled check ${range([...wayBack.takenBack.values()])}` +
        (wayBack.takenBack.size < wayBack.held.length ? ` (${wayBack.held.length - wayBack.takenBack.size} finished otherwise)` : '') +
        `; sent by the new process ${range(heldSent.filter(Number.isFinite))}`,
    );
    console.log(`jobs stalled that the killed worker did not hold (a live worker's lost lock; expected 0): ${stalledLive.size}`);
    console.log(
      `decisions ${decidedAt.size} | emails sent ${first.size} | lost ${lost} | duplicated ${extras.length} (same Message-ID: ${sameId}; held by the killed worker: ${fromKill})`,
    );
    console.log('decision -> SMTP acceptance (s) | n | p50 | p95 | max');
    console.log(row('all decisions', all));
    console.log(row('made while SMTP was up ("up")', up));
    console.log(row('made while SMTP was up and the worker running', upRunning));
    console.log(row('made between the kill and the first email sent again', killWindow));
    console.log(
      `SMTP down ${seconds(smtpDown.to - smtpDown.from)} s from ${seconds(smtpDown.from - t0)} s; notifications-svc killed at ${seconds(wayBack.killedAt - t0)} s`,
    );
    const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
    console.log(`target 0 lost: ${verdict(lost === 0)} (${lost})`);
    console.log(
      `target duplicates only from the killed worker's window (held by its locks, same Message-ID): ${verdict(fromKill === extras.length)} (${extras.length} duplicated, ${fromKill} of them such)`,
    );
    const p95up = percentile(up, 95);
    console.log(`target p95 < 10 s outside the outage (decisions made while SMTP was up): ${verdict(p95up < 10_000)} (${seconds(p95up)} s)`);
  } finally {
    await events.close();
    await queue.close();
    await pool.close();
    await stack.stop();
    await smtp.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
