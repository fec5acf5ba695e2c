import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { grantToServiceRole, migrateDatabase } from '@clearing-desk/service-kit';
import { createTestDatabase, TEST_SERVER_URL } from '@clearing-desk/service-kit/testing';
import { Client } from 'pg';

const run = promisify(execFile);
const MIGRATIONS = path.resolve(__dirname, '../../apps/applications-svc/drizzle');

/** docs/runbooks/postgresql-backup.md's procedure, on the machine's PostgreSQL server. */
it('backs up a service database with pg_dump and restores it with pg_restore: rows, sequences and the migration journal come back', async () => {
  const source = await createTestDatabase('backup_source');
  const target = await createTestDatabase('backup_target');
  const folder = mkdtempSync(path.join(tmpdir(), 'pg-backup-'));
  const role = `backup_app_${randomBytes(3).toString('hex')}`;
  const admin = new Client({ connectionString: TEST_SERVER_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE ROLE ${role} LOGIN`);
    const db = new Client({ connectionString: source.url });
    await db.connect();
    const { applied } = await migrateDatabase(db, MIGRATIONS);
    await db.query("INSERT INTO outbox (aggregate_id, kind, payload) VALUES ('backup-test', 'decision-email', '{\"to\":\"a@example.org\"}')");
    const before = (await db.query('SELECT id, aggregate_id, payload FROM outbox ORDER BY id')).rows;
    await db.end();

    const dump = path.join(folder, 'applications.dump');
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${dump}`, source.url]);
    expect(statSync(dump).size).toBeGreaterThan(1000);
    await source.drop();
    await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${target.url}`, dump]);

    const restored = new Client({ connectionString: target.url });
    await restored.connect();
    try {
      expect((await restored.query('SELECT id, aggregate_id, payload FROM outbox ORDER BY id')).rows).toEqual(before);
      // Nothing to apply again: the journal came back with the schema.
      expect((await migrateDatabase(restored, MIGRATIONS)).applied).toEqual([]);
      expect(applied.length).toBeGreaterThan(3);
      // The sequence continues after the restored rows (no duplicate key on the next insert).
      await restored.query("INSERT INTO outbox (aggregate_id, kind, payload) VALUES ('after-restore', 'decision-email', '{}')");
      await grantToServiceRole(restored, role);
    } finally {
      await restored.end();
    }
  } finally {
    await target.drop();
    await source.drop();
    await admin.query(`DROP ROLE IF EXISTS ${role}`);
    await admin.end();
    rmSync(folder, { recursive: true, force: true });
  }
}, 120_000);
