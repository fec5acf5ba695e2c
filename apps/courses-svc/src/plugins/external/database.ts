import path from 'node:path';
import { databasePlugin as kitDatabasePlugin, type Database } from '@clearing-desk/service-kit';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import fp from 'fastify-plugin';
import type { CoursesConfig } from '../../config';
import * as schema from '../../db/schema';

export type CoursesDatabase = Database<typeof schema>;

declare module 'fastify' {
  interface FastifyInstance {
    db: CoursesDatabase;
  }
}

/** This service's database: its schema and migrations on PostgreSQL (DATABASE_URL) or PGlite (with pg_trgm loaded). */
export const databasePlugin = fp<{ config: CoursesConfig }>(
  async (fastify, { config }) => {
    await fastify.register(kitDatabasePlugin, {
      url: config.DATABASE_URL,
      migrations: config.DATABASE_MIGRATIONS,
      dataDir: config.DATA_DIR,
      migrationsFolder: path.join(__dirname, '../../../drizzle'),
      schema,
      // Course search uses trigram similarity (migration 0002).
      pgliteExtensions: { pg_trgm },
    });
  },
  { name: 'courses-database' },
);
