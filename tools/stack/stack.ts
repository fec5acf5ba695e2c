import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { INTAKE_YEAR, intakeCycleEnd, londonWallClock } from '@clearing-desk/contracts';
import { createTestDatabase, freePort, type TestDatabase } from '@clearing-desk/service-kit/testing';

import { demoDirectoryEnv } from './directory';
import { startEmbeddedPostgres, type EmbeddedDatabaseServer } from './embedded-postgres';
import { startMailCatcher, type MailCatcher } from './mail-catcher';

// The demo/test staff directory (OpenLDAP slapd) and the mail catcher (maildev) share this entry point.
export * from './directory';
export * from './mail-catcher';
export * from './traces';
export { embeddedPostgresUnreachable } from './embedded-postgres';

/** Repository root (this file is tools/stack/stack.ts). */
export const REPO_ROOT = path.resolve(__dirname, '../..');

export type ServiceName = 'courses' | 'applications' | 'assessment' | 'files' | 'scenarios' | 'notifications';

type ServiceSpec = { dir: string; port: number; metricsPort: number; database: boolean };

/**
 * Every service with its default API and metrics ports (architecture.md "Ports"; each app's
 * config has the same defaults) and whether it owns a database.
 */
export const SERVICES: Record<ServiceName, ServiceSpec> = {
  courses: { dir: 'apps/courses-svc', port: 3101, metricsPort: 9301, database: true },
  applications: { dir: 'apps/applications-svc', port: 3102, metricsPort: 9302, database: true },
  assessment: { dir: 'apps/assessment-svc', port: 3103, metricsPort: 9303, database: false },
  files: { dir: 'apps/files-svc', port: 3104, metricsPort: 9304, database: true },
  scenarios: { dir: 'apps/scenarios-svc', port: 3105, metricsPort: 9305, database: true },
  notifications: { dir: 'apps/notifications-svc', port: 3106, metricsPort: 9306, database: true },
};
/** The gateway's default metrics port (its API port is PORT, default 3000). */
export const GATEWAY_METRICS_PORT = 9300;

/** The embedded PostgreSQL server's port under `npm start` (ports: 'fixed'; ADR 0005). */
export const EMBEDDED_POSTGRES_PORT = 3100;

/** The mail catcher's ports under `npm start` (ports: 'fixed'): SMTP 1025 and the web inbox 1080. */
export const MAIL_CATCHER_PORTS = { smtp: 1025, web: 1080 } as const;
export const ALL_SERVICES = Object.keys(SERVICES) as ServiceName[];

