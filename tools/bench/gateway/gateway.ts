/**
 * What the gateway costs compared with calling the service directly, and with nginx in front of
 * the same service. On its own stack (PostgreSQL test databases, the
 * public rate limits raised so one load generator is measured, not refused), it alternates
 * direct, gateway and nginx (when `nginx` is on the PATH) for POST assess and GET /api/courses,
 * `--repeats` times, each run `--duration` s at `--connections` connections, counting 2xx answers
 * only. Assess sends 100 distinct realistic forms (different people, grades, GCSEs, birth dates),
 * so no cache of identical bodies counts. Then a second stack with two assessment-svc instances
 * behind the gateway (ASSESSMENT_URL=a,b), alternated with the gateway of the first stack's size.
 *
 * Prints per repeat the req/s of each target, gateway/direct and nginx/direct ratios and p99s,
 * their medians, the gateway's CPU time per request (user + system, from /proc), and `uptime`.
 * Asserts nothing. Target: median gateway/direct >= 0.8, p99 <= 1.5x direct.
 *
 *   flock /work/.locks/bench npx tsx tools/bench/gateway/gateway.ts [--repeats 5] [--duration 5] [--connections 50]
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, uptime as osUptime } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { apiPath, ASSESSMENT_SVC, assessResponseSchema, courseDetailResponseSchema, COURSES_SVC, XSRF_COOKIE, type AssessForm } from '@clearing-desk/contracts';
import { createAssessForm } from '@clearing-desk/contracts/testing';
import { freePort, startStack, type Stack } from '@clearing-desk/stack';
import autocannon from 'autocannon';

const { values } = parseArgs({
  options: {
    repeats: { type: 'string', default: '5' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    course: { type: 'string', default: 'G400' },
    'skip-instances': { type: 'boolean', default: false },
  },
});
const REPEATS = Number(values.repeats);
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const COURSE = values.course ?? 'G400';
const INTERNAL = 'x-internal-token';

/** Public limits raised: one load generator is one client address and one applicant per form. */
const GATEWAY_ENV = {
  RATE_LIMIT_ASSESS_MAX: String(Number.MAX_SAFE_INTEGER),
  RATE_LIMIT_ASSESS_PER_APPLICANT_MAX: String(Number.MAX_SAFE_INTEGER),
  // `npm start`'s level: request logs are part of what the gateway costs.
  LOG_LEVEL: 'info',
};

const FIRST_NAMES = ['Amara', 'Ben', 'Chloe', 'Dev', 'Ewa', 'Finn', 'Grace', 'Hamza', 'Isla', 'Jun'];
const LAST_NAMES = ['Okafor', 'Smith', 'Nowak', 'Patel', 'Jones', 'Chen', 'Murphy', 'Ali', 'Evans', 'Khan'];
const SUBJECTS = ['Mathematics', 'Physics', 'Computer Science', 'Chemistry', 'Biology'];
/** Grades whose three A levels reach G400's accepted tariff (112): green or amber, one assessment call each. */
const HIGH = ['A*', 'A', 'B'];
const THIRD = ['A*', 'A', 'B', 'C'];

