import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { Client, InvalidCredentialsError } from 'ldapts';
import { freePort } from '@clearing-desk/service-kit/testing';

/**
 * The demo/test staff directory: a real OpenLDAP slapd, run from Debian's package with the files
 * in tools/ldap (README there). `npm start` runs it on 127.0.0.1:3389 with its data in .data/ldap;
 * tests run their own on a free port with a temporary data folder.
 */

/** tools/ldap: the LDIF, the slapd.conf template and the demo role mapping. */
const LDAP_DIR = path.resolve(__dirname, '../ldap');

/** Debian's slapd package (installed by tools/scripts/ensure-system.sh). */
export const SLAPD_PATH = '/usr/sbin/slapd';
const SLAPADD_PATH = '/usr/sbin/slapadd';

/** One role on a set of courses, as the gateway's role mapping file lists them. */
export type DemoRoleAssignment = { role: string; scope: string };

/** A demo staff account: its uid, display name (cn), groups (cn) and the roles those groups map to. */
export type DemoUser = { username: string; name: string; groups: string[]; roles: DemoRoleAssignment[] };

/** What a gateway (or a test) needs to use the demo directory; tools/ldap/README.md shows the same. */
export type DemoDirectory = {
  baseDn: string;
  /** The gateway's service account, which searches users and groups. */
  bindDn: string;
  bindPassword: string;
  userSearchBase: string;
  groupSearchBase: string;
  userAttribute: string;
  groupMemberAttribute: string;
  groupNameAttribute: string;
  /** The password of every demo user. */
  password: string;
  users: DemoUser[];
  /** Absolute path of tools/ldap/demo-role-mapping.json (group cn -> role assignments). */
  roleMappingFile: string;
  /** Absolute path of tools/ldap/demo-directory.ldif (the entries slapadd loads). */
  ldifFile: string;
};

const all = (role: string): DemoRoleAssignment[] => [{ role, scope: 'all' }];

/**
 * The demo directory's layout and accounts (tools/ldap/demo-directory.ldif and
 * demo-role-mapping.json hold the same; tools/ldap/directory.test.ts checks that they agree).
 */
export const DEMO_DIRECTORY: DemoDirectory = {
  baseDn: 'dc=clearing-desk,dc=test',
  bindDn: 'cn=clearing-desk-gateway,ou=system,dc=clearing-desk,dc=test',
  bindPassword: 'gateway-demo-secret',
  userSearchBase: 'ou=people,dc=clearing-desk,dc=test',
  groupSearchBase: 'ou=groups,dc=clearing-desk,dc=test',
  userAttribute: 'uid',
  groupMemberAttribute: 'member',
  groupNameAttribute: 'cn',
  password: 'Results-Day-2025',
  users: [
    { username: 'admin', name: 'Ada Administrator', groups: ['cd-administrators'], roles: all('Administrator') },
    { username: 'backoffice', name: 'Bola Backoffice', groups: ['cd-back-office'], roles: all('Back Office') },
    { username: 'bolimited', name: 'Lin Limited', groups: ['cd-back-office-limited'], roles: all('Back Office Limited') },
    { username: 'editor', name: 'Eddie Editor', groups: ['cd-editors'], roles: all('Editor') },
    { username: 'frontoffice', name: 'Fran Frontoffice', groups: ['cd-front-office'], roles: all('Front Office') },
    { username: 'visateam', name: 'Vik Visa', groups: ['cd-visa-team'], roles: all('Visa Team') },
    { username: 'fo-law', name: 'Laura Lawson', groups: ['cd-front-office-law'], roles: [{ role: 'Front Office', scope: 'school:LAW' }] },
    { username: 'editor-cmps', name: 'Cem Compton', groups: ['cd-editors-cmps'], roles: [{ role: 'Editor', scope: 'dept:CMPS' }] },
    { username: 'nogroups', name: 'Nora Nogroup', groups: [], roles: [] },
  ],
  roleMappingFile: path.join(LDAP_DIR, 'demo-role-mapping.json'),
  ldifFile: path.join(LDAP_DIR, 'demo-directory.ldif'),
};

