/**
 * The applications desk listing: GET /api/admin/applications
 * through the real gateway over 50,000 applications, for name searches, a public reference and
 * each status filter, at a fixed rate with autocannon, signed in as the demo Administrator;
 * applications-svc on a PostgreSQL test database, then on PGlite (figures side by side). Goal:
 * p95 under 50 ms on PostgreSQL. Prints figures; asserts nothing.
 *
 * applications-svc is migrated and seeded in this process, then closed and run as a process of its
 * own on that database (as production runs it: autocannon, in this process, no longer shares its
 * event loop); courses-svc, assessment-svc, the gateway and the demo directory are the real
 * processes of `startStack` / `startDirectory`. Before any kind is timed, every kind is sent for a
 * second (the whole path warm, as a desk in use is), then each kind has its own 2 s warm-up.
 * `--profile DIR` writes CPU profiles of the gateway and applications-svc over the timed runs
 * (tools/bench/gateway/cpu-profile-hook.mjs) to DIR.
 *
 *   npx tsx tools/bench/desk/gateway.ts [--applications 50000] [--rate 100] [--duration 10] [--database both|postgres|pglite] [--profile DIR]
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { applicationListingResponseSchema, XSRF_COOKIE } from '@clearing-desk/contracts';
import { createTestDatabase } from '@clearing-desk/service-kit/testing';
import { DEMO_DIRECTORY, freePort, REPO_ROOT, RUN_SERVICE, startDirectory, startStack } from '@clearing-desk/stack';
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
    profile: { type: 'string' },
  },
});
const APPLICATIONS = Number(values.applications);
const RATE = Number(values.rate);
const DURATION = Number(values.duration);
/** Which databases applications-svc runs on, one after the other (the gateway and the other services stay). */
const DATABASES: ('postgres' | 'pglite')[] = values.database === 'both' ? ['postgres', 'pglite'] : [values.database as 'postgres' | 'pglite'];
/** With --profile: the folder of the CPU profiles, and the environment that makes a process write one (from SIGWINCH to exit). */
const PROFILE_DIR = values.profile ? path.resolve(values.profile) : undefined;
const profileEnv = (): Record<string, string> =>
  PROFILE_DIR ? { NODE_OPTIONS: `--import=${path.join(__dirname, '../gateway/cpu-profile-hook.mjs')}`, CPU_PROFILE_DIR: PROFILE_DIR } : {};

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

/** Waits until the service at `url` answers /readyz, or fails when `child` exits first. */
async function waitUntilReady(url: string, child: ReturnType<typeof spawn>, tail: string[]): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`applications-svc exited with ${child.exitCode}:\n${tail.join('')}`);
    const ready = await fetch(`${url}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ready) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`applications-svc was not ready within 120 s:\n${tail.join('')}`);
}

/**
 * applications-svc on `database` (a fresh PostgreSQL test database, or PGlite in a temporary
 * folder): migrated and seeded in this process, then run as its own process (the stack's one
 * entry, RUN_SERVICE) listening on `port`. stop() ends it and drops its data.
 */
async function startApplications(database: 'postgres' | 'pglite', port: number, internalToken: string) {
  const { buildApp, applicationsConfigSchema } = await loadService();
  const testDatabase = database === 'postgres' ? await createTestDatabase('bench_desk') : undefined;
  const dataDir = database === 'pglite' ? mkdtempSync(path.join(tmpdir(), 'bench-desk-pglite-')) : undefined;
  const env: Record<string, string> = { INTERNAL_TOKEN: internalToken, LOG_LEVEL: 'warn' };
  if (testDatabase) env.DATABASE_URL = testDatabase.url;
  if (dataDir) env.DATA_DIR = dataDir;
  let child: ReturnType<typeof spawn> | undefined;
  const stop = async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    await testDatabase?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const app = await buildApp(applicationsConfigSchema.parse(env));
    let count = 0;
    try {
      const seedStart = Date.now();
      await seed(app.db, APPLICATIONS);
      [{ count } = { count: 0 }] = (await app.db.execute<{ count: number }>(sql`select count(*)::int as count from applications`)).rows;
      console.log(`${database}: seeded ${count.toLocaleString('en-GB')} applications in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);
    } finally {
      await app.close(); // PGlite's folder has one user at a time
    }
    const dir = path.join(REPO_ROOT, 'apps/applications-svc');
    child = spawn(process.execPath, ['--import', 'tsx', RUN_SERVICE, dir], {
      cwd: REPO_ROOT,
      env: { ...process.env, TSX_TSCONFIG_PATH: path.join(dir, 'tsconfig.json'), HOST: '127.0.0.1', PORT: String(port), ...env, ...profileEnv() },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const tail: string[] = [];
    child.stderr?.on('data', (chunk: Buffer) => {
      tail.push(chunk.toString());
      if (tail.length > 20) tail.shift();
    });
    await waitUntilReady(`http://127.0.0.1:${port}`, child, tail);
    return { count, stop, pid: child.pid as number };
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
  if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
  try {
    const stack = await startStack({
      services: ['courses', 'assessment'],
      database: 'test',
      seedDemoData: true,
      directoryUrl: directory.url,
      env: { INTERNAL_TOKEN: internalToken, LOG_LEVEL: 'warn' },
      gatewayEnv: { APPLICATIONS_URL: `http://127.0.0.1:${applicationsPort}`, ...profileEnv() },
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
          const urlOf = (query: string) => `${stack.gatewayUrl}/api/admin/applications?${query}&page_size=10`;
          // The whole path warm before any kind is timed (the first kind timed paid for it otherwise).
          for (const [, query] of SCENARIOS) await measure(urlOf(query), cookie, 1, RATE);
          // --profile: the gateway and applications-svc profile from here (the hook starts on SIGWINCH) to their exit.
          if (PROFILE_DIR) for (const pid of [stack.pid('gateway'), applications.pid]) if (pid) process.kill(pid, 'SIGWINCH');
          for (const [name, query] of SCENARIOS) {
            const url = urlOf(query);
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
      if (PROFILE_DIR) console.log(`CPU profiles (gateway, applications-svc) written to ${PROFILE_DIR} when they exit`);
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
