import { baseServiceConfigSchema, databaseConfigSchema, metricsPortSchema, redisUrlSchema } from '@clearing-desk/service-kit';
import { z } from 'zod';

const positiveMs = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/**
 * What the scan worker needs, in files-svc or alone (src/worker.ts): the database and the blob
 * folder (it applies each verdict itself), Redis (the queue) and ClamAV (README "Configuration").
 */
export const scanWorkerConfigSchema = databaseConfigSchema.extend({
  LOG_LEVEL: baseServiceConfigSchema.shape.LOG_LEVEL,
  DATA_DIR: z.string().default('.data/files-svc'),
  /** Root of the blob folders `quarantine/` and `clean/`; names are generated, never the client's. */
  FILES_DIR: z.string().default('.data/files-svc/blobs'),
  REDIS_URL: redisUrlSchema,
  /** BullMQ key prefix: separate deployments (and test runs) on one Redis never share jobs. */
  FILES_QUEUE_PREFIX: z
    .string()
    .regex(/^[\w.-]{1,64}$/, 'letters, digits, _ . - only')
    .default('clearing-desk'),
  /** clamd's local socket, tried first; then CLAMAV_HOST:CLAMAV_PORT. Set `none` to skip it. */
  CLAMAV_SOCKET: z.string().default('/run/clamav/clamd.ctl'),
  CLAMAV_HOST: z.string().default('127.0.0.1'),
  /** clamd's TCP port; 0 skips TCP. */
  CLAMAV_PORT: z.coerce.number().int().min(0).max(65535).default(3310),
  /** Time one connection to clamd may stay silent before the scan counts as failed. */
  CLAMAV_TIMEOUT_MS: positiveMs(15_000),
  /** Attempts per scan job (ClamAV unreachable, clamd error); exponential backoff in between. */
  FILES_SCAN_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  FILES_SCAN_BACKOFF_MS: positiveMs(500),
  /** Scans one worker runs at once. */
  FILES_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /**
   * BullMQ job lock: a worker that dies mid-scan gives its job up after this long, and another
   * worker's stalled-job check (every FILES_STALLED_INTERVAL_MS, two passes) takes it over. Keep
   * lock + 2 x interval + a scan under SCAN_TIMEOUT_MS so the waiting upload still gets its verdict.
   */
  FILES_JOB_LOCK_MS: positiveMs(4_000),
  FILES_STALLED_INTERVAL_MS: positiveMs(2_000),
  /**
   * A ZIP-based document (DOCX, XLSX, ODT...) is read entry by entry beside clamd (README
   * "Containers"): refused when its declared or actual uncompressed total passes this many bytes,
   * an entry over 1 MiB inflates more than FILES_CONTAINER_MAX_RATIO times, or it has more entries.
   */
  FILES_CONTAINER_MAX_UNCOMPRESSED_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(100 * 1024 * 1024),
  FILES_CONTAINER_MAX_RATIO: z.coerce.number().positive().default(200),
  FILES_CONTAINER_MAX_ENTRIES: z.coerce.number().int().positive().default(1000),
});
export type ScanWorkerConfig = z.infer<typeof scanWorkerConfigSchema>;

/**
 * The standalone worker (src/worker.ts) shares files-svc's database, so it needs PostgreSQL:
 * PGlite (DATA_DIR) is a single-process database.
 */
export const standaloneWorkerConfigSchema = scanWorkerConfigSchema.extend({
  DATABASE_URL: z.string({ error: "is required: the standalone worker shares files-svc's PostgreSQL database (PGlite is single-process)" }).url(),
  /** Its one port: `/metrics` (scan times), `/healthz` and `/readyz` (Redis and clamd) for Kubernetes' probes. */
  METRICS_HOST: baseServiceConfigSchema.shape.METRICS_HOST,
  METRICS_PORT: metricsPortSchema(9310),
});

/** files-svc environment (README "Configuration"). */
export const filesConfigSchema = baseServiceConfigSchema.merge(scanWorkerConfigSchema).extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3104),
  METRICS_PORT: metricsPortSchema(9304),
  /** Delete the queue's Redis keys on shutdown: for test stacks and benchmarks with a one-off FILES_QUEUE_PREFIX. */
  FILES_QUEUE_EPHEMERAL: z.stringbool().default(false),
  /** Run a scan worker inside files-svc; false when workers run alone (`nx run files-svc:serve-worker`). */
  FILES_WORKER_IN_PROCESS: z.stringbool().default(true),
  /**
   * How long an upload waits for its scan verdict before answering 503 (and discarding the file);
   * below the gateway's SERVICE_TIMEOUT_MS (10 s) so the applicant gets this answer, not a 504.
   */
  SCAN_TIMEOUT_MS: positiveMs(9_000),
  /** Uploads never claimed by an application (and infected records) are deleted after this long. */
  FILES_UNCLAIMED_TTL_MS: positiveMs(24 * 60 * 60 * 1000),
  /** How often the quarantine sweeper runs. */
  FILES_SWEEP_INTERVAL_MS: positiveMs(60 * 60 * 1000),
});
export type FilesConfig = z.infer<typeof filesConfigSchema>;
