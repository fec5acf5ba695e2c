/**
 * The plans of the desk listing: seeds 50,000 applications into
 * applications-svc's migrated database (a fresh PostgreSQL test database, or PGlite with
 * `--database pglite`) and prints, for each of the 11 query kinds of gateway.ts and for an
 * Administrator (scope all) and a school-scoped user, EXPLAIN ANALYZE of the repository's own
 * queries (`listingQueries`: the page, its rows with the capped total in one statement, and the
 * total alone, which the listing runs only for a page past the last match): execution time and
 * the plan's top nodes. Prints figures; asserts nothing.
 *
 *   npx tsx tools/bench/desk/explain.ts [--applications 50000] [--database postgres|pglite] [--plans] [--page 1]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { applicationListingQuerySchema, type RoleAssignment } from '@clearing-desk/contracts';
import { createTestDatabase, type TestDatabase } from '@clearing-desk/service-kit/testing';
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { printTable } from '../assessment/fixtures';
import { type Db, seed, SCENARIOS } from './seed';

type Queries = { page: SQLWrapper; total: SQLWrapper };
type ApplicationsApp = FastifyInstance & { db: Db };
type DeskRepository = { listingQueries: (query: unknown, roles: readonly RoleAssignment[]) => Queries | null };
/** The service's public entry, named through a variable so TypeScript does not follow it (tools/bench/figures/service.ts). */
const APPLICATIONS_SVC: string = '@clearing-desk/applications-svc';
const loadService = async () =>
  (await import(APPLICATIONS_SVC)) as {
    buildApp: (config: unknown) => Promise<ApplicationsApp>;
    createDeskRepository: (db: Db) => DeskRepository;
    applicationsConfigSchema: { parse: (env: Record<string, string>) => unknown };
  };

const { values } = parseArgs({
  options: {
    applications: { type: 'string', default: '50000' },
    database: { type: 'string', default: 'postgres' },
    plans: { type: 'boolean', default: false },
    page: { type: 'string', default: '1' },
  },
});
const APPLICATIONS = Number(values.applications);

const USERS: [string, RoleAssignment[]][] = [
  ['admin (all)', [{ role: 'Administrator', scope: 'all' }]],
  ['school:SCI', [{ role: 'Front Office', scope: 'school:SCI' }]],
];

/** EXPLAIN (ANALYZE, BUFFERS) of one query: its execution time (ms, the median of 5 runs after one warm-up) and plan. */
async function explain(db: Db, query: SQLWrapper): Promise<{ ms: number; plan: string[] }> {
  const times: number[] = [];
  let plan: string[] = [];
  for (let i = 0; i < 6; i += 1) {
    const { rows } = await db.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, buffers) ${query}`);
    plan = rows.map((r) => r['QUERY PLAN']);
    const ms = Number(/Execution Time: ([\d.]+) ms/.exec(plan.at(-1) ?? '')?.[1]);
    if (i > 0) times.push(ms);
  }
  times.sort((a, b) => a - b);
  return { ms: times[2] as number, plan };
}

/** Each line's indentation: a plan node's children are indented deeper than it. */
const depth = (line: string) => line.search(/\S/);

/**
 * The plan's first nodes, short: 'Limit > Index Scan Backward using applications_pkey on
 * applications'. An InitPlan (the page's total, counted once) is left out with its nodes: the
 * total's plan is printed on its own.
 */
const topNodes = (plan: string[]) => {
  const initPlan = plan.findIndex((l) => /^\s*InitPlan/.test(l));
  const end = initPlan < 0 ? initPlan : plan.findIndex((l, i) => i > initPlan && depth(l) <= depth(plan[initPlan] as string));
  const kept = initPlan < 0 ? plan : [...plan.slice(0, initPlan), ...(end < 0 ? [] : plan.slice(end))];
  return kept
    .filter(
      (l) =>
        /^\s*(->\s+)?[A-Z]/.test(l) &&
        !/^\s*(Planning|Execution|Buffers|Filter|Index Cond|Recheck|Rows Removed|Heap Blocks|Sort|Storage|Index Searches)/.test(l.trim()),
    )
    .slice(0, 3)
    .map((l) => l.replace(/^\s*(->\s+)?/, '').replace(/\s+\(cost=.*$/, ''))
    .join(' > ');
};

async function main() {
  const { buildApp, createDeskRepository, applicationsConfigSchema } = await loadService();
  let database: TestDatabase | undefined;
  let dataDir: string | undefined;
  if (values.database === 'pglite') dataDir = mkdtempSync(path.join(tmpdir(), 'bench-desk-pglite-'));
  else database = await createTestDatabase('bench_desk_explain');
  const env: Record<string, string> = { INTERNAL_TOKEN: 'x'.repeat(32), LOG_LEVEL: 'warn' };
  if (database) env.DATABASE_URL = database.url;
  if (dataDir) env.DATA_DIR = dataDir;
  const app = await buildApp(applicationsConfigSchema.parse(env));
  await app.ready();
  try {
    await seed(app.db, APPLICATIONS);
    const desk = createDeskRepository(app.db);
    const rows: Record<string, string | number>[] = [];
    for (const [userName, roles] of USERS) {
      for (const [name, queryString] of SCENARIOS) {
        const query = applicationListingQuerySchema.parse({ ...Object.fromEntries(new URLSearchParams(queryString)), page_size: '10', page: values.page });
        const queries = desk.listingQueries(query, roles);
        if (!queries) throw new Error(`${userName} sees nothing`);
        const page = await explain(app.db, queries.page);
        const total = await explain(app.db, queries.total);
        rows.push({
          user: userName,
          listing: name,
          'page ms': page.ms,
          'total alone ms': total.ms,
          'page plan': topNodes(page.plan),
          'total plan': topNodes(total.plan),
        });
        if (values.plans) console.log(`\n${userName} ${name}: page\n${page.plan.join('\n')}\n${userName} ${name}: total alone\n${total.plan.join('\n')}`);
      }
    }
    console.log(
      `\nEXPLAIN ANALYZE of the listing's queries over ${APPLICATIONS.toLocaleString('en-GB')} applications on ${values.database}, page ${values.page} of page_size 10 (median of 5)`,
    );
    printTable(rows);
  } finally {
    await app.close();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
