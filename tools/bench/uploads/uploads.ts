/**
 * Upload throughput and latency: 100 KB documents posted at fixed rates, each one
 * stored in quarantine, scanned by ClamAV through the BullMQ queue and answered with its verdict.
 * Prints scans per second and latency percentiles per rate, then the most a closed loop of
 * `--concurrency` uploaders achieves; asserts nothing. The load generator runs in this process,
 * on the same machine as the services, PostgreSQL, Redis and clamd.
 *
 * Fixed rate means an open model: upload i leaves at start + i/rate whether or not earlier ones
 * have answered, and its latency counts from that moment (no coordinated omission), so a queue
 * building up shows in the percentiles.
 *
 *   npx tsx tools/bench/uploads/uploads.ts [--target gateway|files|files-noscan] [--rates 25,50,100,200]
 *        [--duration 10] [--connections 64] [--concurrency 16] [--size 102400] [--worker-concurrency 4]
 *
 * gateway: POST /api/file/upload through the real stack (gateway -> files-svc, XSRF header).
 * files: POST /files on files-svc directly (same stack, internal token).
 * files-noscan: files-svc in this process with a scanner that answers clean at once: the cost of
 *   HTTP, multipart, disk, PostgreSQL and the queue without ClamAV.
 * Every request carries a distinct file (a counter written into the PDF's padding), so clamd's
 * cache of known-clean files does not flatter the figures.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { uploadResponseSchema, XSRF_COOKIE, XSRF_HEADER, type AcceptedFileKind } from '@clearing-desk/contracts';
import { createSampleDocument } from '@clearing-desk/contracts/testing';
import { INTERNAL_TOKEN_HEADER } from '@clearing-desk/service-kit';
import { createTestDatabase, TEST_INTERNAL_TOKEN } from '@clearing-desk/service-kit/testing';
import { startStack, type Stack } from '@clearing-desk/stack';
import { Pool } from 'undici';
// This benchmark measures the service's own code in-process (eslint.config.mjs: type:tool may),
// through its public entry.
import { buildApp, filesConfigSchema } from '@clearing-desk/files-svc';

const { values } = parseArgs({
  options: {
    target: { type: 'string', default: 'gateway' },
    rates: { type: 'string', default: '25,50,100,200' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '64' },
    concurrency: { type: 'string', default: '16' },
    size: { type: 'string', default: '102400' },
    kind: { type: 'string', default: 'pdf' },
    'worker-concurrency': { type: 'string', default: '4' },
  },
});
const TARGET = values.target as 'gateway' | 'files' | 'files-noscan';
const RATES = (values.rates ?? '')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const CONCURRENCY = Number(values.concurrency);
const SIZE = Number(values.size);
const KIND = values.kind as AcceptedFileKind;
const WORKER_CONCURRENCY = values['worker-concurrency'] ?? '4';

/** A multipart body whose file bytes can be made unique per request at `counterAt`. */
function multipartTemplate(): { body: Buffer; contentType: string; counterAt: number } {
  const boundary = `----ClearingDeskBench${randomBytes(8).toString('hex')}`;
  const file = Buffer.from(createSampleDocument(KIND, { minBytes: SIZE }));
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="document_type"\r\n\r\nALEVELS\r\n--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="results.${KIND}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  // PDF padding is comment lines of 'x'; other kinds: the last 16 bytes before the end are
  // overwritten only for PDF (other formats would break), so only PDFs are unique per request.
  const pad = KIND === 'pdf' ? file.indexOf('%xxxxxxxxxxxxxxxx') + 1 : -1;
  return { body: Buffer.concat([head, file, tail]), contentType: `multipart/form-data; boundary=${boundary}`, counterAt: pad > 0 ? head.length + pad : -1 };
}

type Target = { url: string; headers: Record<string, string>; stop: () => Promise<void> };

async function browserSession(gatewayUrl: string) {
  const res = await fetch(`${gatewayUrl}/api/ping`);
  const pairs = res.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
  const token = pairs.find((p) => p.startsWith(`${XSRF_COOKIE}=`))?.slice(`${XSRF_COOKIE}=`.length);
  if (!token) throw new Error('no XSRF-TOKEN cookie from /api/ping');
  return { cookie: pairs.join('; '), token: decodeURIComponent(token) };
}

async function startTarget(): Promise<Target> {
  // INTERNAL_TOKEN has no committed default: the in-process service uses the test one.
  const internalToken = TEST_INTERNAL_TOKEN;
  if (TARGET === 'files-noscan') {
    const database = await createTestDatabase('bench_files');
    const filesDir = mkdtempSync(path.join(tmpdir(), 'bench-files-'));
    const config = filesConfigSchema.parse({
      DATABASE_URL: database.url,
      FILES_DIR: filesDir,
      FILES_QUEUE_PREFIX: `bench-${randomBytes(4).toString('hex')}`,
      LOG_LEVEL: 'warn',
      INTERNAL_TOKEN: internalToken,
      PORT: '0',
      FILES_QUEUE_EPHEMERAL: 'true',
      FILES_WORKER_CONCURRENCY: WORKER_CONCURRENCY,
    });
    const app = await buildApp(config, { scanner: { scan: async () => ({ infected: false }), scanStream: async () => ({ infected: false }) } });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    return {
      url: `${address}/files`,
      headers: { [INTERNAL_TOKEN_HEADER]: internalToken },
      stop: async () => {
        await new Promise((r) => setTimeout(r, 2000)); // let the last uploads finish
        await app.close();
        rmSync(filesDir, { recursive: true, force: true });
        await database.drop();
      },
    };
  }
  // One load generator is one client address: the per-address upload limit is raised so it measures, not refuses.
  const stack: Stack = await startStack({
    services: ['applications', 'files'],
    database: 'test',
    env: { FILES_WORKER_CONCURRENCY: WORKER_CONCURRENCY },
    gatewayEnv: { RATE_LIMIT_UPLOAD_MAX: String(Number.MAX_SAFE_INTEGER) },
  });
  if (TARGET === 'files') return { url: `${stack.urls.files}/files`, headers: { [INTERNAL_TOKEN_HEADER]: stack.internalToken }, stop: stack.stop };
  const { cookie, token } = await browserSession(stack.gatewayUrl);
  return { url: `${stack.gatewayUrl}/api/file/upload`, headers: { cookie, [XSRF_HEADER]: token }, stop: stack.stop };
}