/** 100 distinct forms: who (name, e-mail, birth date) and what (A level subjects and grades, GCSE grades) all vary. */
function forms(): { form: AssessForm; data: Record<string, unknown> }[] {
  return Array.from({ length: 100 }, (_, i) => {
    const first = FIRST_NAMES[i % 10] as string;
    const last = LAST_NAMES[Math.floor(i / 10)] as string;
    const subjects = [0, 1, 2].map((k) => SUBJECTS[(i + k * 2) % SUBJECTS.length] as string);
    const grades = [HIGH[i % 3], HIGH[Math.floor(i / 3) % 3], THIRD[Math.floor(i / 9) % 4]] as string[];
    const form = createAssessForm({
      DOB: `200${5 + (i % 3)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
      GCSE_QUALIFICATIONS: ['English Language', 'Mathematics', 'Physics', 'Chemistry', 'Biology'].map((SUBJECT, k) => ({
        QUALIFICATION: 'GCSE',
        SUBJECT,
        GRADE: String(5 + ((i + k) % 5)),
        YEAR: '2022',
      })),
      QUALIFICATIONS: subjects.map((SUBJECT, k) => ({ QUALIFICATION: 'ALEVEL', SUBJECT, GRADE: grades[k] as string, YEAR: '2024' })),
    });
    const data = { ...form, NAME1: first, NAME2: last, EMAIL: `${first}.${last}.${i}@example.com`.toLowerCase() };
    return { form, data };
  });
}

const COURSE_QUERIES = ['', 'computer', 'law', 'history', 'biology', 'business', 'nursing', 'engineering', 'psychology', 'art'];

/** `pid`: the gateway, whose CPU per request is printed; `servicePid`: the service every target reaches. */
type Target = { name: string; pid?: number; servicePid?: number; requests: autocannon.Request[]; url: string };
type Run = { reqPerSec: number; p50: number; p99: number; non2xx: number; errors: number; cpuMsPerRequest?: number; serviceCpuMsPerRequest?: number };

/** User + system CPU time of a process in ms (/proc/<pid>/stat, clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  const hz = Number(spawnSync('getconf', ['CLK_TCK']).stdout.toString().trim()) || 100;
  return (ticks * 1000) / hz;
}

async function measure(target: Target, duration = DURATION): Promise<Run> {
  const before = target.pid ? cpuMs(target.pid) : 0;
  const serviceBefore = target.servicePid ? cpuMs(target.servicePid) : 0;
  const r = await autocannon({ url: target.url, connections: CONNECTIONS, duration, requests: target.requests });
  const ok = r['2xx'];
  const run: Run = {
    reqPerSec: ok / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
  if (target.pid && ok > 0) run.cpuMsPerRequest = (cpuMs(target.pid) - before) / ok;
  if (target.servicePid && ok > 0) run.serviceCpuMsPerRequest = (cpuMs(target.servicePid) - serviceBefore) / ok;
  return run;
}

/** GET /api/ping for the XSRF-TOKEN and _csrf cookies, as the browser does. */
async function session(gatewayUrl: string): Promise<{ cookie: string; token: string }> {
  const res = await fetch(`${gatewayUrl}/api/ping`);
  const pairs = res.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
  const token = pairs.find((p) => p.startsWith(`${XSRF_COOKIE}=`))?.slice(`${XSRF_COOKIE}=`.length);
  if (!token) throw new Error('no XSRF-TOKEN cookie from /api/ping');
  return { cookie: pairs.join('; '), token: decodeURIComponent(token) };
}

/** nginx (one worker, like the one gateway process) proxying /assessments and /courses with keep-alive upstreams. */
async function startNginx(assessmentUrl: string, coursesUrl: string): Promise<{ url: string; stop: () => Promise<void> } | null> {
  if (spawnSync('sh', ['-c', 'command -v nginx']).status !== 0) return null;
  const dir = mkdtempSync(path.join(tmpdir(), 'clearing-bench-nginx-'));
  const port = await freePort();
  const upstream = (url: string) => new URL(url).host;
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  client_max_body_size 2m; client_body_buffer_size 1m;
  upstream assessment { server ${upstream(assessmentUrl)}; keepalive 64; }
  upstream courses { server ${upstream(coursesUrl)}; keepalive 64; }
  server {
    listen 127.0.0.1:${port};
    location /assessments { proxy_pass http://assessment; proxy_http_version 1.1; proxy_set_header Connection ""; }
    location /courses { proxy_pass http://courses; proxy_http_version 1.1; proxy_set_header Connection ""; }
  }
}
`,
  );
  const child: ChildProcess = spawn('nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i += 1) {
    try {
      await fetch(`${url}/courses`);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    stop: async () => {
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGQUIT');
      });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The requests of each target for one route. */
async function targetsFor(stack: Stack, nginxUrl: string | null) {
  const { cookie, token } = await session(stack.gatewayUrl);
  const assessmentUrl = stack.urls.assessment as string;
  const coursesUrl = stack.urls.courses as string;
  const internal = { [INTERNAL]: stack.internalToken };
  const detailRes = await fetch(`${coursesUrl}/courses/${COURSE}`, { headers: internal });
  const detail = courseDetailResponseSchema.parse(await detailRes.json());
  const all = forms();

  // Every form answers 200 through the gateway before anything is measured (2xx only count).
  for (const { data } of all) {
    const res = await fetch(`${stack.gatewayUrl}/api/apply/${COURSE}/assess`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ data, token }),
    });
    if (res.status !== 200) throw new Error(`form ${JSON.stringify(data)} answered ${res.status}: ${await res.text()}`);
    assessResponseSchema.parse(await res.json());
  }

  const direct: autocannon.Request[] = all.map(({ form }) => ({
    method: 'POST',
    path: ASSESSMENT_SVC.assess.path,
    headers: { ...internal, 'content-type': 'application/json' },
    body: JSON.stringify({ course: detail.courseData, qualOptions: detail.qualOptions, form, access: detail.access, alternatives: [] }),
  }));
  const viaGateway: autocannon.Request[] = all.map(({ data }) => ({
    method: 'POST',
    path: apiPath('assess', { course: COURSE }),
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ data, token }),
  }));
  // The course search on courses-svc (internal) or the gateway (public, with the web's timestamp).
  const search = (viaGateway: boolean): autocannon.Request[] =>
    COURSE_QUERIES.map((q, i) => ({
      method: 'GET',
      path: `${viaGateway ? apiPath('courseSearch') : COURSES_SVC.search.path}?q=${encodeURIComponent(q)}&p=1${viaGateway ? `&_=${1_700_000_000_000 + i}` : ''}`,
      headers: viaGateway ? { cookie } : internal,
    }));
  const gatewayPid = stack.pid('gateway');
  // The first instance's CPU (the only one on the first stack; on the second, direct calls reach it only).
  const [assessmentPid, coursesPid] = [stack.pid('assessment'), stack.pid('courses')];
  const assess: Target[] = [
    { name: 'direct', url: assessmentUrl, requests: direct, servicePid: assessmentPid },
    { name: 'gateway', url: stack.gatewayUrl, requests: viaGateway, pid: gatewayPid, servicePid: assessmentPid },
  ];
  const courses: Target[] = [
    { name: 'direct', url: coursesUrl, requests: search(false), servicePid: coursesPid },
    { name: 'gateway', url: stack.gatewayUrl, requests: search(true), pid: gatewayPid, servicePid: coursesPid },
  ];
  if (nginxUrl) {
    assess.push({ name: 'nginx', url: nginxUrl, requests: direct, servicePid: assessmentPid });
    courses.push({ name: 'nginx', url: nginxUrl, requests: search(false), servicePid: coursesPid });
  }
  return { assess, courses };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};
