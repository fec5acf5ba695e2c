import { readFileSync } from 'node:fs';
import { readMigrationFiles } from 'drizzle-orm/migrator';

/** What the migrator needs of a connection: node-postgres' `Client` and PGlite both fit. */
export type SqlRunner = { query: (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }> };

/**
 * The advisory lock every migrator of a database takes (two 32-bit keys: 'CDMG', 1). Advisory
 * locks are scoped to the current database, so each service's database has its own.
 */
const MIGRATION_LOCK = [0x43444d47, 1] as const;

/** How often a waiting migrator asks for the lock again. */
const LOCK_POLL_MS = 250;

/** Drizzle's own bookkeeping (drizzle-kit and drizzle-orm's migrator read and write the same table). */
const JOURNAL_TABLE = 'drizzle.__drizzle_migrations';

/**
 * Statements PostgreSQL refuses inside a transaction block: a migration containing one runs
 * statement by statement (each its own transaction), then is recorded.
 */
const OUTSIDE_TRANSACTION = /\b(CREATE\s+(UNIQUE\s+)?INDEX\s+CONCURRENTLY|DROP\s+INDEX\s+CONCURRENTLY|REINDEX\s+.*CONCURRENTLY)\b/i;

export type MigrationOutcome = {
  /** Tags (file names without `.sql`) this run applied, in order; empty when another run had. */
  applied: string[];
  /** Milliseconds spent waiting for another migrator's lock. */
  waitedMs: number;
};

type Migration = { tag: string; sql: string[]; folderMillis: number; hash: string };

/** The migrations of a drizzle-kit folder (`meta/_journal.json` and `<tag>.sql`), oldest first. */
function readMigrations(migrationsFolder: string): Migration[] {
  // readMigrationFiles keeps the journal's order; the tags come from the same journal.
  const files = readMigrationFiles({ migrationsFolder });
  const { entries } = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as { entries: { tag: string }[] };
  return files.map((file, i) => ({ tag: entries[i]?.tag ?? String(file.folderMillis), sql: file.sql, folderMillis: file.folderMillis, hash: file.hash }));
}

/** `created_at` of the newest applied migration, or undefined when none (or no journal table yet). */
async function lastApplied(runner: SqlRunner): Promise<number | undefined> {
  const exists = await runner.query(`select to_regclass('${JOURNAL_TABLE}') is not null as present`);
  if (!(exists.rows[0] as { present: boolean }).present) return undefined;
  const { rows } = await runner.query(`select created_at from ${JOURNAL_TABLE} order by created_at desc limit 1`);
  const row = rows[0] as { created_at: string | number } | undefined;
  return row === undefined ? undefined : Number(row.created_at);
}

/**
 * Applies the pending migrations of `migrationsFolder` (drizzle-kit's output, recorded in
 * drizzle's `__drizzle_migrations` table as drizzle-orm's migrator does) once, however many
 * migrators start at the same time: each takes a PostgreSQL advisory lock first (polled), so a second
 * run waits for the first and then finds nothing to apply (it never fails on a half-created
 * table). Each migration runs in its own transaction, except one with `CREATE INDEX
 * CONCURRENTLY` (so that building an index never blocks writes), which runs statement by
 * statement; write those `IF NOT EXISTS` so a rerun after a failure completes them.
 * `runner` must be ONE connection (a `pg.Client`, not a pool: the lock belongs to the session).
 * @throws the failing statement's error; the lock is released and nothing of that migration is
 * recorded, so the next run retries it.
 */
export async function migrateDatabase(runner: SqlRunner, migrationsFolder: string): Promise<MigrationOutcome> {
  const migrations = readMigrations(migrationsFolder);
  const started = Date.now();
  // Polled, not `pg_advisory_lock`: a session blocked inside that statement holds a snapshot, and
  // `CREATE INDEX CONCURRENTLY` in the lock holder waits for every such snapshot: a deadlock.
  for (;;) {
    const { rows } = await runner.query('select pg_try_advisory_lock($1, $2) as locked', [...MIGRATION_LOCK]);
    if ((rows[0] as { locked: boolean }).locked) break;
    await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
  }
  const waitedMs = Date.now() - started;
  try {
    // Created only when missing: a role without CREATE (the services') can then run this on a migrated database.
    const { rows: journal } = await runner.query(`select to_regclass('${JOURNAL_TABLE}') is not null as present`);
    if (!(journal[0] as { present: boolean }).present) {
      await runner.query('create schema if not exists drizzle');
      await runner.query(`create table if not exists ${JOURNAL_TABLE} (id serial primary key, hash text not null, created_at bigint)`);
    }
    const last = await lastApplied(runner);
    const applied: string[] = [];
    for (const migration of migrations) {
      if (last !== undefined && migration.folderMillis <= last) continue;
      const record = () => runner.query(`insert into ${JOURNAL_TABLE} (hash, created_at) values ($1, $2)`, [migration.hash, migration.folderMillis]);
      const statements = migration.sql.map((s) => s.trim()).filter((s) => s.length > 0);
      if (statements.some((s) => OUTSIDE_TRANSACTION.test(s))) {
        for (const statement of statements) await runner.query(statement);
        await record();
      } else {
        await runner.query('begin');
        try {
          for (const statement of statements) await runner.query(statement);
          await record();
          await runner.query('commit');
        } catch (err) {
          await runner.query('rollback');
          throw err;
        }
      }
      applied.push(migration.tag);
    }
    return { applied, waitedMs };
  } finally {
    await runner.query('select pg_advisory_unlock($1, $2)', [...MIGRATION_LOCK]);
  }
}

/**
 * The tags of the migrations of `migrationsFolder` the database has not applied yet (all of them
 * when it has no journal table): what a service checks at start and in /readyz when the
 * migration Job applies them (DATABASE_MIGRATIONS=verify). Needs only SELECT on the journal.
 */
export async function pendingMigrations(runner: SqlRunner, migrationsFolder: string): Promise<string[]> {
  const last = await lastApplied(runner);
  return readMigrations(migrationsFolder)
    .filter((m) => last === undefined || m.folderMillis > last)
    .map((m) => m.tag);
}

/**
 * Lets the services' role (DATABASE_URL's user, which owns nothing) read and write what the
 * migration role (the owner: DDL) created, now and in future migrations: USAGE on the schemas,
 * SELECT/INSERT/UPDATE/DELETE on the tables, USAGE/SELECT/UPDATE on the sequences, SELECT on
 * the migration journal. Run by the migrator after applying (MIGRATIONS_GRANT_TO).
 * @throws when `role` is not a plain identifier or does not exist.
 */
export async function grantToServiceRole(runner: SqlRunner, role: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(role)) throw new Error(`MIGRATIONS_GRANT_TO must be a lower-case role name, not ${JSON.stringify(role)}`);
  for (const statement of [
    `grant usage on schema public, drizzle to ${role}`,
    `grant select, insert, update, delete on all tables in schema public to ${role}`,
    `grant usage, select, update on all sequences in schema public to ${role}`,
    `grant select on ${JOURNAL_TABLE} to ${role}`,
    `alter default privileges in schema public grant select, insert, update, delete on tables to ${role}`,
    `alter default privileges in schema public grant usage, select, update on sequences to ${role}`,
  ])
    await runner.query(statement);
}