type RunResult = { ok: number; non2xx: number; errors: number; seconds: number; latencies: number[] };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sends uploads through one undici pool; `schedule(i)` is when upload i is due (ms since start), or null to stop. */
async function drive(
  target: Target,
  template: ReturnType<typeof multipartTemplate>,
  next: (i: number, now: number) => number | null,
  parallel: number,
): Promise<RunResult> {
  const url = new URL(target.url);
  const pool = new Pool(url.origin, { connections: CONNECTIONS, headersTimeout: 60_000, bodyTimeout: 60_000 });
  const headers = { ...target.headers, 'content-type': template.contentType };
  const result: RunResult = { ok: 0, non2xx: 0, errors: 0, seconds: 0, latencies: [] };
  const start = performance.now();
  let i = 0;
  const lane = async () => {
    for (;;) {
      const n = i++;
      const due = next(n, performance.now() - start);
      if (due === null) return;
      const wait = start + due - performance.now();
      if (wait > 0) await sleep(wait);
      const body = Buffer.from(template.body);
      if (template.counterAt > 0) body.write(`${process.pid}-${n}-`.padEnd(16, 'x'), template.counterAt, 'latin1');
      try {
        const res = await pool.request({ method: 'POST', path: url.pathname, headers, body });
        await res.body.text();
        result.latencies.push(performance.now() - (start + due));
        if (res.statusCode === 200) result.ok += 1;
        else result.non2xx += 1;
      } catch {
        result.errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: parallel }, lane));
  result.seconds = (performance.now() - start) / 1000;
  await pool.close();
  result.latencies.sort((a, b) => a - b);
  return result;
}

/** Open model at `rate` uploads/s for `duration` s (enough lanes that none waits for another). */
const fixedRate = (target: Target, template: ReturnType<typeof multipartTemplate>, duration: number, rate: number) =>
  drive(target, template, (n) => (n < duration * rate ? (n * 1000) / rate : null), Math.min(1024, Math.ceil(rate * 10)));

/** Closed loop: `concurrency` uploaders back to back for `duration` s. */
const closedLoop = (target: Target, template: ReturnType<typeof multipartTemplate>, duration: number, concurrency: number) =>
  drive(target, template, (_n, now) => (now < duration * 1000 ? now : null), concurrency);

const percentile = (sorted: number[], p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN);

function row(label: string | number, r: RunResult, duration: number): Record<string, string | number> {
  return {
    load: label,
    'scans/s (200)': Math.round((r.ok / Math.max(duration, r.seconds)) * 10) / 10,
    'p50 ms': percentile(r.latencies, 50),
    'p90 ms': percentile(r.latencies, 90),
    'p99 ms': percentile(r.latencies, 99),
    'max ms': Math.round(r.latencies.at(-1) ?? NaN),
    ok: r.ok,
    'not 200': r.non2xx,
    errors: r.errors,
  };
}

function printTable(rows: Record<string, string | number>[]) {
  const keys = Object.keys(rows[0] ?? {});
  const cell = (v: string | number | undefined) => (typeof v === 'number' ? v.toLocaleString('en-GB', { maximumFractionDigits: 1 }) : (v ?? ''));
  const widths = keys.map((k) => Math.max(k.length, ...rows.map((r) => String(cell(r[k])).length)));
  const line = (cells: string[]) => cells.map((v, i) => (i === 0 ? v.padEnd(widths[i] ?? 0) : v.padStart(widths[i] ?? 0))).join('  ');
  console.log(line(keys));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(keys.map((k) => String(cell(r[k])))));
}

async function main() {
  console.log(`starting ${TARGET} ...`);
  const target = await startTarget();
  try {
    const template = multipartTemplate();
    // One upload checked against the contract, then a warm-up (JIT, pools, clamd).
    const check = await fetch(target.url, { method: 'POST', headers: { ...target.headers, 'content-type': template.contentType }, body: template.body });
    if (check.status !== 200) throw new Error(`check upload answered ${check.status}: ${await check.text()}`);
    uploadResponseSchema.parse(await check.json());
    await fixedRate(target, template, 3, Math.min(RATES[0] ?? 10, 25));

    const rows: Record<string, string | number>[] = [];
    for (const rate of RATES) rows.push(row(`${rate}/s fixed`, await fixedRate(target, template, DURATION, rate), DURATION));
    rows.push(row(`closed loop x${CONCURRENCY}`, await closedLoop(target, template, DURATION, CONCURRENCY), DURATION));
    console.log(
      `\n${TARGET}: ${(template.body.length / 1024).toFixed(0)} KB multipart (${KIND}), ${DURATION} s per row, ${CONNECTIONS} connections, worker concurrency ${WORKER_CONCURRENCY}`,
    );
    printTable(rows);
  } finally {
    await target.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