export type StackOptions = {
  /** Services to start besides the gateway (default: all). */
  services?: ServiceName[];
  /**
   * 'embedded': PGlite under `dataRoot` (npm start). 'test': a fresh database per service on the
   * machine's PostgreSQL, dropped by stop().
   */
  database: 'embedded' | 'test';
  /**
   * The engine of an 'embedded' stack: 'postgres' (default, `npm start`; ADR 0005) one PostgreSQL
   * server from the embedded-postgres package under `<dataRoot>/postgres`, a database per service;
   * 'pglite' one PGlite per service under `<dataRoot>/<service>-svc` (CLEARING_EMBEDDED_DATABASE=pglite).
   */
  embeddedEngine?: 'postgres' | 'pglite';
  /** Run courses-svc's and scenarios-svc's `seed` command (demo catalogue, demo scenarios into empty tables) before each starts. */
  seedDemoData?: boolean;
  /** 'fixed' uses the default ports (gateway 3000 or PORT); 'free' picks free ones (tests). */
  ports?: 'fixed' | 'free';
  gatewayPort?: number;
  dataRoot?: string;
  /**
   * The prefix of every Redis key and queue of an 'embedded' stack (sessions, rate limits, the scan,
   * email and places queues); default 'clearing-desk'. A second stack beside the first
   * (CLEARING_PORTS=free) gets its own, so the two never share sessions or jobs. Test stacks always
   * get a one-off prefix.
   */
  redisPrefix?: string;
  /** Extra environment for every process (e.g. CLEARING_INITIAL_STATE). */
  env?: Record<string, string>;
  /** 'pretty' prints one readable line per log entry; 'silent' keeps only the last lines for errors. */
  logs?: 'pretty' | 'silent';
  /** Told every line each process writes (its name, e.g. 'applications', and the raw line): the log-scan test reads them all. */
  onLogLine?: (name: string, line: string) => void;
  /** URL of a running demo directory (`startDirectory`) the gateway signs staff in against. */
  directoryUrl?: string;
  /** Extra environment for the gateway only (e.g. OIDC settings, short session timeouts). */
  gatewayEnv?: Record<string, string>;
  /**
   * Restart a process that exits after start-up, with exponential backoff (0.1 s doubling to 10 s,
   * reset after a minute up), and say so on stdout: `npm start` only. Tests keep
   * the default (false) so that a crash fails them.
   */
  restart?: boolean;
  /**
   * Told when `restart` has spawned a process again (its name, e.g. 'notifications', and new pid):
   * tools/bench/notifications times a killed service's way back.
   */
  onRestart?: (name: string, pid: number | undefined) => void;
  /**
   * Where notifications-svc sends email (SMTP_URL). Unset: the stack starts its own mail catcher
   * (maildev; fixed ports 1025/1080, else free ones) whenever notifications-svc is started.
   */
  smtpUrl?: string;
  /**
   * Processes per service (default 1), e.g. `{ assessment: 2 }`: each on its own port, the
   * gateway given all their URLs (comma-separated `<NAME>_URL`). Instances of a
   * service with a database share it.
   */
  instances?: Partial<Record<ServiceName, number>>;
  /**
   * Run every app from its compiled bundle, `<bundlesDir>/<app folder>/server.js` (tools/images
   * stack-bundles.ts), with plain node: `npm start` (ADR 0005: tsx cost each process 70-80 MB).
   * Unset: the CLEARING_BUNDLES_DIR environment variable's folder when set (`npm test` compiles the
   * apps once and every test stack starts from them), else from TypeScript with tsx, as a single
   * test run by a developer starts them (their sources as they are now, nothing to rebuild).
   */
  bundlesDir?: string;
};

export type Stack = {
  gatewayUrl: string;
  /** The first instance's URL of each service. */
  urls: Partial<Record<ServiceName, string>>;
  /** Every instance's URL of each service (StackOptions.instances). */
  instanceUrls: Partial<Record<ServiceName, string[]>>;
  /** Each app's metrics port (`<url>/metrics`: Prometheus text), the gateway's too. */
  metricsUrls: Partial<Record<ServiceName | 'gateway', string>>;
  /** DATABASE_URL of each service with a database, on a 'test' stack (tests count rows to prove nothing was stored). */
  databaseUrls: Partial<Record<ServiceName, string>>;
  /** The random secret this stack's gateway and services share (INTERNAL_TOKEN). */
  internalToken: string;
  /** The gateway's SESSION_SECRET (random per stack unless given), for a second gateway sharing its sessions. */
  sessionSecret: string;
  /** The stack's mail catcher (its web inbox and API), when it started one. */
  mailInboxUrl: string | null;
  /** SMTP_URL notifications-svc sends to. */
  smtpUrl: string | null;
  /** The BullMQ prefix applications-svc's outbox relay and notifications-svc share. */
  queuePrefix: string;
  /** Process id of a running service (its first instance) or of the gateway (tests kill one to see the stack heal). */
  /** The pid of a process of the stack; 'postgres' is the embedded PostgreSQL server's postmaster. */
  pid: (name: ServiceName | 'gateway' | 'postgres') => number | undefined;
  /** Process ids of every instance of a service, in the order of `instanceUrls`. */
  instancePids: (name: ServiceName) => (number | undefined)[];
  stop: () => Promise<void>;
};

