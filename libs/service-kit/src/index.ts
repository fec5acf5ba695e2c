/**
 * @clearing-desk/service-kit: the pieces every Fastify service is assembled from, so that no
 * service copies them: config loading, the Fastify
 * factory with logging/request ids/error handler/health routes, graceful start, Prometheus
 * metrics on a port of their own, database connection with migrations on PostgreSQL or PGlite.
 */
export * from './config/load-config';
export * from './server/create-service';
export * from './server/error-handler';
export * from './server/redact';
export * from './server/start-service';
export * from './metrics/metrics';
export * from './server/run-service';
export * from './server/node-version';
export * from './server/staff-user';
export * from './security/secret-equals';
export * from './database/connect-database';
export * from './database/database-plugin';
export * from './queue/redis-connection';
export * from './queue/queue-metrics';
export * from './database/migrate';
export * from './outbox/outbox-table';
export * from './outbox/outbox-relay';
export * from './outbox/event-consumer';
export * from './privacy/personal-rows';
export * from './telemetry/tracing';
export * from './telemetry/span-redaction';
