import path from 'node:path';
import { databasePlugin as kitDatabasePlugin, type Database } from '@clearing-desk/service-kit';
import fp from 'fastify-plugin';
import type { ScenariosConfig } from '../../config';
import * as schema from '../../db/schema';

export type ScenariosDatabase = Database<typeof schema>;

declare module 'fastify' {
  interface FastifyInstance {
    db: ScenariosDatabase;
  }
}

/** This service's database: its schema and migrations on PostgreSQL (DATABASE_URL) or PGlite. */
export const databasePlugin = fp<{ config: ScenariosConfig }>(
  async (fastify, { config }) => {
    await fastify.register(kitDatabasePlugin, {
      url: config.DATABASE_URL,
      migrations: config.DATABASE_MIGRATIONS,
      dataDir: config.DATA_DIR,
      migrationsFolder: path.join(__dirname, '../../../drizzle'),
      schema,
    });
  },
  { name: 'scenarios-database' },
);