/**
 * The last day the demo intake's status page links work on this machine (applications-svc
 * INTAKE_CYCLE_END, yyyy-mm-dd), or null when its default (intakeCycleEnd: 31 March of the
 * intake's second year) is still ahead. The demo catalogue is of the spec's 2025/26 intake: on a
 * clock past that cycle's end every link in a demo email would answer 410 at once, so the stack
 * keeps them working until the next 31 March instead. A deployment sets INTAKE_YEAR to its
 * current cycle and needs none of this.
 */
export function demoIntakeCycleEnd(intake: string, now: Date = new Date()): string | null {
  if (now.getTime() <= intakeCycleEnd(intake).getTime()) return null;
  const year = now.getUTCFullYear();
  return now.getTime() <= londonWallClock(`${year}-03-31`, '23:59').getTime() ? `${year}-03-31` : `${year + 1}-03-31`;
}

/** The clock of test stacks (CLEARING_CLOCK): 09:00 Europe/London on results day 2025. */
export const TEST_STACK_CLOCK = '2025-08-14T08:00:00Z';

/**
 * Backoff of the restart of a crashed process: 0.1 s doubling to 10 s. The
 * first restart is quick because a killed service's work waits for it (the decision emails a
 * killed notifications-svc would send: tools/bench/notifications); a process that keeps crashing
 * reaches 10 s after eight attempts.
 */
export function restartDelayMs(attempt: number): number {
  return Math.min(100 * 2 ** attempt, 10_000);
}
/** A process up this long has recovered: its next crash starts the backoff again at 0.5 s. */
const RESTART_RESET_AFTER_MS = 60_000;

/** A free TCP port on the loopback interface (service-kit's, re-exported for tools and tests). */
export { freePort } from '@clearing-desk/service-kit/testing';

type Running = { name: string; child: ChildProcess; tail: string[] };

/**
 * Watches a running process and, when it exits while the stack is not stopping, spawns it
 * again after restartDelayMs, printing what happened. `spawnAgain` returns the new child.
 */
function superviseRestarts(run: Running, spawnAgain: () => ChildProcess, stopping: () => boolean, onRestart?: StackOptions['onRestart']) {
  let attempt = 0;
  const watch = () => {
    const startedAt = Date.now();
    run.child.once('exit', (code, signal) => {
      if (stopping()) return;
      if (Date.now() - startedAt >= RESTART_RESET_AFTER_MS) attempt = 0;
      const delay = restartDelayMs(attempt);
      attempt += 1;
      process.stdout.write(`[stack] ${run.name} exited (${signal ?? `code ${code}`}); restarting in ${delay / 1000} s (attempt ${attempt})\n`);
      setTimeout(() => {
        if (stopping()) return;
        run.child = spawnAgain();
        process.stdout.write(`[stack] ${run.name} restarted (pid ${run.child.pid})\n`);
        onRestart?.(run.name, run.child.pid);
        watch();
      }, delay).unref();
    });
  };
  watch();
}

const LEVELS: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

function pipeLogs(run: Running, mode: 'pretty' | 'silent', onLine?: StackOptions['onLogLine']) {
  for (const stream of [run.child.stdout, run.child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => {
      onLine?.(run.name, line);
      run.tail.push(line);
      if (run.tail.length > 40) run.tail.shift();
      if (mode === 'silent') return;
      let text = line;
      try {
        const entry = JSON.parse(line) as {
          level?: number;
          msg?: string;
          // service-kit's compact request line: method, url, statusCode, ms.
          method?: string;
          url?: string;
          statusCode?: number;
          ms?: number;
        };
        const extra = entry.statusCode !== undefined ? ` ${entry.method} ${entry.url} ${entry.statusCode} ${entry.ms ?? 0}ms` : '';
        text = `${LEVELS[entry.level ?? 30] ?? 'info'}: ${entry.msg ?? ''}${extra}`;
      } catch {
        // not JSON (a stack trace): print as it is
      }
      process.stdout.write(`[${run.name}] ${text}\n`);
    });
  }
}

