/**
 * Places that hold, under load: one real stack (fresh PostgreSQL test databases with the demo
 * catalogue, the demo directory, the public rate limits raised), as deployed. To compare with
 * another build (a change to the places module), run this script on each commit.
 * The run:
 * 1. picks `--courses` open courses on which the bench's form is green and offered (an adviser's
 *    assessment has O among its buttons), and gives each few places through course control
 *    (CLEARING_PLACES 4, 6, 8, ... with OFFER_ALLOWANCE alternately 1.00 and 1.30);
 * 2. sends `--rate` applicants per second for `--duration` s, open loop (each at its time, whether
 *    or not the earlier ones were answered; 64 connections, so a submit's time includes waiting for
 *    one), spread over the courses in turn; every `--adviser-every`th
 *    is an adviser's offer by phone (POST /api/admin/applications/new/{course} with STATUS O, four
 *    signed-in Back Office sessions), the rest public submissions (POST /api/apply/{course});
 * 3. prints per course the offers allowed (floor(places x allowance)), the offers made (answers with
 *    status O), the ledger's offers that count (figures), and whether it went over; then the
 *    submit's p50 / p95 / max, for every submit and for the submits that stored an offer.
 * Asserts nothing; not part of `npm test`. Prints `uptime` before and after the run.
 *
 *   npx tsx tools/bench/places/places.ts [--rate 50] [--duration 30] [--courses 10] [--adviser-every 4]
 */
import { execSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import {
  apiPath,
  assessResponseSchema,
  courseSearchResponseSchema,
  figuresResponseSchema,
  searchAction,
  toAssessForm,
  XSRF_COOKIE,
  type AssessForm,
} from '@clearing-desk/contracts';
import { createApplicationForm, FIVE_GCSES, A_STAR_A_B_A_LEVELS } from '@clearing-desk/contracts/testing';
import { DEMO_DIRECTORY, startDirectory, startStack, type Stack } from '@clearing-desk/stack';
import { Pool } from 'undici';
import { percentile, printTable } from '../assessment/fixtures';

const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '50' },
    duration: { type: 'string', default: '30' },
    courses: { type: 'string', default: '10' },
    'adviser-every': { type: 'string', default: '4' },
  },
});
const RATE = Number(values.rate);
const DURATION = Number(values.duration);
const COURSES = Number(values.courses);
const ADVISER_EVERY = Number(values['adviser-every']);
const ADVISERS = 4;

type Client = { cookie: string; token: string };
type Sent = { course: string; who: 'public' | 'adviser'; status: number; offered: boolean; ms: number };
type Course = { code: string; places: number; allowance: number; allowed: number };

/** A green application (A*AB in Mathematics, Physics, Chemistry; five GCSEs) from applicant `n` of this run. */
function form(n: number, run: string) {
  return {
    ...createApplicationForm({
      DOB: '2006-05-14',
      NATIONALITY: 'GBR',
      GCSE_QUALIFICATIONS: FIVE_GCSES,
      QUALIFICATIONS: A_STAR_A_B_A_LEVELS,
    }),
    NAME2: `Bench${n}`,
    EMAIL: `places.${run}.${n}@example.com`,
    UCAS_PERSONAL_ID: String(6_000_000_000 + n),
    SUBMISSION_ID: randomUUID(),
  };
}

const cookiesOf = (headers: Record<string, string | string[] | undefined>, jar: Map<string, string>) => {
  for (const line of ([] as string[]).concat(headers['set-cookie'] ?? [])) {
    const pair = line.split(';')[0] ?? '';
    const eq = pair.indexOf('=');
    if (eq > 0) jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
};
const clientOf = (jar: Map<string, string>): Client => ({
  cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
  token: decodeURIComponent(jar.get(XSRF_COOKIE) ?? ''),
});

/** A public visitor (GET /api/ping for the XSRF cookies), signed in as `username` when given. */
async function client(pool: Pool, username?: string): Promise<Client> {
  const jar = new Map<string, string>();
  const ping = await pool.request({ method: 'GET', path: apiPath('ping') });
  await ping.body.dump();
  cookiesOf(ping.headers, jar);
  if (!username) return clientOf(jar);
  const login = await pool.request({
    method: 'PUT',
    path: apiPath('authLogin'),
    headers: { cookie: clientOf(jar).cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password: DEMO_DIRECTORY.password, token: clientOf(jar).token }).toString(),
  });
  const text = await login.body.text();
  if (login.statusCode !== 200) throw new Error(`signing in ${username} answered ${login.statusCode}: ${text}`);
  cookiesOf(login.headers, jar);
  return clientOf(jar);
}

