import fp from 'fastify-plugin';
import { connectDatabase, type ConnectOptions } from './connect-database';

/**
 * Opens the service's database with `connectDatabase` (PostgreSQL when `url` is set, else
 * PGlite), decorates `fastify.db`, adds a readiness check and closes it on shutdown. Each
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
    fastify.addHook('onClose', () => connection.close());
  },
  { name: 'database' },
);