/**
 * How long an app may take to answer ready: an embedded database's first start (PGlite creating
 * its cluster, the migrations, the demo catalogue) on a busy 2-core machine can pass a minute and a
 * half; a crash still fails at once (the process exits).
 */
const READY_TIMEOUT_MS = Number(process.env.STACK_READY_TIMEOUT_MS ?? 240_000);

async function waitUntilReady(run: Running, url: string, probe: '/readyz' | '/healthz' = '/readyz', timeoutMs = READY_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited: number | null = null;
  run.child.once('exit', (code) => (exited = code ?? -1));
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`${run.name} exited with ${exited} before it was ready:\n${run.tail.join('\n')}`);
    try {
      const res = await fetch(`${url}${probe}`);
      if (res.ok) return;
      // files-svc without clamd: everything but uploads works (README), so the stack starts and says so.
      const body = res.status === 503 ? ((await res.json().catch(() => ({}))) as Record<string, unknown>) : {};
      if (body.clamd && Object.keys(body).length === 2) {
        process.stdout.write(`[stack] ${run.name} is up, but clamd is unreachable: document uploads answer 503 until it runs\n`);
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${run.name} was not ready within ${timeoutMs} ms:\n${run.tail.join('\n')}`);
}

/** The one process entry of every app (libs/service-kit runService), as production runs it. */
export const RUN_SERVICE = path.join(REPO_ROOT, 'libs/service-kit/src/bin/run-service.ts');

function spawnChild(dir: string, env: Record<string, string>, bundlesDir?: string): ChildProcess {
  const args = bundlesDir ? [path.join(bundlesDir, path.basename(dir), 'server.js')] : ['--import', 'tsx', RUN_SERVICE, path.join(REPO_ROOT, dir)];
  return spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    // The app's own tsconfig (tsx reads the one in cwd otherwise: the root has none, so JSX would
    // compile to React.createElement without React in scope: notifications-svc's React Email templates).
    env: { ...process.env, TSX_TSCONFIG_PATH: path.join(REPO_ROOT, dir, 'tsconfig.json'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * Runs the `seed` command of the app in `dir` (its package's `./seed-command`; `seed.js` among the
 * bundles) with the service's environment and waits for it: migrations, then the demo data into
 * empty tables. @throws with the command's output when it exits other than 0.
 */
async function runSeedCommand(name: string, dir: string, env: Record<string, string>, bundlesDir?: string): Promise<void> {
  const args = bundlesDir ? [path.join(bundlesDir, path.basename(dir), 'seed.js')] : ['--import', 'tsx', path.join(REPO_ROOT, dir, 'src/seed-command.ts')];
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, TSX_TSCONFIG_PATH: path.join(REPO_ROOT, dir, 'tsconfig.json'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode) => resolve(exitCode));
  });
  if (code !== 0) throw new Error(`${name}: the seed command exited with ${String(code)}\n${output.slice(-4000)}`);
}

function spawnService(
  name: string,
  dir: string,
  env: Record<string, string>,
  logs: 'pretty' | 'silent',
  supervise?: () => boolean,
  bundlesDir?: string,
  onRestart?: StackOptions['onRestart'],
  onLine?: StackOptions['onLogLine'],
): Running {
  const run: Running = { name, child: spawnChild(dir, env, bundlesDir), tail: [] };
  pipeLogs(run, logs, onLine);
  if (supervise) {
    superviseRestarts(
      run,
      () => {
        const child = spawnChild(dir, env, bundlesDir);
        pipeLogs({ ...run, child }, logs, onLine);
        return child;
      },
      supervise,
      onRestart,
    );
  }
  return run;
}

async function stopAll(runs: Running[]) {
  await Promise.all(
    runs.map(
      (run) =>
        new Promise<void>((resolve) => {
          const { child } = run;
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}

/**
 * Gives each embedded service folder in `dirs` that has no database yet a copy of one fresh,
 * empty PGlite cluster. PGlite's initdb runs in the process that opens a new
 * folder and leaves it 300-700 MB larger for good (its WebAssembly heap is not given back), and
 * on a first start five services ran it at once (3.5-4.5 GB). Here it runs once, in a short-lived
 * process, and the services open a database that exists. The copy is a cleanly shut-down cluster,
 * the same files PGlite would have written.
 */
async function seedEmbeddedDatabases(dataRoot: string, dirs: string[]): Promise<void> {
  const fresh = dirs.filter((dir) => !existsSync(path.join(dir, 'PG_VERSION')));
  if (fresh.length === 0) return;
  const template = mkdtempSync(path.join(dataRoot, '.pglite-template-'));
  try {
    await promisify(execFile)(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { PGlite } from '@electric-sql/pglite'; const db = new PGlite(process.argv[1]); await db.waitReady; await db.close();`,
        template,
      ],
      { cwd: REPO_ROOT },
    );
    for (const dir of fresh) cpSync(template, dir, { recursive: true });
  } finally {
    rmSync(template, { recursive: true, force: true });
  }
}

