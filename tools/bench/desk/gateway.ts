/**
 * The applications desk listing (issue 9 item 10): GET /api/admin/applications through the real
 * gateway over 50,000 applications in a PostgreSQL test database, for a name search and each
 * status filter, at a fixed rate with autocannon, signed in as the demo Administrator. Goal: p95
 * under 50 ms. Prints figures; asserts nothing.
 *
 * applications-svc runs in this process (its database must be seeded before it is timed, and the
 * stack launcher does not hand out its database URL); courses-svc, assessment-svc, the gateway and
 * the demo directory are the real processes of `startStack` / `startDirectory`.
 *
 *   npx tsx tools/bench/desk/gateway.ts [--applications 50000] [--rate 100] [--duration 10]
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { applicationListingResponseSchema, XSRF_COOKIE } from '@clearing-desk/contracts';
import { createTestDatabase, type TestDatabase } from '@clearing-desk/service-kit/testing';
import { DEMO_DIRECTORY, startDirectory, startStack } from '@clearing-desk/stack';
import autocannon from 'autocannon';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { percentile, printTable } from '../assessment/fixtures';

/** applications-svc's modules, loaded at run time (see tools/bench/figures/service.ts for why). */
type Db = { execute: <T = unknown>(query: SQL) => Promise<{ rows: T[] }> };
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
  },
});
const APPLICATIONS = Number(values.applications);
const RATE = Number(values.rate);
const DURATION = Number(values.duration);

/** Given names with accents, so the name search folds as it does for real people. */
const GIVEN = ['Amara', 'Zoë', 'José', 'Chloé', 'Søren', 'Ravi', 'Mei', 'Oluwaseun', 'Élodie', 'Tomás'];
/** The seed folds accents in SQL as foldName does in Node (only the letters used above). */
const FROM = 'ëéåüøöá';
const TO = 'eeauooa';
const FAMILY = ['Okafor', 'Ångström', 'García', 'Smith', 'Nguyen', 'Kowalski', 'Brown', 'Müller', 'Patel', 'Jones'];

async function seed(db: Db) {
  const given = `{${GIVEN.join(',')}}`;
  const family = `{${FAMILY.join(',')}}`;
  await db.execute(sql`
    insert into students (name1, name2, email, email_normalised, dob, nationality, tel1, name1_folded, name2_folded)
    select g.name1, g.name2 || ' ' || n, 'p' || n || '@example.com', 'p' || n || '@example.com', '2006-01-01', 'GBR', '07700900000',
      translate(lower(g.name1), ${FROM}, ${TO}), translate(lower(g.name2), ${FROM}, ${TO}) || ' ' || n
    from (select n, (${given}::text[])[1 + n % 10] as name1, (${family}::text[])[1 + (n / 10) % 10] as name2
          from generate_series(1, ${APPLICATIONS}) n) g`);
  // 160 courses over 4 schools; every status; a visa record on 1 in 20; an outbound call on 1 in 8.
  await db.execute(sql`
    insert into applications (hash, submission_id, student_id, ucas_code, depart_number, status, sub_status, form, assessment,
      over18, second_year_entry, outbound_call_flag, outbound_call_remark, email_normalised, ucas_personal_id,
      school, dept, created_by, names_folded, name2_folded, visa_status, created_at)
    select md5(s.student_id), gen_random_uuid(), s.student_id, 'B' || lpad((n % 160)::text, 3, '0'), '31',
      (array['O','I','S','R','X','P','W','D','S','S'])[1 + (n % 10)], null,
      jsonb_build_object('NAME1', s.name1, 'NAME2', s.name2, 'EMAIL', s.email, 'NATIONALITY', 'GBR', 'SECOND_YEAR_ENTRY', '0'),
      '{}'::jsonb, 1, 0, (n % 8 = 0)::int, case when n % 8 = 0 then 'Called no answer' end, s.email_normalised,
      (7000000000 + n)::text, (array['SCI','LAW','BUS','HEA'])[1 + (n % 4)], 'D' || (n % 12), (case when n % 3 = 0 then 'public' else 'backoffice' end),
      s.name1_folded || ' ' || s.name2_folded, s.name2_folded, case when n % 20 = 0 then 'P' end, now() - (n || ' seconds')::interval
    from (select *, row_number() over (order by student_id) as n from students) s`);
  // As autovacuum would soon after a bulk load: statistics and the visibility map (index-only counts).
  await db.execute(sql`vacuum analyze applications`);
  await db.execute(sql`vacuum analyze students`);
}

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

async function main() {
  const { buildApp, applicationsConfigSchema } = await loadService();
  const internalToken = randomBytes(24).toString('base64url');
  let database: TestDatabase | undefined;
  let app: ApplicationsApp | undefined;
  const directory = await startDirectory({ port: 'free' });
  try {
    database = await createTestDatabase('bench_desk');
    app = await buildApp(applicationsConfigSchema.parse({ DATABASE_URL: database.url, INTERNAL_TOKEN: internalToken, LOG_LEVEL: 'warn' }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const applicationsUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const seedStart = Date.now();
    await seed(app.db);
    const [{ count } = { count: 0 }] = (await app.db.execute<{ count: number }>(sql`select count(*)::int as count from applications`)).rows;
    console.log(`seeded ${count.toLocaleString('en-GB')} applications in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);

    const stack = await startStack({
      services: ['courses', 'assessment'],
      database: 'test',
      seedDemoData: true,
      directoryUrl: directory.url,
      env: { INTERNAL_TOKEN: internalToken, LOG_LEVEL: 'warn' },
      gatewayEnv: { APPLICATIONS_URL: applicationsUrl },
      logs: 'silent',
    });
    try {
      const cookie = await signIn(stack.gatewayUrl, 'admin');
      const scenarios: [string, string][] = [
        ['name search "zoe angstrom"', 'q=zoe%20angstrom'],
        ['family name "smith" (5,000 people)', 'q=smith'],
        ['one person "mei muller 4576"', 'q=mei%20muller%204576'],
        ['public reference', 'q=31100001'],
        ['All', 's='],
        ['p Public submissions', 's=p'],
        ['b Requiring back office attention', 's=b'],
        ['o Offered/Invited', 's=o'],
        ['r Rejected', 's=r'],
        ['v Visa', 's=v'],
        ['c Outbound call complete', 's=c'],
      ];
      const rows: Record<string, string | number>[] = [];
      for (const [name, query] of scenarios) {
        const url = `${stack.gatewayUrl}/api/admin/applications?${query}&page_size=10`;
        const check = await fetch(url, { headers: { cookie } });
        if (check.status !== 200) throw new Error(`${query}: ${check.status} ${await check.text()}`);
        const { total } = applicationListingResponseSchema.parse(await check.json());
        await measure(url, cookie, 2, RATE); // warm-up: JIT, pools, PostgreSQL buffers
        const { result, p50, p95, max } = await measure(url, cookie, DURATION, RATE);
        rows.push({
          listing: name,
          total,
          'req/s': Math.round(result.requests.total / result.duration),
          'p50 ms': p50,
          'p95 ms': p95,
          'max ms': max,
          '2xx': result['2xx'],
          'non-2xx': result.non2xx,
        });
      }
      console.log(`\nGET /api/admin/applications (page_size 10) over ${count.toLocaleString('en-GB')} applications, ${DURATION} s at ${RATE} req/s each`);
      printTable(rows);
    } finally {
      await stack.stop();
    }
  } finally {
    await app?.close();
    await database?.drop();
    await directory.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