/** The DN of a demo user, e.g. `uid=editor,ou=people,dc=clearing-desk,dc=test`. */
export const demoUserDn = (username: string): string => `uid=${username},${DEMO_DIRECTORY.userSearchBase}`;

/**
 * The gateway's environment for the demo directory at `url` (the variables tools/ldap/README.md
 * describes for pointing the gateway at a university's own directory).
 */
export function demoDirectoryEnv(url: string): Record<string, string> {
  return {
    LDAP_URL: url,
    LDAP_BIND_DN: DEMO_DIRECTORY.bindDn,
    LDAP_BIND_PASSWORD: DEMO_DIRECTORY.bindPassword,
    LDAP_USER_SEARCH_BASE: DEMO_DIRECTORY.userSearchBase,
    LDAP_USER_ATTRIBUTE: DEMO_DIRECTORY.userAttribute,
    LDAP_GROUP_SEARCH_BASE: DEMO_DIRECTORY.groupSearchBase,
    LDAP_GROUP_MEMBER_ATTRIBUTE: DEMO_DIRECTORY.groupMemberAttribute,
    LDAP_GROUP_NAME_ATTRIBUTE: DEMO_DIRECTORY.groupNameAttribute,
    ROLE_MAPPING_FILE: DEMO_DIRECTORY.roleMappingFile,
  };
}

/**
 * Checks that Debian's slapd package is installed (slapd and slapadd in /usr/sbin).
 * @throws an Error telling to run `bash tools/scripts/ensure-system.sh` when it is not.
 */
export function ensureSlapdInstalled(): void {
  for (const file of [SLAPD_PATH, SLAPADD_PATH]) {
    try {
      accessSync(file, constants.X_OK);
    } catch {
      throw new Error(
        `OpenLDAP's slapd is not installed (${file} is missing), so the demo staff directory cannot start. ` +
          "Run `bash tools/scripts/ensure-system.sh` as root (it installs Debian's slapd and ldap-utils).",
      );
    }
  }
}

export type DirectoryOptions = {
  /** A TCP port on 127.0.0.1, or 'free' to let the OS pick one (tests). */
  port: number | 'free';
  /**
   * Where the database, the rendered slapd.conf and the pid file live, kept between starts (the
   * LDIF is loaded on the first start, and again when tools/ldap/demo-directory.ldif changed).
   * Without it, a temporary folder that stop() removes.
   */
  dataDir?: string;
  /** 'pretty' prints slapd's output as `[ldap] ...`; 'silent' (default) keeps its last lines for errors. */
  logs?: 'silent' | 'pretty';
};

/** A running demo directory. */
export type Directory = {
  /** e.g. `ldap://127.0.0.1:3389` */
  url: string;
  /**
   * Applies an LDIF of changes with `ldapmodify` as the directory manager (tests: a user removed
   * from a group, a user deleted), like an administrator changing the directory by hand.
   * @throws an Error with ldapmodify's output when a change is refused.
   */
  modify(ldif: string): Promise<void>;
  /** Stops slapd (SIGTERM, SIGKILL after 5 s) and removes the data folder when it was temporary. */
  stop(): Promise<void>;
};

/** The directory manager of tools/ldap/slapd.conf.template (tools/ldap/README.md); never the gateway's account. */
const MANAGER_DN = 'cn=admin,dc=clearing-desk,dc=test';
const MANAGER_PASSWORD = 'admin-demo-secret';
const LDAPMODIFY_PATH = '/usr/bin/ldapmodify';