async function call(pool: Pool, who: Client, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<{ status: number; body: unknown }> {
  const res = await pool.request({
    method,
    path,
    headers: { cookie: who.cookie, ...(data === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(data === undefined ? {} : { body: JSON.stringify({ data, token: who.token }) }),
  });
  const text = await res.body.text();
  return { status: res.statusCode, body: text && res.headers['content-type']?.includes('json') ? (JSON.parse(text) as unknown) : text };
}

/** Open courses on which the bench's form is green and an adviser may offer it (O among the buttons), in catalogue order. */
async function pickCourses(pool: Pool, adviser: Client): Promise<string[]> {
  const assessForm: AssessForm = toAssessForm(form(0, 'pick') as unknown as AssessForm);
  const picked: string[] = [];
  for (let page = 1; picked.length < COURSES; page++) {
    const found = await call(pool, adviser, 'GET', `${apiPath('courseSearch')}?p=${page}&page_size=50&_=${Date.now()}`);
    const rows = courseSearchResponseSchema.parse(found.body).rows;
    if (rows.length === 0) break;
    for (const row of rows) {
      const action = searchAction(row);
      if (picked.length >= COURSES || action.kind !== 'apply' || !action.enabled || action.externalUrl) continue;
      const assessed = await call(pool, adviser, 'POST', apiPath('assess', { course: row.UCAS_CODE }), assessForm);
      if (assessed.status !== 200) continue;
      const { result } = assessResponseSchema.parse(assessed.body);
      if (result.TRAFFIC_LIGHT === 'G' && result.SUBMISSION_OPTIONS.BUTTONS.some((b) => b.STATUS === 'O')) picked.push(row.UCAS_CODE);
    }
  }
  if (picked.length < COURSES) throw new Error(`only ${picked.length} courses offer the bench's form`);
  return picked;
}

/** Course control: few places per course, then waits for the projection (VACANCIES_INTERNAL = offers allowed). */
async function givePlaces(pool: Pool, admin: Client, codes: string[]): Promise<Course[]> {
  const courses = codes.map((code, i) => {
    const places = 4 + 2 * i;
    const allowance = i % 2 === 0 ? 1 : 1.3;
    return { code, places, allowance, allowed: Math.floor((places * Math.round(allowance * 100)) / 100) };
  });
  for (const c of courses) {
    const saved = await call(pool, admin, 'PUT', apiPath('deskCourseUpdate', { id: c.code }), { CLEARING_PLACES: c.places, OFFER_ALLOWANCE: c.allowance });
    if (saved.status !== 200) throw new Error(`course control ${c.code} answered ${saved.status}: ${JSON.stringify(saved.body)}`);
  }
  for (const c of courses) {
    for (;;) {
      const detail = await call(pool, admin, 'GET', `${apiPath('deskCourse', { id: c.code })}?_=${Date.now()}`);
      if ((detail.body as { courseData?: { VACANCIES_INTERNAL?: number } }).courseData?.VACANCIES_INTERNAL === c.allowed) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return courses;
}

const uptime = () => execSync('uptime').toString().trim();
const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(0) : '-');

async function run() {
  const label = 'guard';
  console.log(`\n=== with the places guard ===`);
  console.log(`before: ${uptime()}`);
  const directory = await startDirectory({ port: 'free' });
  const raised = '1000000';
  const stack: Stack = await startStack({
    database: 'test',
    seedDemoData: true,
    services: ['courses', 'applications', 'assessment'],
    directoryUrl: directory.url,
    logs: 'silent',
    gatewayEnv: Object.fromEntries(
      ['APPLIED', 'ASSESS', 'APPLY']
        .flatMap((k) => [
          [`RATE_LIMIT_${k}_MAX`, raised],
          [`RATE_LIMIT_${k}_PER_APPLICANT_MAX`, raised],
        ])
        .concat([['RATE_LIMIT_APPLY_BUDGET', raised]]),
    ),
  });
  const pool = new Pool(stack.gatewayUrl, { connections: 64 });
  try {
    const admin = await client(pool, 'admin');
    const advisers = await Promise.all(Array.from({ length: ADVISERS }, () => client(pool, 'backoffice')));
    const visitor = await client(pool);
    const courses = await givePlaces(pool, admin, await pickCourses(pool, advisers[0]!));
    const runId = `${label}.${Date.now()}`;

    const sent: Sent[] = [];
    const t0 = Date.now();
    const total = RATE * DURATION;
    const sends: Promise<void>[] = [];
    for (let n = 0; n < total; n++) {
      const wait = t0 + (n * 1000) / RATE - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      // Round-robin over the courses, shifted by one each round, so every course meets public and adviser offers.
      const course = courses[(n + Math.floor(n / courses.length)) % courses.length]!.code;
      const byAdviser = ADVISER_EVERY > 0 && n % ADVISER_EVERY === ADVISER_EVERY - 1;
      sends.push(
        (async () => {
          const started = performance.now();
          const answer = byAdviser
            ? await call(pool, advisers[n % ADVISERS]!, 'POST', apiPath('deskApplicationCreate', { student: 'new', course }), {
                ...form(n, runId),
                STATUS: 'O',
              })
            : await call(pool, visitor, 'POST', apiPath('apply', { course }), form(n, runId));
          const offered = answer.status === 200 && (answer.body as { confirmed_status?: string }).confirmed_status === 'O';
          sent.push({ course, who: byAdviser ? 'adviser' : 'public', status: answer.status, offered, ms: performance.now() - started });
        })(),
      );
    }
    const sentIn = (Date.now() - t0) / 1000;
    await Promise.all(sends);
    const answeredIn = (Date.now() - t0) / 1000;
    console.log(`after:  ${uptime()}`);
    console.log(
      `${sent.length} applicants sent in ${sentIn.toFixed(1)} s (${(sent.length / sentIn).toFixed(1)}/s), all answered after ${answeredIn.toFixed(1)} s`,
    );

    const figures = figuresResponseSchema.parse((await call(pool, admin, 'GET', `${apiPath('figures')}?_=${Date.now()}`)).body);
    const counting = new Map(figures.courses.map((r) => [r.UCAS_CODE, r.OFFERS_COUNTING]));
    printTable(
      courses.map((c) => {
        const mine = sent.filter((s) => s.course === c.code);
        const offers = mine.filter((s) => s.offered).length;
        return {
          course: c.code,
          places: c.places,
          allowance: c.allowance.toFixed(2),
          'offers allowed': c.allowed,
          'offers made': offers,
          'public / adviser': `${mine.filter((s) => s.offered && s.who === 'public').length} / ${mine.filter((s) => s.offered && s.who === 'adviser').length}`,
          'ledger counts': counting.get(c.code) ?? '-',
          'over?': offers > c.allowed ? `OVER by ${offers - c.allowed}` : 'no',
        };
      }),
    );
    const statuses = new Map<string, number>();
    for (const s of sent) statuses.set(`${s.who} ${s.status}`, (statuses.get(`${s.who} ${s.status}`) ?? 0) + 1);
    console.log(`answers: ${[...statuses].map(([k, v]) => `${k}: ${v}`).join(', ')}`);
    const times = (filter: (s: Sent) => boolean) =>
      sent
        .filter(filter)
        .map((s) => s.ms)
        .sort((a, b) => a - b);
    const rows = [
      ['every submit', times(() => true)],
      ['submits that stored an offer', times((s) => s.offered)],
      ['public submits', times((s) => s.who === 'public')],
      ['adviser offers', times((s) => s.who === 'adviser')],
    ] as const;
    printTable(
      rows.map(([what, t]) => ({
        [label]: what,
        n: t.length,
        'p50 ms': ms(percentile(t, 50)),
        'p95 ms': ms(percentile(t, 95)),
        'max ms': ms(t.at(-1) ?? NaN),
      })),
    );
  } finally {
    await pool.close();
    await stack.stop();
    await directory.stop();
  }
}

async function main() {
  console.log(`${RATE} applicants/s for ${DURATION} s at ${COURSES} courses, every ${ADVISER_EVERY}th an adviser's offer`);
  await run();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