const f = (n: number | undefined, digits = 0) => (n === undefined || Number.isNaN(n) ? '-' : n.toFixed(digits));
const uptime = () => spawnSync('uptime').stdout.toString().trim();

/** Alternates the targets `REPEATS` times (rotating which goes first) and prints each repeat and the medians. */
async function alternate(label: string, targets: Target[]) {
  console.log(`\n${label}: ${REPEATS} repeats x ${DURATION} s at ${CONNECTIONS} connections, 2xx only (${uptime()})`);
  for (const t of targets) await measure(t, 2); // warm-up: JIT, connection pools, caches
  const runs: Record<string, Run[]> = Object.fromEntries(targets.map((t) => [t.name, []]));
  for (let r = 0; r < REPEATS; r += 1) {
    const order = targets.map((_, i) => targets[(i + r) % targets.length] as Target);
    for (const t of order) (runs[t.name] as Run[]).push(await measure(t));
    const d = runs.direct?.[r] as Run;
    const cells = targets.map((t) => {
      const run = (runs[t.name] as Run[])[r] as Run;
      const ratio = t.name === 'direct' ? '' : ` (${f(run.reqPerSec / d.reqPerSec, 2)}x, p99 ${f(run.p99 / d.p99, 2)}x)`;
      const bad = run.non2xx + run.errors > 0 ? ` [non-2xx ${run.non2xx}, errors ${run.errors}]` : '';
      return `${t.name} ${f(run.reqPerSec)} req/s p99 ${run.p99} ms${ratio}${bad}`;
    });
    console.log(`  repeat ${r + 1}: ${cells.join(' | ')}`);
  }
  const d = runs.direct as Run[];
  for (const t of targets) {
    const serviceCpu = (runs[t.name] as Run[]).map((x) => x.serviceCpuMsPerRequest).filter((x): x is number => x !== undefined);
    const serviceCpuText = serviceCpu.length ? `; service CPU ${f(median(serviceCpu) * 1000)} µs/request` : '';
    if (t.name === 'direct') {
      console.log(`  direct median ${f(median(d.map((x) => x.reqPerSec)))} req/s, p99 ${f(median(d.map((x) => x.p99)))} ms${serviceCpuText}`);
      continue;
    }
    const own = runs[t.name] as Run[];
    const ratios = own.map((x, i) => x.reqPerSec / (d[i] as Run).reqPerSec);
    const p99s = own.map((x, i) => x.p99 / (d[i] as Run).p99);
    const cpu = own.map((x) => x.cpuMsPerRequest).filter((x): x is number => x !== undefined);
    console.log(
      `  ${t.name}/direct: ratios ${ratios.map((x) => f(x, 2)).join(', ')}; MEDIAN ${f(median(ratios), 2)}; p99 ${f(median(own.map((x) => x.p99)))} ms, p99/direct median ${f(median(p99s), 2)}x` +
        (cpu.length ? `; gateway CPU ${f(median(cpu) * 1000)} µs/request (median)` : '') +
        serviceCpuText,
    );
  }
  return runs;
}