/** Runs ldapmodify against `url` with `ldif` on its standard input. */
function ldapmodify(url: string, ldif: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(LDAPMODIFY_PATH, ['-x', '-H', url, '-D', MANAGER_DN, '-w', MANAGER_PASSWORD], { stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ldapmodify on ${url} failed (${code}):\n${output.trim()}`))));
    child.stdin.end(ldif);
  });
}

const READY_TIMEOUT_MS = 20_000;
const KILL_AFTER_MS = 5_000;
const run = promisify(execFile);

/** slapd's version banner and shutdown chatter: kept for error messages, not printed. */
const QUIET_LINES = /^(@\(#\) \$OpenLDAP|\s+Debian OpenLDAP Maintainers|connections_destroy: nothing to destroy)/;

const isRunning = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** Writes slapd.conf into the data folder from tools/ldap/slapd.conf.template. */
function renderConfig(dataDir: string): string {
  if (/["\\\n]/.test(dataDir)) throw new Error(`The directory's data folder may not contain quotes, backslashes or newlines: ${dataDir}`);
  const template = readFileSync(path.join(LDAP_DIR, 'slapd.conf.template'), 'utf8');
  const conf = path.join(dataDir, 'slapd.conf');
  writeFileSync(conf, template.replaceAll('@DATA_DIR@', dataDir));
  return conf;
}

/**
 * A slapd left running on this data folder (its parent was killed) holds the database and the
 * port: stop it, then remove the stale pid/args files.
 */
async function stopLeftover(dataDir: string, conf: string): Promise<void> {
  const pidFile = path.join(dataDir, 'slapd.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').trim());
    let cmdline = '';
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
    } catch {
      // not running (or no /proc): the file is stale
    }
    if (Number.isInteger(pid) && pid > 0 && cmdline.includes('slapd') && cmdline.includes(conf)) {
      process.kill(pid, 'SIGTERM');
      const deadline = Date.now() + KILL_AFTER_MS;
      while (existsSync(`/proc/${pid}`) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      if (existsSync(`/proc/${pid}`)) process.kill(pid, 'SIGKILL');
    }
  }
  rmSync(pidFile, { force: true });
  rmSync(path.join(dataDir, 'slapd.args'), { force: true });
}

/** Loads the LDIF with slapadd when the database is new or was loaded from another version of it. */
async function loadIfNeeded(dataDir: string, conf: string): Promise<boolean> {
  const ldif = readFileSync(DEMO_DIRECTORY.ldifFile);
  const digest = createHash('sha256').update(ldif).digest('hex');
  const dbDir = path.join(dataDir, 'db');
  const marker = path.join(dataDir, 'loaded-ldif.sha256');
  const loaded = existsSync(path.join(dbDir, 'data.mdb')) && existsSync(marker) ? readFileSync(marker, 'utf8').trim() : null;
  if (loaded === digest) return false;
  rmSync(marker, { force: true });
  rmSync(dbDir, { recursive: true, force: true });
  mkdirSync(dbDir, { recursive: true });
  try {
    await run(SLAPADD_PATH, ['-f', conf, '-l', DEMO_DIRECTORY.ldifFile]);
  } catch (err) {
    rmSync(dbDir, { recursive: true, force: true });
    const output = err && typeof err === 'object' && 'stderr' in err ? String(err.stderr).trim() : String(err);
    throw new Error(`slapadd could not load ${DEMO_DIRECTORY.ldifFile}:\n${output}`);
  }
  writeFileSync(marker, `${digest}\n`);
  return true;
}

/**
 * Resolves once slapd said it is listening ('slapd starting') and the service account can bind
 * (so another server on the same port does not pass for this one); rejects when slapd exits or
 * the deadline passes.
 */
