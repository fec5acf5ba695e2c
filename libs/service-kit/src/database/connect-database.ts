import { mkdirSync } from 'node:fs';
import { PGlite, type Extensions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { Client, Pool } from 'pg';
import { migrateDatabase, pendingMigrations, type SqlRunner } from './migrate';

/** A Drizzle database over either driver; repositories only see this type. */
export type Database<TSchema extends Record<string, unknown>> = PgDatabase<PgQueryResultHKT, TSchema>;

export type DatabaseConnection<TSchema extends Record<string, unknown>> = {
  db: Database<TSchema>;
  /** 'postgres' for a real server, 'pglite' for the embedded default. */
  driver: 'postgres' | 'pglite';
  ping: () => Promise<void>;
  /** The pool's connections (PostgreSQL only; PGlite has one in-process connection). */
  pool?: () => { total: number; idle: number; waiting: number };
  /** Tags of the migrations the database lacks (empty once migrated). */
  pending: () => Promise<string[]>;
  close: () => Promise<void>;
};

export type ConnectOptions<TSchema extends Record<string, unknown>> = {
  /** PostgreSQL URL; when undefined the service runs on PGlite in `dataDir`. */
  url?: string;
  /** Folder for PGlite's files (architecture.md: `.data/<service>`). */
  dataDir: string;
  /** drizzle-kit's output folder (migrate.ts applies it: an advisory lock, once per database). */
  migrationsFolder: string;
  /**
   * `apply` (the default, `npm start` and the tests): the service applies pending migrations at
   * start under the migration lock, as the migration Job does. `verify` (Kubernetes, compose: the
   * Job applied them with the DDL role): it applies nothing, and `pending()` names what is missing
   * so /readyz answers 503 until the schema is current.
   */
  migrations?: 'apply' | 'verify';
  schema: TSchema;
  /**
   * PostgreSQL extensions the migrations create, for PGlite (which must load them when it opens),
   * e.g. `{ pg_trgm }` from '@electric-sql/pglite/contrib/pg_trgm'. A real server has them installed.
   */
  pgliteExtensions?: Extensions;
  /**
   * Told about errors of pooled connections, idle or checked out (the server restarted, an
   * administrator ended the session). Without a listener node-postgres throws them and the process would die; the
   * pool replaces such connections by itself.
   */
  onIdleError?: (err: Error) => void;
};

/**
 * Opens the service's database and brings its schema up to date with the same Drizzle
 * migrations on both drivers (architecture.md "Data"), or only checks it (`migrations: 'verify'`).
 * @throws when the server cannot be reached or a migration fails; the service must not start then.
 */
export async function connectDatabase<TSchema extends Record<string, unknown>>(options: ConnectOptions<TSchema>): Promise<DatabaseConnection<TSchema>> {
  if (options.url) {
    const pool = new Pool({ connectionString: options.url, max: 10 });
    pool.on('error', (err) => options.onIdleError?.(err));
    // A connection checked out between two queries of a transaction when the server goes has no
    // listener of the pool's: its 'error' would be uncaught and end the process. The query or
    // transaction that uses it fails (503 through the error handler) and the pool replaces it.
    pool.on('connect', (client) => client.on('error', (err) => options.onIdleError?.(err)));
    const db = drizzlePg(pool, { schema: options.schema });
    if ((options.migrations ?? 'apply') === 'apply') {
      // The lock is the session's: one client of its own, closed once the migrations are in.
      const client = new Client({ connectionString: options.url });
      await client.connect();
      try {
        await migrateDatabase(client, options.migrationsFolder);
      } finally {
        await client.end();
      }
    }
    return {
      db: db as unknown as Database<TSchema>,
      driver: 'postgres',
      ping: async () => void (await db.execute(sql`select 1`)),
      pending: () => pendingMigrations(pool, options.migrationsFolder),
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite(options.dataDir, { extensions: options.pgliteExtensions });
  const db = drizzlePglite(client, { schema: options.schema });
  // One process owns a PGlite folder: the same migrator, its lock uncontended.
  const runner: SqlRunner = { query: (text, params) => client.query(text, params) };
  await migrateDatabase(runner, options.migrationsFolder);
  return {
    db: db as unknown as Database<TSchema>,
    driver: 'pglite',
    ping: async () => void (await db.execute(sql`select 1`)),
    pending: () => pendingMigrations(runner, options.migrationsFolder),
    close: () => client.close(),
  };
}
