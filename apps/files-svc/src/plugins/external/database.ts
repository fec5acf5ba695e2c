import path from 'node:path';
import { databasePlugin as kitDatabasePlugin, type Database } from '@clearing-desk/service-kit';
import fp from 'fastify-plugin';
import type { FilesConfig } from '../../config';
import * as schema from '../../db/schema';

export type FilesDatabase = Database<typeof schema>;

/** drizzle-kit's output folder, applied at every start. */
export const MIGRATIONS_FOLDER = path.join(__dirname, '../../../drizzle');

declare module 'fastify' {
  interface FastifyInstance {
    db: FilesDatabase;
  }
}

/** This service's database: its schema and migrations on PostgreSQL (DATABASE_URL) or PGlite. */
export const databasePlugin = fp<{ config: FilesConfig }>(
  async (fastify, { config }) => {
    await fastify.register(kitDatabasePlugin, {
      url: config.DATABASE_URL,
      migrations: config.DATABASE_MIGRATIONS,
      dataDir: config.DATA_DIR,
      migrationsFolder: MIGRATIONS_FOLDER,
      schema,
    });
  },
  { name: 'files-database' },
);
