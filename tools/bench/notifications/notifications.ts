/**
 * Decision emails under faults (issue 24 item 8). Makes `--decisions` public decisions through the
 * gateway of a real stack (fresh PostgreSQL test databases, rate limits raised, the launcher's
 * restart on as under `npm start`) at `--rate` per second, alternating an offer (A*AB: O) and a
 * rejection (CCC: X), each from its own applicant (a unique e-mail address). The emails go to an
 * SMTP server in this process (smtp-server) that is stopped for `--smtp-down` seconds from
 * `--smtp-down-at`, and notifications-svc is killed once (SIGKILL) at `--kill-at` and started again
 * by the launcher. Then it waits until every decision's email has arrived (or `--drain` s pass).
 * Prints: decisions, emails sent, lost (decisions without an email), duplicated (messages beyond
 * one per decision, and how many carried the same Message-ID), and the time from the decision's
 * answer to the SMTP server's acceptance (p50, p95, max), for all decisions and for those made
 * while the SMTP server was up. Asserts nothing; not part of `npm test`.
 *
 *   npx tsx tools/bench/notifications/notifications.ts [--decisions 1000] [--rate 20]
 *        [--smtp-down-at 15] [--smtp-down 30] [--kill-at 8] [--drain 300]
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { XSRF_COOKIE, XSRF_HEADER } from '@clearing-desk/contracts';
import { createApplicationForm } from '@clearing-desk/contracts/testing';
import { freePort, startStack, type Stack } from '@clearing-desk/stack';
import { SMTPServer } from 'smtp-server';
import { Pool } from 'undici';

const { values } = parseArgs({
  options: {
    decisions: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '20' },
    'smtp-down-at': { type: 'string', default: '15' },
    'smtp-down': { type: 'string', default: '30' },
    'kill-at': { type: 'string', default: '8' },
    drain: { type: 'string', default: '300' },
    logs: { type: 'string', default: 'silent' },
  },
});
const DECISIONS = Number(values.decisions);
const RATE = Number(values.rate);
const SMTP_DOWN_AT = Number(values['smtp-down-at']) * 1000;
const SMTP_DOWN_FOR = Number(values['smtp-down']) * 1000;
const KILL_AT = Number(values['kill-at']) * 1000;
const DRAIN = Number(values.drain) * 1000;

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

const FIVE_GCSES = ['English Language', 'Mathematics', 'Physics', 'Chemistry', 'Biology'].map((SUBJECT) => ({
  QUALIFICATION: 'GCSE',
  SUBJECT,
  GRADE: '5',
  YEAR: '2023',
}));

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

async function main() {
  const accepted: Accepted[] = [];
  const smtpPort = await freePort();
  let smtp = smtpServer(smtpPort, accepted);
  await smtp.listen();
  const raised = '1000000';
  const stack: Stack = await startStack({
    database: 'test',
    seedDemoData: true,
    services: ['courses', 'applications', 'assessment', 'notifications'],
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    restart: true,
    logs: values.logs === 'pretty' ? 'pretty' : 'silent',
    gatewayEnv: Object.fromEntries(
      ['APPLIED', 'ASSESS', 'APPLY'].flatMap((k) => [
        [`RATE_LIMIT_${k}_MAX`, raised],
        [`RATE_LIMIT_${k}_PER_APPLICANT_MAX`, raised],
      ]),
    ),
  });
  const pool = new Pool(stack.gatewayUrl, { connections: 32 });
  try {
    // One XSRF token for the run (public applies need it; the gateway checks header = cookie).
    const ping = await pool.request({ method: 'GET', path: '/api/ping' });
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
        const pid = stack.pid('notifications');
        if (pid) process.kill(pid, 'SIGKILL');
        console.log(`[${seconds(Date.now() - t0)} s] notifications-svc killed (pid ${pid}); the launcher starts it again`);
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
            path: '/api/apply/G400',
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
    const extra = accepted.length - first.size;
    const sameId = accepted.filter((a) => first.get(a.to) !== a && first.get(a.to)?.messageId === a.messageId).length;
    const delays = (filter: (decided: number) => boolean) =>
      [...decidedAt.entries()]
        .filter(([e, d]) => first.has(e) && filter(d))
        .map(([e, d]) => first.get(e)!.at - d)
        .sort((a, b) => a - b);
    const all = delays(() => true);
    const up = delays((d) => d < smtpDown.from || d > smtpDown.to);
    console.log('');
    console.log(`decisions ${decidedAt.size} | emails sent ${first.size} | lost ${lost} | duplicated ${extra} (same Message-ID: ${sameId})`);
    console.log('decision -> SMTP acceptance (s) | n | p50 | p95 | max');
    console.log(`all decisions | ${all.length} | ${seconds(percentile(all, 50))} | ${seconds(percentile(all, 95))} | ${seconds(all.at(-1) ?? Number.NaN)}`);
    console.log(
      `made while SMTP was up | ${up.length} | ${seconds(percentile(up, 50))} | ${seconds(percentile(up, 95))} | ${seconds(up.at(-1) ?? Number.NaN)}`,
    );
    console.log(
      `SMTP down ${seconds(smtpDown.to - smtpDown.from)} s; target: 0 lost, duplicates only from the killed worker's window, p95 < 10 s outside the outage`,
    );
  } finally {
    await pool.close();
    await stack.stop();
    await smtp.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
