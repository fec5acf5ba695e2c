import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** The machine's PostgreSQL server (architecture.md "Infrastructure"); TEST_DATABASE_URL overrides. */
export const TEST_SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type TestDatabase = { url: string; name: string; drop: () => Promise<void> };

/**
 * Creates an empty database on the real PostgreSQL server for one test file, so suites run in
 * parallel without sharing rows. `drop()` removes it (forcing off any connection left open).
 */
export async function createTestDatabase(prefix: string): Promise<TestDatabase> {
  const name = `${prefix.replace(/[^a-z0-9_]/gi, '_')}_${randomBytes(4).toString('hex')}`.toLowerCase();
  const admin = new Client({ connectionString: TEST_SERVER_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(TEST_SERVER_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const client = new Client({ connectionString: TEST_SERVER_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
