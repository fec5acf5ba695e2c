/**
 * The applications desk listing (issue 9 item 10, issue 26 item 3): GET /api/admin/applications
 * through the real gateway over 50,000 applications, for name searches, a public reference and
 * each status filter, at a fixed rate with autocannon, signed in as the demo Administrator;
 * applications-svc on a PostgreSQL test database, then on PGlite (figures side by side). Goal:
 * p95 under 50 ms on PostgreSQL. Prints figures; asserts nothing.
 *
 * applications-svc runs in this process (its database must be seeded before it is timed, and the
 * stack launcher does not hand out its database URL); courses-svc, assessment-svc, the gateway and
 * the demo directory are the real processes of `startStack` / `startDirectory`.
 *
 *   npx tsx tools/bench/desk/gateway.ts [--applications 50000] [--rate 100] [--duration 10] [--database both|postgres|pglite]
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { applicationListingResponseSchema, XSRF_COOKIE } from '@clearing-desk/contracts';
import { createTestDatabase } from '@clearing-desk/service-kit/testing';
import { DEMO_DIRECTORY, freePort, startDirectory, startStack } from '@clearing-desk/stack';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { percentile, printTable } from '../assessment/fixtures';
import { type Db, seed, SCENARIOS } from './seed';

/** applications-svc's modules, loaded at run time (see tools/bench/figures/service.ts for why). */
type ApplicationsApp = FastifyInstance & { db: Db };
/** The service's public entry, named through a variable so TypeScript does not follow it. */
const APPLICATIONS_SVC: string = '@clearing-desk/applications-svc';
const loadService = async () =>
  (await import(APPLICATIONS_SVC)) as {
    buildApp: (config: unknown) => Promise<ApplicationsApp>;
    applicationsConfigSchema: { parse: (env: Record<string, string>) => unknown };
  };

const { values } = parseArgs({
  options: {
    applications: { type: 'string', default: '50000' },
    rate: { type: 'string', default: '100' },
    duration: { type: 'string', default: '10' },
    database: { type: 'string', default: 'both' },
  },
});
const APPLICATIONS = Number(values.applications);
const RATE = Number(values.rate);
const DURATION = Number(values.duration);
/** Which databases applications-svc runs on, one after the other (the gateway and the other services stay). */
const DATABASES: ('postgres' | 'pglite')[] = values.database === 'both' ? ['postgres', 'pglite'] : [values.database as 'postgres' | 'pglite'];

/** Signs in as `username` (GET /api/ping for the XSRF cookies, then the LDAP login); answers the cookie header. */
async function signIn(gatewayUrl: string, username: string): Promise<string> {
  const ping = await fetch(`${gatewayUrl}/api/ping`);
  const jar = new Map(ping.headers.getSetCookie().map((line) => (line.split(';')[0] ?? '').split('=') as [string, string]));
  const token = decodeURIComponent(jar.get(XSRF_COOKIE) ?? '');
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const login = await fetch(`${gatewayUrl}/api/admin/auth/ldap`, {
    method: 'PUT',
    headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password: DEMO_DIRECTORY.password, token }),
  });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  for (const line of login.headers.getSetCookie()) {
    const [k, v] = (line.split(';')[0] ?? '').split('=') as [string, string];
    jar.set(k, v);
  }
  return cookie();
}

/** autocannon at a fixed rate; every response time recorded so the p95 is exact (autocannon reports p90 and p97.5). */
async function measure(url: string, cookie: string, duration: number, rate: number) {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, headers: { cookie }, connections: 20, duration, overallRate: rate }, (err, res) => (err ? reject(err) : resolve(res)));
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  times.sort((a, b) => a - b);
  return { result, p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1) ?? NaN };
}

/**
 * applications-svc in this process on `database` (a fresh PostgreSQL test database, or PGlite in
 * a temporary folder), listening on `port`, seeded. stop() closes it and drops its data.
 */
