import { Gauge } from '@prometheus-io/client';
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
    // The results-day alerts (PostgreSQLDown, DatabasePoolSaturated: docs/runbooks) read these.
    new Gauge({
      name: 'clearing_database_up',
      help: 'Whether the database answered a query at this scrape (1) or not (0)',
      registers: [fastify.metricsRegistry],
      async collect() {
        this.set(
          await connection.ping().then(
            () => 1,
            () => 0,
          ),
        );
      },
    });
    if (connection.pool) {
      const pool = connection.pool;
      new Gauge({
        name: 'clearing_database_pool_connections',
        help: 'Connections of the database pool: total open, idle, and requests waiting for one',
        labelNames: ['state'] as const,
        registers: [fastify.metricsRegistry],
        collect() {
          const { total, idle, waiting } = pool();
          this.set({ state: 'total' }, total);
          this.set({ state: 'idle' }, idle);
          this.set({ state: 'waiting' }, waiting);
        },
      });
    }
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
