import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { clockFromSetting, demoCycle, todayOf } from '@clearing-desk/contracts';
import { embeddedPostgresUnreachable } from './embedded-postgres';
import { DEMO_DIRECTORY, type Directory, REPO_ROOT, type Stack, freePort, startDirectory, startStack } from './stack';

/** The demo staff directory's fixed port for `npm start` (tools/ldap/README.md). */
const DIRECTORY_PORT = 3389;
/**
 * Where `npm start` keeps its data (default .data/ in the repository). CLEARING_DATA_ROOT moves it:
 * the memory benchmark (tools/bench/memory) starts the stack as `npm start` does on a fresh folder.
 */
const DATA_ROOT = process.env.CLEARING_DATA_ROOT ? path.resolve(process.env.CLEARING_DATA_ROOT) : path.join(REPO_ROOT, '.data');
/** CLEARING_PORTS=free: every process on a free port instead of the defaults (a second stack beside one on them). */
const FREE_PORTS = process.env.CLEARING_PORTS === 'free';

/**
 * The demo staff directory (tools/ldap) on 127.0.0.1:3389, data in .data/ldap. Not started when
 * LDAP_URL points the gateway at another directory; when slapd is missing or fails, the product
 * still runs and staff sign-in answers 503.
 */
async function startDemoDirectory(): Promise<Directory | null> {
  if (process.env.LDAP_URL) {
    console.log(`Staff sign-in uses the directory at ${process.env.LDAP_URL} (LDAP_URL); the demo directory is not started.`);
    return null;
  }
  try {
    return await startDirectory({ port: FREE_PORTS ? 'free' : DIRECTORY_PORT, dataDir: path.join(DATA_ROOT, 'ldap'), logs: 'pretty' });
  } catch (err) {
    console.warn(`Warning: the demo staff directory did not start, so staff sign-in will answer 503.\n${err instanceof Error ? err.message : err}\n`);
    return null;
  }
}

/**
 * The embedded database engine (ADR 0005): one PostgreSQL server, unless
 * CLEARING_EMBEDDED_DATABASE=pglite or, as root, the server's user could not reach the data folder
 * (then PGlite per service, said on the console).
 */
function embeddedEngine(): 'postgres' | 'pglite' {
  if (process.env.CLEARING_EMBEDDED_DATABASE === 'pglite') return 'pglite';
  const unreachable = embeddedPostgresUnreachable(DATA_ROOT);
  if (unreachable === null) return 'postgres';
  console.warn(`Using one PGlite database per service: ${unreachable}.`);
  return 'pglite';
}

/**
 * The gateway's SESSION_SECRET under `npm start` (no committed default): the
 * environment's when set, else one generated on the first start and kept in .data/session-secret
 * (mode 0600, beside the data it protects), so a restart keeps the advisers' sessions.
 */
function localSessionSecret(): string {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  const file = path.join(DATA_ROOT, 'session-secret');
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * The demo cycle `npm start` runs (domain.md "Recruitment cycles": a fresh start shows no start
 * date in the past): contracts' demoCycle of today by the clock (CLEARING_CLOCK, else the real
 * date), as INTAKE_YEAR (its name), COURSE_START_DATE (its default course start, which the
 * demo catalogue's start dates are set from) and its window and results day (CLEARING_OPENS,
 * CLEARING_CLOSES, RESULTS_DAY: applications-svc seeds the stored cycle from them). A
 * university's own INTAKE_YEAR keeps its cycle.
 */
function demoCycleEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  if (env.INTAKE_YEAR) return env.COURSE_START_DATE ? { COURSE_START_DATE: env.COURSE_START_DATE } : {};
  const cycle = demoCycle(todayOf(clockFromSetting(env.CLEARING_CLOCK)));
  // The stack reads INTAKE_YEAR from the environment too (status links of the demo intake).
  process.env.INTAKE_YEAR = cycle.NAME;
  return {
    INTAKE_YEAR: cycle.NAME,
    COURSE_START_DATE: cycle.COURSE_START_DATE,
    // applications-svc stores the demo cycle from these on its first start (seedCycle).
    CLEARING_OPENS: cycle.CLEARING_OPENS,
    CLEARING_CLOSES: cycle.CLEARING_CLOSES,
    RESULTS_DAY: cycle.RESULTS_DAY,
  };
}

