import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { createService } from '../server/create-service';
import { createTestDatabase, TEST_SERVER_URL, type TestDatabase } from '../testing/test-database';
import { databasePlugin } from './database-plugin';
import { migrateDatabase } from './migrate';

const REPO_ROOT = path.resolve(__dirname, '../../../..');
const NODE = process.execPath;
const MIGRATE_BIN = path.join(REPO_ROOT, 'libs/service-kit/src/bin/migrate.ts');

/** An app folder with a drizzle-kit migrations folder: a table, a seed row (slow, to widen the race) and an index built concurrently. */
function appWithMigrations(): string {
  const app = mkdtempSync(path.join(tmpdir(), 'kit-migrate-'));
  const folder = path.join(app, 'drizzle');
  mkdirSync(path.join(folder, 'meta'), { recursive: true });
  const migrations = [
    ['0000_notes', 'CREATE TABLE "notes" ("id" serial PRIMARY KEY, "body" text NOT NULL);'],
    ['0001_seed', 'SELECT pg_sleep(0.5);--> statement-breakpoint\nINSERT INTO "notes" ("body") VALUES (\'seeded once\');'],
    ['0002_body_index', 'CREATE INDEX CONCURRENTLY IF NOT EXISTS "notes_body_idx" ON "notes" USING btree ("body");'],
  ];
  for (const [tag, sql] of migrations) writeFileSync(path.join(folder, `${tag}.sql`), sql as string);
  writeFileSync(
    path.join(folder, 'meta/_journal.json'),
    JSON.stringify({
      version: '7',
      dialect: 'postgresql',
      entries: migrations.map(([tag], idx) => ({ idx, version: '7', when: 1_700_000_000_000 + idx, tag, breakpoints: true })),
    }),
  );
  return app;
}

/** Roles of the machine's server with a password-less login (it trusts local connections), dropped after `run` with `database`. */
async function withRoles(names: string[], database: TestDatabase, run: () => Promise<void>) {
  const admin = new Client({ connectionString: TEST_SERVER_URL });
  await admin.connect();
  try {
    for (const name of names) await admin.query(`CREATE ROLE ${name} LOGIN`);
    await run();
  } finally {
    // The database the roles own or were granted goes first: a role with objects cannot be dropped.
    await database.drop();
    for (const name of names) await admin.query(`DROP ROLE IF EXISTS ${name}`);
    await admin.end();
  }
}

const asRole = (url: string, role: string) => {
  const u = new URL(url);
  u.username = role;
  u.password = '';
  return u.toString();
};

describe('migrations once per database', () => {
  let app: string;
  let database: TestDatabase;
  beforeEach(async () => {
    app = appWithMigrations();
    database = await createTestDatabase('kit_migrate');
  });
  afterEach(async () => {
    await database.drop();
    rmSync(app, { recursive: true, force: true });
  });

  it('three migrators started at once on a fresh database all succeed and exactly one applies, as the DDL role, granting the services role what it needs', async () => {
    const suffix = randomBytes(3).toString('hex');
    const owner = `kit_ddl_${suffix}`;
    const service = `kit_app_${suffix}`;
    await withRoles([owner, service], database, async () => {
      const admin = new Client({ connectionString: database.url });
      await admin.connect();
      await admin.query(`ALTER DATABASE "${database.name}" OWNER TO ${owner}`);
      await admin.query(`ALTER SCHEMA public OWNER TO ${owner}`);
      await admin.query(`GRANT CONNECT ON DATABASE "${database.name}" TO ${service}`);
      await admin.end();

      const env = { ...process.env, MIGRATION_DATABASE_URL: asRole(database.url, owner), DATABASE_URL: '', MIGRATIONS_GRANT_TO: service };
      const runs = await Promise.all([1, 2, 3].map(() => promisify(execFile)(NODE, ['--import', 'tsx', MIGRATE_BIN, app], { cwd: REPO_ROOT, env })));
      const outcomes = runs.map((run) => JSON.parse(run.stdout.trim().split('\n').at(-1) as string) as { applied: string[] });
      expect(outcomes.map((o) => o.applied).sort((a, b) => b.length - a.length)).toEqual([['0000_notes', '0001_seed', '0002_body_index'], [], []]);

      const asService = new Client({ connectionString: asRole(database.url, service) });
      await asService.connect();
      try {
        // Applied once: one seed row, three journal rows, a valid index.
        expect((await asService.query('SELECT body FROM notes')).rows).toEqual([{ body: 'seeded once' }]);
        expect((await asService.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')).rows).toEqual([{ n: 3 }]);
        expect((await asService.query("SELECT indisvalid FROM pg_index WHERE indexrelid = 'notes_body_idx'::regclass")).rows).toEqual([{ indisvalid: true }]);
        // The services' role writes rows but changes no schema.
        await asService.query("INSERT INTO notes (body) VALUES ('written by a service')");
        await expect(asService.query('CREATE TABLE other (id int)')).rejects.toThrow('permission denied for schema public');
        await expect(asService.query('DROP TABLE notes')).rejects.toThrow('must be owner of table notes');
      } finally {
        await asService.end();
      }
    });
  }, 120_000);

  it('a second run on a migrated database applies nothing', async () => {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      expect((await migrateDatabase(client, path.join(app, 'drizzle'))).applied).toHaveLength(3);
      expect((await migrateDatabase(client, path.join(app, 'drizzle'))).applied).toEqual([]);
    } finally {
      await client.end();
    }
  });

  it('a service in verify mode is not ready until the migrations are in, and says which are pending', async () => {
    const service = createService({ name: 'test', logLevel: 'silent' });
    await service.register(databasePlugin, { url: database.url, dataDir: app, migrationsFolder: path.join(app, 'drizzle'), migrations: 'verify', schema: {} });
    try {
      const before = await service.inject({ method: 'GET', url: '/readyz' });
      expect(before.statusCode).toBe(503);
      expect(before.json()).toEqual({ message: 'Service Unavailable', migrations: { pending: ['0000_notes', '0001_seed', '0002_body_index'] } });

      const client = new Client({ connectionString: database.url });
      await client.connect();
      await migrateDatabase(client, path.join(app, 'drizzle'));
      await client.end();

      const after = await service.inject({ method: 'GET', url: '/readyz' });
      expect(after.json()).toEqual({ status: 'ready' });
      // The PostgreSQLDown and DatabasePoolSaturated alerts' series.
      const metrics = await service.metricsRegistry.metrics();
      expect(metrics).toMatch(/^clearing_database_up\{app="test"\} 1$/m);
      expect(metrics).toMatch(/^clearing_database_pool_connections\{state="waiting",app="test"\} 0$/m);
    } finally {
      await service.close();
    }
  });
});
