/**
 * The figures query of applications-svc over 50,000 applications: builds the service
 * on a fresh PostgreSQL test database, seeds the applications with SQL (spread over 160 courses,
 * every status, 40% of them today) and times POST /figures through `inject` (route, zod, the
 * grouped SQL aggregate) and the repository alone. Goal: under 100 ms at the service. Prints figures;
 * asserts nothing.
 *
 *   npx tsx tools/bench/figures/service.ts [--applications 50000] [--runs 50] [--courses 160]
 */
import { parseArgs } from 'node:util';
import { APPLICATIONS_SVC, figuresCountResponseSchema, type StaffUser } from '@clearing-desk/contracts';
import { encodeStaffUser } from '@clearing-desk/service-kit';
import { createTestDatabase, internalHeaders, TEST_INTERNAL_TOKEN } from '@clearing-desk/service-kit/testing';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { percentile, printTable } from '../assessment/fixtures';

/**
 * The service's own modules, loaded at run time: importing them statically would put
 * applications-svc's `fastify.db` type augmentation into the tools program beside files-svc's
 * (the uploads benchmark), which TypeScript refuses. Only what the benchmark calls is typed here.
 */
type Db = { execute: <T = unknown>(query: SQL) => Promise<{ rows: T[] }> };
type ApplicationsApp = FastifyInstance & { db: Db };
type ServiceModules = {
  buildApp: (config: unknown) => Promise<ApplicationsApp>;
  applicationsConfigSchema: { parse: (env: Record<string, string>) => unknown };
  createFiguresRepository: (db: Db) => { count: (codes: readonly string[]) => Promise<unknown> };
};
/** The service's public entry, named through a variable so TypeScript does not follow it. */
const APPLICATIONS_SVC_PACKAGE: string = '@clearing-desk/applications-svc';
const loadService = async (): Promise<ServiceModules> => (await import(APPLICATIONS_SVC_PACKAGE)) as ServiceModules;

const { values } = parseArgs({
  options: {
    applications: { type: 'string', default: '50000' },
    runs: { type: 'string', default: '50' },
    courses: { type: 'string', default: '160' },
    explain: { type: 'boolean', default: false },
  },
});
const APPLICATIONS = Number(values.applications);
const RUNS = Number(values.runs);
const COURSES = Number(values.courses);

const editor: StaffUser = { username: 'editor', name: 'Eddie Editor', roles: [{ role: 'Editor', scope: 'all' }] };
const codes = Array.from({ length: COURSES }, (_, i) => `B${String(i).padStart(3, '0')}`);

async function time(runs: number, run: () => Promise<unknown>): Promise<{ p50: number; p95: number; max: number }> {
  for (let i = 0; i < 5; i += 1) await run(); // warm-up: JIT, connection pool, PostgreSQL buffers
  const ms: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = process.hrtime.bigint();
    await run();
    ms.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95), max: ms.at(-1) ?? NaN };
}

async function main() {
  const { buildApp, applicationsConfigSchema, createFiguresRepository } = await loadService();
  const database = await createTestDatabase('bench_figures');
  const app = await buildApp(applicationsConfigSchema.parse({ DATABASE_URL: database.url, INTERNAL_TOKEN: TEST_INTERNAL_TOKEN, LOG_LEVEL: 'silent' }));
  try {
    await app.ready();
    const seedStart = Date.now();
    await app.db.execute(sql`
      insert into students (name1, name2, email, email_normalised, dob, nationality, tel1)
      select 'Bench', 'Person ' || g, 'p' || g || '@example.com', 'p' || g || '@example.com', '2006-01-01', 'GBR', '07700900000'
      from generate_series(1, ${APPLICATIONS}) g`);
    await app.db.execute(sql`
      insert into applications (hash, submission_id, student_id, ucas_code, depart_number, status, sub_status, form, assessment,
        over18, second_year_entry, outbound_call_flag, email_normalised, created_at)
      select md5(s.student_id), gen_random_uuid(), s.student_id,
        (${`{${codes.join(',')}}`}::text[])[1 + (n % ${COURSES})], '31',
        (array['O','I','S','R','X','P','W','D','O','X'])[1 + (n % 10)],
        case when n % 10 in (0, 4) and n % 3 = 0 then (array['AO','AR','AX'])[1 + (n % 3)]
             when n % 10 in (0, 4) and n % 3 = 1 then 'AO' else null end,
        '{}'::jsonb, '{}'::jsonb, 1, 0, (n % 4 = 0)::int, s.email_normalised,
        case when n % 5 < 2 then now() - ((n % 600) || ' minutes')::interval else now() - ((1 + n % 3) || ' days')::interval end
      from (select student_id, email_normalised, row_number() over (order by student_id) as n from students) s`);
    await app.db.execute(sql`analyze applications`);
    const [{ count } = { count: 0 }] = (await app.db.execute<{ count: number }>(sql`select count(*)::int as count from applications`)).rows;
    console.log(`seeded ${count.toLocaleString('en-GB')} applications over ${COURSES} courses in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);

    const body = { courses: codes.map((UCAS_CODE) => ({ UCAS_CODE, SCHOOL: 'SCI', DEPT: 'CMPS' })) };
    const headers = internalHeaders({ 'x-clearing-user': encodeStaffUser(editor) });
    const inject = async () => {
      const res = await app.inject({ method: 'POST', url: APPLICATIONS_SVC.figures.path, headers, payload: body });
      if (res.statusCode !== 200) throw new Error(`POST ${APPLICATIONS_SVC.figures.path} answered ${res.statusCode}: ${res.body}`);
      return figuresCountResponseSchema.parse(res.json());
    };
    const check = await inject();
    const counted = check.rows.reduce((n, r) => n + r.total.applications, 0);
    if (counted !== count) throw new Error(`figures counted ${counted}, the table holds ${count}`);

    const repository = createFiguresRepository(app.db);
    if (values.explain) {
      // The plan of the per-course aggregate as PostgreSQL runs it (auto_explain is not loaded, so ask directly).
      const plan = await app.db.execute<{ 'QUERY PLAN': string }>(
        sql`explain (analyze, buffers) select status, count(*) from applications where ucas_code in (select unnest(${`{${codes.join(',')}}`}::text[])) group by status`,
      );
      for (const line of plan.rows) console.log(line['QUERY PLAN']);
    }
    const rows = [
      { measure: 'POST /figures (inject: route + zod + SQL aggregate)', runs: RUNS, ...(await time(RUNS, inject)) },
      { measure: 'repository.count (one grouped SQL scan)', runs: RUNS, ...(await time(RUNS, () => repository.count(codes))) },
      { measure: 'repository.count, one course (index)', runs: RUNS, ...(await time(RUNS, () => repository.count([codes[0] as string]))) },
    ];
    printTable(rows.map((r) => ({ measure: r.measure, runs: r.runs, 'p50 ms': r.p50, 'p95 ms': r.p95, 'max ms': r.max })));
  } finally {
    await app.close();
    await database.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
