import path from 'node:path';
import { Client } from 'pg';
import { grantToServiceRole, migrateDatabase } from '../database/migrate';

/**
 * The migration step of a release (the Kubernetes Job `<app>-migrate`, compose's `migrate`
 * service), once per database however many start at once (migrate.ts: an advisory lock):
 *
 *   node --import tsx libs/service-kit/src/bin/migrate.ts apps/courses-svc     (repository)
 *   node migrate.js apps/courses-svc                                             (an app's image)
 *
 * Applies `<app folder>/drizzle` to MIGRATION_DATABASE_URL (the DDL role, owner of the schema;
 * DATABASE_URL when unset), then, when MIGRATIONS_GRANT_TO names the services' role, grants it
 * read and write of what the migrations created. Prints one JSON line with what it applied;
 * exits 1 with the error on stderr when a migration fails (nothing of that migration recorded).
 */
async function main(appDir: string | undefined) {
  if (!appDir) throw new Error('usage: migrate <app folder>, e.g. migrate apps/courses-svc');
  const url = process.env.MIGRATION_DATABASE_URL || process.env.DATABASE_URL;
  if (!url) throw new Error('set MIGRATION_DATABASE_URL (the migration role) or DATABASE_URL');
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const outcome = await migrateDatabase(client, path.resolve(appDir, 'drizzle'));
    const grantTo = process.env.MIGRATIONS_GRANT_TO;
    if (grantTo) await grantToServiceRole(client, grantTo);
    console.log(JSON.stringify({ msg: 'migrations applied', app: path.basename(path.resolve(appDir)), ...outcome, grantedTo: grantTo ?? null }));
  } finally {
    await client.end();
  }
}

main(process.argv[2]).catch((err) => {
  console.error(`migrate: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
