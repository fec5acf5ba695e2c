import { z } from 'zod';
import { tracingConfigSchema } from '../telemetry/tracing';

/** Variables every service reads (architecture.md "Running"). */
export const baseServiceConfigSchema = z.object({
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535),
  /** The metrics port's interface: the loopback (npm start); containers set 0.0.0.0 for the scraper. */
  METRICS_HOST: z.string().default('127.0.0.1'),
  METRICS_PORT: metricsPortSchema(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Request log sampling: every 4xx/5xx answer is logged, and one in this many
   * of the others (1: every request; 0: none). Unset: createService's DEFAULT_REQUEST_LOG_SAMPLE
   * (100): at results-day rates a line per request cost a tenth of the gateway's CPU.
   */
  LOG_REQUEST_SAMPLE: z.coerce.number().int().min(0).optional(),
  /**
   * Shared secret the gateway sends in `x-internal-token`; services refuse calls without it so
   * that only the gateway can reach them and the user header it forwards can be trusted.
   * Required, with no committed default: `npm start` and the test stacks
   * generate one per stack (tools/stack/stack.ts); a deployment sets its own.
   */
  INTERNAL_TOKEN: z
    .string({ error: 'is required: set INTERNAL_TOKEN to the secret shared by the gateway and every service (16+ characters)' })
    .min(16, { error: 'must be at least 16 characters: set INTERNAL_TOKEN to a long random secret' }),
  /**
   * A second token accepted besides INTERNAL_TOKEN, never sent: rotating the secret without
   * downtime (docs/deploy.md "Rotating the internal token") accepts both while pods roll.
   */
  INTERNAL_TOKEN_SECONDARY: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  /** Tracing (telemetry/tracing.ts): read by startTracing before the app loads; named here so the schema lists every variable. */
  OTEL_EXPORTER_OTLP_ENDPOINT: tracingConfigSchema.shape.OTEL_EXPORTER_OTLP_ENDPOINT,
  CLEARING_TRACES_FILE: tracingConfigSchema.shape.CLEARING_TRACES_FILE,
});
export type BaseServiceConfig = z.infer<typeof baseServiceConfigSchema>;

/**
 * METRICS_PORT: Prometheus text at `/metrics` on METRICS_HOST:METRICS_PORT, apart from
 * the API port (architecture.md: never on the public gateway port). Each app's schema gives its
 * default (gateway 9300, services 9301-9305, scan worker 9310); 0 picks a free port.
 */
export function metricsPortSchema(defaultPort?: number) {
  const port = z.coerce.number().int().min(0).max(65535);
  return defaultPort === undefined ? port : port.default(defaultPort);
}

/**
 * REDIS_URL of the gateway (sessions, limits) and of every BullMQ queue:
 * `redis://` or, for TLS, `rediss://` (the server's certificate checked against the system CAs
 * plus NODE_EXTRA_CA_CERTS), with optional credentials and database, e.g.
 * `rediss://clearing:<password>@redis.example:6379/0` (ACL user) or `redis://:<password>@host:6379`
 * (requirepass); characters such as @ : / # in them percent-encoded. ioredis reads them all.
 */
export const redisUrlSchema = z
  .string()
  .url()
  .regex(/^rediss?:\/\//i, { error: 'must start with redis:// or rediss:// (TLS)' })
  .default('redis://127.0.0.1:6379');

/** Variables of services that own a database (architecture.md "Data"). */
export const databaseConfigSchema = z.object({
  /** PostgreSQL URL; when unset the service runs on PGlite in DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().optional(),
  /**
   * `apply` (default): the service applies pending migrations at start, under the migration lock.
   * `verify` (Kubernetes, compose): the migration Job applies them with the DDL role; the service
   * only checks, and /readyz answers 503 naming the pending ones until they are in.
   */
  DATABASE_MIGRATIONS: z.enum(['apply', 'verify']).default('apply'),
});

/** Thrown at start-up when the environment does not satisfy the service's schema. */
export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment once at boot (conventions.md: never branch on NODE_ENV).
 * Empty strings count as unset so `VAR=` falls back to the default.
 * @throws ConfigError naming every bad variable and why.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`));
  }
  return result.data;
}