async function main() {
  console.log(`gateway bench, ${new Date().toISOString()}, ${uptime()}`);
  const stack = await startStack({ services: ['courses', 'applications', 'assessment'], database: 'test', seedDemoData: true, gatewayEnv: GATEWAY_ENV });
  let nginx: Awaited<ReturnType<typeof startNginx>> = null;
  let oneInstance: Run[] = [];
  try {
    nginx = await startNginx(stack.urls.assessment as string, stack.urls.courses as string);
    if (!nginx) console.log('nginx is not installed: direct and gateway only (apt-get install -y nginx)');
    const { assess, courses } = await targetsFor(stack, nginx?.url ?? null);
    const a = await alternate(`POST /api/apply/${COURSE}/assess (100 distinct forms)`, assess);
    oneInstance = a.gateway ?? [];
    await alternate('GET /api/courses (10 searches)', courses);
  } finally {
    await nginx?.stop();
    await stack.stop();
  }
  if (values['skip-instances']) return;

  // Item 2: assessment-svc scales alone behind the gateway. Same bench, a stack with two instances.
  const two = await startStack({
    services: ['courses', 'applications', 'assessment'],
    database: 'test',
    seedDemoData: true,
    gatewayEnv: GATEWAY_ENV,
    instances: { assessment: 2 },
  });
  try {
    const { assess } = await targetsFor(two, null);
    const runs = await alternate(`POST assess with two assessment-svc instances behind the gateway (direct: one instance)`, assess);
    const twoGateway = runs.gateway ?? [];
    const one = median(oneInstance.map((x) => x.reqPerSec));
    const both = median(twoGateway.map((x) => x.reqPerSec));
    console.log(`\nthrough the gateway: one assessment instance ${f(one)} req/s, two ${f(both)} req/s: ${f(both / one, 2)}x (${uptime()})`);
  } finally {
    await two.stop();
  }
  console.log(`machine: ${osUptime().toFixed(0)} s up; ${uptime()}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
