import fp from 'fastify-plugin';
import { ReadinessError } from '../server/create-service';
import { connectDatabase, type ConnectOptions } from './connect-database';

/**
 * Opens the service's database with `connectDatabase` (PostgreSQL when `url` is set, else
 * PGlite), decorates `fastify.db`, adds readiness checks (the database answers; no migration
 * pending: `{ migrations: { pending: [tags] } }` in the 503) and closes it on shutdown. Each
 * service declares `db`'s type for its own schema (module augmentation in its database.ts).
 */
export const databasePlugin = fp<ConnectOptions<Record<string, unknown>>>(
  async (fastify, options) => {
    const connection = await connectDatabase({
      ...options,
      onIdleError: (err) => fastify.log.warn({ err }, 'an idle database connection failed; the pool replaces it'),
    });
    fastify.log.info({ driver: connection.driver }, 'database ready');
    // Each service types `db` for its own schema; the generic connection satisfies all of them.
    fastify.decorate('db', connection.db as never);
    fastify.readinessChecks.push(connection.ping);
    // Ready only against the schema this release expects: the migration Job may still be running.
    let migrated = false;
    fastify.readinessChecks.push(async () => {
      if (migrated) return;
      const pending = await connection.pending();
      if (pending.length === 0) {
        migrated = true;
        return;
      }
      throw new ReadinessError(`${pending.length} database migrations pending`, { migrations: { pending } });
    });
    const pending = await connection.pending();
    if (pending.length > 0) fastify.log.warn({ pending }, 'database migrations pending: not ready until the migration Job applies them');
    fastify.addHook('onClose', () => connection.close());
  },
  { name: 'database' },
);