/**
 * The product on its embedded defaults: every service on its default port, one embedded
 * PostgreSQL server (port 3100, data in .data/postgres; ADR 0005) with a database per service, the demo catalogue loaded on first start, the demo staff directory on port 3389, the
 * gateway on PORT (default 3000), and the local mail catcher (maildev: SMTP 1025, inbox
 * http://localhost:1080) that receives the decision emails unless SMTP_URL names a relay.
 */
async function main() {
  // CLEARING_PORTS=free moves the gateway too (PORT still wins), and gives the second stack Redis
  // keys and queues of its own, named after its data folder so its sessions survive its restarts.
  const port = process.env.PORT ? Number(process.env.PORT) : FREE_PORTS ? await freePort() : 3000;
  const redisPrefix = FREE_PORTS ? `clearing-desk-${createHash('sha256').update(DATA_ROOT).digest('hex').slice(0, 8)}` : 'clearing-desk';
  const directory = await startDemoDirectory();
  const cycle = demoCycleEnv();
  let stack: Stack;
  try {
    stack = await startStack({
      database: 'embedded',
      seedDemoData: true,
      ports: FREE_PORTS ? 'free' : 'fixed',
      gatewayPort: port,
      dataRoot: DATA_ROOT,
      redisPrefix,
      // One embedded PostgreSQL server for every service (ADR 0005); CLEARING_EMBEDDED_DATABASE=pglite: one PGlite each, as before.
      embeddedEngine: embeddedEngine(),
      // Compiled apps (start.mjs builds them and sets this; ADR 0005); unset: TypeScript with tsx.
      ...(process.env.CLEARING_BUNDLES_DIR ? { bundlesDir: process.env.CLEARING_BUNDLES_DIR } : {}),
      logs: 'pretty',
      // A demo cycle open today (or on CLEARING_CLOCK's day): the catalogue's courses start after it.
      env: cycle,
      // The gateway gets LDAP_URL, ROLE_MAPPING_FILE and the other LDAP_* settings (demoDirectoryEnv).
      directoryUrl: directory?.url,
      gatewayEnv: { SESSION_SECRET: localSessionSecret() },
      // A crashed service or gateway comes back by itself, with backoff.
      restart: true,
      // A university's own relay (SMTP_URL) replaces the local mail catcher.
      ...(process.env.SMTP_URL ? { smtpUrl: process.env.SMTP_URL } : {}),
    });
  } catch (err) {
    await directory?.stop();
    throw err;
  }
  console.log(`\nClearing Desk is running at http://localhost:${port}${process.env.BASE_PATH ?? '/'}  (Ctrl+C stops it)`);
  // Each app's Prometheus text, on a port of its own (never the gateway's public port).
  const metrics = Object.entries(stack.metricsUrls).map(([name, url]) => `${name} ${url}/metrics`);
  console.log(`Metrics (Prometheus): ${metrics.join(', ')}`);
  if (directory) console.log(`Staff sign-in: admin / ${DEMO_DIRECTORY.password} (tools/ldap/README.md lists every account)`);
  if (stack.mailInboxUrl)
    console.log(`Demo emails (decision emails to applicants) arrive in the local inbox: ${stack.mailInboxUrl.replace('127.0.0.1', 'localhost')}`);
  else console.log(`Decision emails go to ${process.env.SMTP_URL?.replace(/\/\/[^@/]*@/, '//***@')} (SMTP_URL)`);
  console.log('');
  const shutdown = async () => {
    await stack.stop();
    await directory?.stop();
    process.exit(0);
  };
  // The launcher owns the order of the shutdown: the services first, then the embedded database
  // server. embedded-postgres (through async-exit-hook) listens to these signals too and would stop
  // its server and exit before the services have stopped, so its listeners are replaced.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, shutdown);
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