async function startApplications(database: 'postgres' | 'pglite', port: number, internalToken: string) {
  const { buildApp, applicationsConfigSchema } = await loadService();
  const testDatabase = database === 'postgres' ? await createTestDatabase('bench_desk') : undefined;
  const dataDir = database === 'pglite' ? mkdtempSync(path.join(tmpdir(), 'bench-desk-pglite-')) : undefined;
  const env: Record<string, string> = { INTERNAL_TOKEN: internalToken, LOG_LEVEL: 'warn' };
  if (testDatabase) env.DATABASE_URL = testDatabase.url;
  if (dataDir) env.DATA_DIR = dataDir;
  const app = await buildApp(applicationsConfigSchema.parse(env));
  const stop = async () => {
    await app.close();
    await testDatabase?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await app.listen({ port, host: '127.0.0.1' });
    const seedStart = Date.now();
    await seed(app.db, APPLICATIONS);
    const [{ count } = { count: 0 }] = (await app.db.execute<{ count: number }>(sql`select count(*)::int as count from applications`)).rows;
    console.log(`${database}: seeded ${count.toLocaleString('en-GB')} applications in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);
    return { count, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function main() {
  const internalToken = randomBytes(24).toString('base64url');
  const databases = DATABASES;
  // applications-svc listens on one port whichever database it runs on, so one gateway serves both runs.
  const applicationsPort = await freePort();
  const directory = await startDirectory({ port: 'free' });
  try {
    const stack = await startStack({
      services: ['courses', 'assessment'],
      database: 'test',
      seedDemoData: true,
      directoryUrl: directory.url,
      env: { INTERNAL_TOKEN: internalToken, LOG_LEVEL: 'warn' },
      gatewayEnv: { APPLICATIONS_URL: `http://127.0.0.1:${applicationsPort}` },
      logs: 'silent',
    });
    try {
      const rows = new Map<string, Record<string, string | number>>(SCENARIOS.map(([name]) => [name, { listing: name }]));
      let count = 0;
      for (const database of databases) {
        const applications = await startApplications(database, applicationsPort, internalToken);
        count = applications.count;
        try {
          const cookie = await signIn(stack.gatewayUrl, 'admin');
          for (const [name, query] of SCENARIOS) {
            const url = `${stack.gatewayUrl}/api/admin/applications?${query}&page_size=10`;
            const check = await fetch(url, { headers: { cookie } });
            if (check.status !== 200) throw new Error(`${query}: ${check.status} ${await check.text()}`);
            const { total, total_capped } = applicationListingResponseSchema.parse(await check.json());
            await measure(url, cookie, 2, RATE); // warm-up: JIT, pools, database buffers
            const { result, p50, p95, max } = await measure(url, cookie, DURATION, RATE);
            const row = rows.get(name) as Record<string, string | number>;
            if (row.total === undefined) row.total = total_capped ? `> ${total.toLocaleString('en-GB')}` : total;
            const tag = database === 'postgres' ? 'pg' : 'pglite';
            Object.assign(row, {
              [`${tag} req/s`]: Math.round(result.requests.total / result.duration),
              [`${tag} p50 ms`]: p50,
              [`${tag} p95 ms`]: p95,
              [`${tag} max ms`]: max,
              [`${tag} non-2xx`]: result.non2xx,
            });
          }
        } finally {
          await applications.stop();
        }
      }
      console.log(`\nGET /api/admin/applications (page_size 10) over ${count.toLocaleString('en-GB')} applications, ${DURATION} s at ${RATE} req/s each`);
      printTable([...rows.values()]);
      for (const database of databases) {
        const tag = database === 'postgres' ? 'pg' : 'pglite';
        const under = [...rows.values()].filter((r) => Number(r[`${tag} p95 ms`]) < 50).length;
        console.log(`${database}: ${under} of ${rows.size} listings with p95 < 50 ms`);
      }
    } finally {
      await stack.stop();
    }
  } finally {
    await directory.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