async function waitUntilBindable(url: string, child: ChildProcess, tail: string[], state: () => { listening: boolean; error: Error | null }): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  const lastLines = () => (tail.length ? `\nslapd's last output:\n${tail.join('\n')}` : '\n(slapd printed nothing)');
  while (Date.now() < deadline) {
    const { listening, error } = state();
    if (error) throw new Error(`slapd could not start: ${error.message}${lastLines()}`);
    if (!isRunning(child)) throw new Error(`slapd exited (${child.exitCode ?? child.signalCode}) before it answered on ${url}${lastLines()}`);
    if (!listening) {
      await new Promise((r) => setTimeout(r, 50));
      continue;
    }
    const client = new Client({ url, connectTimeout: 1_000, timeout: 2_000 });
    try {
      await client.bind(DEMO_DIRECTORY.bindDn, DEMO_DIRECTORY.bindPassword);
      return;
    } catch (err) {
      if (err instanceof InvalidCredentialsError) {
        throw new Error(`slapd on ${url} refused the service account ${DEMO_DIRECTORY.bindDn}: its database does not hold the demo directory`);
      }
      // not listening yet
    } finally {
      await client.unbind().catch(() => undefined);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`slapd did not answer a bind on ${url} within ${READY_TIMEOUT_MS / 1000} s${lastLines()}`);
}

/**
 * Starts the demo directory (tools/ldap) with Debian's slapd as a child process (in the
 * foreground, `slapd -d none -f <data folder>/slapd.conf`) listening on
 * `ldap://127.0.0.1:<port>`: renders slapd.conf into the data folder, loads the LDIF with slapadd
 * when the database is empty, then waits until the service account can bind.
 * @throws when slapd is not installed, the LDIF cannot be loaded, or slapd exits or does not
 *   answer within 20 s (the message includes slapd's last output lines).
 */
export async function startDirectory(options: DirectoryOptions): Promise<Directory> {
  ensureSlapdInstalled();
  const logs = options.logs ?? 'silent';
  const port = options.port === 'free' ? await freePort() : options.port;
  const url = `ldap://127.0.0.1:${port}`;
  const temporary = !options.dataDir;
  const dataDir = options.dataDir ? path.resolve(options.dataDir) : mkdtempSync(path.join(tmpdir(), 'clearing-ldap-'));
  let child: ChildProcess | null = null;
  let stopped: Promise<void> | null = null;

  const killOnExit = () => {
    if (child && isRunning(child)) child.kill('SIGKILL');
  };
  const stop = (): Promise<void> => {
    stopped ??= (async () => {
      process.off('exit', killOnExit);
      const running = child;
      if (running && isRunning(running)) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => running.kill('SIGKILL'), KILL_AFTER_MS);
          running.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          running.kill('SIGTERM');
        });
      }
      if (temporary) rmSync(dataDir, { recursive: true, force: true });
    })();
    return stopped;
  };

  try {
    mkdirSync(dataDir, { recursive: true });
    const conf = renderConfig(dataDir);
    await stopLeftover(dataDir, conf);
    const loaded = await loadIfNeeded(dataDir, conf);
    if (loaded && logs === 'pretty') process.stdout.write(`[ldap] loaded ${path.relative(process.cwd(), DEMO_DIRECTORY.ldifFile)} into ${dataDir}\n`);

    const tail: string[] = [];
    let spawnError: Error | null = null;
    let listening = false;
    // Foreground (-d); debug level 'none' prints only uncategorised messages: start, stop and
    // critical errors such as "bind(6) failed errno=98 (Address already in use)".
    const started = spawn(SLAPD_PATH, ['-d', 'none', '-f', conf, '-h', `${url}/`], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    process.on('exit', killOnExit);
    started.on('error', (err) => (spawnError = err));
    for (const stream of [started.stdout, started.stderr]) {
      createInterface({ input: stream }).on('line', (raw) => {
        const line = raw.replace(/^[0-9a-f]+\.[0-9a-f]+ 0x[0-9a-f]+ /, ''); // timestamp and thread
        if (line === 'slapd starting') listening = true;
        tail.push(line);
        if (tail.length > 40) tail.shift();
        if (logs === 'pretty' && !QUIET_LINES.test(line)) process.stdout.write(`[ldap] ${line}\n`);
      });
    }
    await waitUntilBindable(url, started, tail, () => ({ listening, error: spawnError }));
    return { url, stop, modify: (ldif) => ldapmodify(url, ldif) };
  } catch (err) {
    await stop();
    throw err;
  }
}
