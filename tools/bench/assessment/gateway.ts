/**
 * POST /api/apply/{course}/assess through the real stack (gateway -> courses-svc -> assessment-svc)
 * with autocannon at a fixed request rate. Goal: 2,000 req/s with p99 < 50 ms.
 * Prints figures; asserts nothing. autocannon runs in this process, on the same machine as the
 * services, so its own CPU use counts against them.
 *
 *   npx tsx tools/bench/assessment/gateway.ts [--rate 2000] [--duration 10] [--connections 64]
 *                                             [--database embedded|test] [--course G400]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { assessResponseSchema, XSRF_COOKIE, type AssessForm } from '@clearing-desk/contracts';
import { startStack } from '@clearing-desk/stack';
import autocannon from 'autocannon';
import { RED_FORM, TYPICAL_FORM, printTable } from './fixtures';

const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '2000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '64' },
    database: { type: 'string', default: 'test' },
    course: { type: 'string', default: 'G400' },
  },
});
const RATE = Number(values.rate);
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const DATABASE = values.database === 'embedded' ? 'embedded' : 'test';
const COURSE = values.course ?? 'G400';

/** GET /api/ping to collect the XSRF-TOKEN and _csrf cookies, as the browser does. */
async function session(gatewayUrl: string): Promise<{ cookie: string; token: string }> {
  const res = await fetch(`${gatewayUrl}/api/ping`);
  const pairs = res.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
  const token = pairs.find((p) => p.startsWith(`${XSRF_COOKIE}=`))?.slice(`${XSRF_COOKIE}=`.length);
  if (!token) throw new Error('no XSRF-TOKEN cookie from /api/ping');
  return { cookie: pairs.join('; '), token: decodeURIComponent(token) };
}

async function run(url: string, cookie: string, token: string, form: AssessForm, duration: number, rate: number) {
  return autocannon({
    url,
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ data: form, token }),
    connections: CONNECTIONS,
    duration,
    overallRate: rate,
  });
}

async function main() {
  console.log(`starting the stack (database: ${DATABASE}) ...`);
  // Embedded databases go to a fresh folder, never the .data/ of a running `npm start`.
  const dataRoot = DATABASE === 'embedded' ? mkdtempSync(path.join(tmpdir(), 'clearing-bench-')) : undefined;
  // One load generator is one client address: the per-address limit (still counted in Redis) is raised so it measures, not refuses.
  const gatewayEnv = { RATE_LIMIT_ASSESS_MAX: String(Number.MAX_SAFE_INTEGER) };
  const stack = await startStack({ services: ['courses', 'applications', 'assessment'], database: DATABASE, seedDemoData: true, dataRoot, gatewayEnv });
  try {
    const { cookie, token } = await session(stack.gatewayUrl);
    const url = `${stack.gatewayUrl}/api/apply/${COURSE}/assess`;
    const rows: Record<string, string | number>[] = [];
    for (const [name, form] of [
      ['typical (green)', TYPICAL_FORM],
      ['red (+ alternatives)', RED_FORM],
    ] as const) {
      // One request checked against the contract, then a short warm-up (JIT, connection pools).
      const check = await fetch(url, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ data: form, token }) });
      const parsed = assessResponseSchema.parse(await check.json());
      await run(url, cookie, token, form, 3, Math.min(RATE, 1000));
      const r = await run(url, cookie, token, form, DURATION, RATE);
      rows.push({
        form: `${name}: ${parsed.result.TRAFFIC_LIGHT}`,
        'target req/s': RATE,
        'achieved req/s': Math.round(r.requests.total / r.duration),
        'p50 ms': r.latency.p50,
        'p90 ms': r.latency.p90,
        'p99 ms': r.latency.p99,
        'max ms': r.latency.max,
        '2xx': r['2xx'],
        'non-2xx': r.non2xx,
        errors: r.errors + r.timeouts,
      });
    }
    console.log(`\nPOST /api/apply/${COURSE}/assess, ${DURATION} s at ${RATE} req/s, ${CONNECTIONS} connections`);
    printTable(rows);
  } finally {
    await stack.stop();
    if (dataRoot) rmSync(dataRoot, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