/**
 * Starts the real services and the gateway as child processes (the same entry production runs:
 * service-kit's `run-service <app folder>`), waits until each answers /readyz and returns their URLs. Used by
 * `npm start`, the gateway contract tests, the browser tests and the benchmarks.
 * @throws when a process exits or is not ready within 90 s (its last log lines are included).
 */
export async function startStack(given: StackOptions): Promise<Stack> {
  const bundlesDir = given.bundlesDir ?? (process.env.CLEARING_BUNDLES_DIR || undefined);
  const options: StackOptions = bundlesDir ? { ...given, bundlesDir } : given;
  const names = options.services ?? ALL_SERVICES;
  const logs = options.logs ?? 'silent';
  const dataRoot = options.dataRoot ?? path.join(REPO_ROOT, '.data');
  const runs: Running[] = [];
  const databases: TestDatabase[] = [];
  const urls: Partial<Record<ServiceName, string>> = {};
  const instanceUrls: Partial<Record<ServiceName, string[]>> = {};
  const metricsUrls: Partial<Record<ServiceName | 'gateway', string>> = {};
  const databaseUrls: Partial<Record<ServiceName, string>> = {};
  // One random internal token per stack: no committed default exists.
  const internalToken = options.env?.INTERNAL_TOKEN ?? randomBytes(24).toString('base64url');
  const common: Record<string, string> = {
    LOG_LEVEL: logs === 'silent' ? 'warn' : 'info',
    // Test stacks run on results day 2025 (the day the 2025/26 demo fixtures are written for):
    // interviews of August 2025 are in the future and no course has started yet.
    ...(options.database === 'test' ? { CLEARING_CLOCK: TEST_STACK_CLOCK } : {}),
    ...options.env,
    INTERNAL_TOKEN: internalToken,
  };
  // The gateway's session secret has no committed default either.
  const sessionSecret = options.gatewayEnv?.SESSION_SECRET ?? options.env?.SESSION_SECRET ?? randomBytes(32).toString('base64url');
  let stopping = false;
  const supervise = options.restart ? () => stopping : undefined;

  const tempDirs: string[] = [];
  let mailCatcher: MailCatcher | null = null;
  let databaseServer: EmbeddedDatabaseServer | null = null;
  const embeddedEngine = options.embeddedEngine ?? 'postgres';

  const stop = async () => {
    stopping = true;
    await stopAll(runs);
    await databaseServer?.stop();
    await mailCatcher?.stop();
    await Promise.all(databases.map((d) => d.drop()));
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  };

  // The outbox relay (applications-svc) and the email worker (notifications-svc) share one queue;
  // test stacks use a one-off prefix, deleted when they stop.
  const queuePrefix = options.database === 'test' ? `clearing-test-${randomBytes(4).toString('hex')}` : (options.redisPrefix ?? 'clearing-desk');
  const gatewayPort = options.gatewayPort ?? (options.ports === 'fixed' ? 3000 : await freePort());
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  let smtpUrl = options.smtpUrl ?? null;

  try {
    if (names.includes('notifications') && !smtpUrl) {
      const fixed = options.ports === 'fixed';
      mailCatcher = await startMailCatcher({
        smtpPort: fixed ? MAIL_CATCHER_PORTS.smtp : await freePort(),
        webPort: fixed ? MAIL_CATCHER_PORTS.web : await freePort(),
      });
      smtpUrl = mailCatcher.smtpUrl;
    }
    const withDatabase = names.filter((name) => SERVICES[name].database);
    if (options.database === 'embedded' && embeddedEngine === 'postgres' && withDatabase.length > 0) {
      databaseServer = await startEmbeddedPostgres({
        dataDir: path.join(dataRoot, 'postgres'),
        port: options.ports === 'fixed' ? EMBEDDED_POSTGRES_PORT : await freePort(),
        onLog: (line) => (logs === 'pretty' && /ERROR|FATAL|PANIC/.test(line) ? process.stdout.write(`[postgres] ${line}\n`) : undefined),
        // Supervised like every other process of a restarting stack.
        ...(options.restart ? { restart: { delayMs: restartDelayMs, say: (line: string) => process.stdout.write(`${line}\n`) } } : {}),
      });
      for (const name of withDatabase) await databaseServer.ensureDatabase(`clearing_${name}`);
    }
    if (options.database === 'embedded' && embeddedEngine === 'pglite') {
      mkdirSync(dataRoot, { recursive: true });
      await seedEmbeddedDatabases(
        dataRoot,
        names.filter((name) => SERVICES[name].database).map((name) => path.join(dataRoot, `${name}-svc`)),
      );
    }
    await Promise.all(
      names.map(async (name) => {
        const spec = SERVICES[name];
        const port = options.ports === 'fixed' ? spec.port : await freePort();
        const metricsPort = options.ports === 'fixed' ? spec.metricsPort : await freePort();
        const env: Record<string, string> = { ...common, PORT: String(port), HOST: '127.0.0.1', METRICS_PORT: String(metricsPort) };
        metricsUrls[name] = `http://127.0.0.1:${metricsPort}`;
        if (spec.database) {
          if (options.database === 'test') {
            const db = await createTestDatabase(`clearing_${name}`);
            databases.push(db);
            env.DATABASE_URL = db.url;
            databaseUrls[name] = db.url;
          } else if (databaseServer) {
            env.DATABASE_URL = databaseServer.urlOf(`clearing_${name}`);
          } else {
            env.DATA_DIR = path.join(dataRoot, `${name}-svc`);
          }
        }
        if (name === 'files') {
          // Blobs beside the data; tests get a temporary folder and their own BullMQ prefix.
          if (options.database === 'test') {
            const dir = mkdtempSync(path.join(tmpdir(), 'clearing-files-'));
            tempDirs.push(dir);
            env.FILES_DIR = dir;
            env.FILES_QUEUE_PREFIX = `clearing-test-${randomBytes(4).toString('hex')}`;
            env.FILES_QUEUE_EPHEMERAL = 'true';
          } else {
            env.FILES_DIR = path.join(dataRoot, 'files-svc', 'blobs');
            env.FILES_QUEUE_PREFIX = queuePrefix;
          }
        }
        if (name === 'applications' && !env.INTAKE_CYCLE_END && !process.env.INTAKE_CYCLE_END) {
          const end = demoIntakeCycleEnd(process.env.INTAKE_YEAR ?? INTAKE_YEAR);
          if (end) env.INTAKE_CYCLE_END = end;
        }
        // courses-svc takes the course-places events the same relay adds.
        if (name === 'courses') env.EVENTS_QUEUE_PREFIX = queuePrefix;
        if (name === 'applications' || name === 'notifications') {
          env.NOTIFICATIONS_QUEUE_PREFIX = queuePrefix;
          if (options.database === 'test') env.NOTIFICATIONS_QUEUE_EPHEMERAL = 'true';
        }
        if (name === 'notifications') {
          env.SMTP_URL = smtpUrl ?? '';
          env.PUBLIC_URL = `${gatewayUrl.replace('127.0.0.1', 'localhost')}${process.env.BASE_PATH ?? '/'}`;
        }
        // The demo data is loaded by its own command before the service starts: no service bundle carries it.
        if ((name === 'courses' || name === 'scenarios') && options.seedDemoData) await runSeedCommand(name, spec.dir, env, options.bundlesDir);
        const run = spawnService(name, spec.dir, env, logs, supervise, options.bundlesDir, options.onRestart, options.onLogLine);
        runs.push(run);
        urls[name] = `http://127.0.0.1:${port}`;
        instanceUrls[name] = [urls[name]];
        await waitUntilReady(run, urls[name]);
        for (let i = 2; i <= (options.instances?.[name] ?? 1); i += 1) {
          const extraPort = await freePort();
          const extra = spawnService(
            `${name}#${i}`,
            spec.dir,
            { ...env, PORT: String(extraPort), METRICS_PORT: String(await freePort()) },
            logs,
            supervise,
            options.bundlesDir,
            options.onRestart,
            options.onLogLine,
          );
          runs.push(extra);
          instanceUrls[name].push(`http://127.0.0.1:${extraPort}`);
          await waitUntilReady(extra, `http://127.0.0.1:${extraPort}`);
        }
      }),
    );
    const gatewayMetricsPort = options.ports === 'fixed' ? GATEWAY_METRICS_PORT : await freePort();
    metricsUrls.gateway = `http://127.0.0.1:${gatewayMetricsPort}`;
    const gatewayEnv: Record<string, string> = {
      ...common,
      PORT: String(gatewayPort),
      METRICS_PORT: String(gatewayMetricsPort),
      SESSION_SECRET: sessionSecret,
      // Plain http on 127.0.0.1: cookies without the Secure flag (the gateway's default is Secure).
      COOKIE_SECURE: 'false',
    };
    if (options.directoryUrl) Object.assign(gatewayEnv, demoDirectoryEnv(options.directoryUrl));
    // Test stacks keep their sessions and rate limits apart on the shared Redis.
    gatewayEnv.REDIS_KEY_PREFIX = options.database === 'test' ? `clearing-test-${randomBytes(4).toString('hex')}` : queuePrefix;
    // The wallboard's live updates on the stack's channel, the one applications-svc publishes on.
    gatewayEnv.NOTIFICATIONS_QUEUE_PREFIX = queuePrefix;
    Object.assign(gatewayEnv, options.gatewayEnv);
    for (const name of names) gatewayEnv[`${name.toUpperCase()}_URL`] = (instanceUrls[name] ?? []).join(',');
    const gateway = spawnService('gateway', 'apps/gateway', gatewayEnv, logs, supervise, options.bundlesDir, options.onRestart, options.onLogLine);
    runs.push(gateway);
    // The gateway's /readyz pings every service it is configured with; a stack of some services
    // only (most tests) waits for it to listen instead.
    await waitUntilReady(gateway, gatewayUrl, names.length === ALL_SERVICES.length ? '/readyz' : '/healthz');
    const pid = (name: ServiceName | 'gateway' | 'postgres') => (name === 'postgres' ? databaseServer?.pid() : runs.find((r) => r.name === name)?.child.pid);
    const instancePids = (name: ServiceName) => runs.filter((r) => r.name === name || r.name.startsWith(`${name}#`)).map((r) => r.child.pid);
    return {
      gatewayUrl,
      urls,
      instanceUrls,
      instancePids,
      metricsUrls,
      databaseUrls,
      internalToken,
      sessionSecret,
      mailInboxUrl: mailCatcher?.inboxUrl ?? null,
      smtpUrl,
      queuePrefix,
      pid,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
