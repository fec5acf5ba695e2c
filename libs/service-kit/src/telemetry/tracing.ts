/**
 * Distributed tracing (OpenTelemetry), set up once for the gateway and every service.
 *
 * Off unless configured: with neither OTEL_EXPORTER_OTLP_ENDPOINT nor CLEARING_TRACES_FILE set,
 * `startTracing` returns at once and nothing of the SDK is loaded (the SDK lives in
 * tracing-sdk.ts, required only when tracing is on), so an unconfigured process starts as before.
 * When on, spans go to the OTLP/HTTP endpoint, to a JSON-lines file, or both, and follow a request
 * from the gateway (Fastify, @fastify/otel) through its calls to services (undici), their queries
 * (pg) and Redis commands (ioredis), across the outbox (the W3C traceparent stored with each row,
 * `currentTraceparent` / `withTraceparent`) and BullMQ jobs (bullmq-otel, `queueTelemetry`).
 *
 * `startTracing` must run before the instrumented packages (pg, ioredis) are first required: the
 * process entries (bin/run-service.ts, the compiled bundles' entry, tools/images) call it first.
 */
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';

/**
 * The tracing variables every app reads (README "Configuration"; also in baseServiceConfigSchema
 * so each app's schema names them). Both unset: tracing is off.
 */
export const tracingConfigSchema = z.object({
  /** OTLP/HTTP collector base URL, e.g. http://127.0.0.1:4318 (spans go to `<url>/v1/traces`). */
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .string()
    .url()
    .regex(/^https?:\/\//i, { error: 'must be an http:// or https:// URL (OTLP over HTTP), e.g. http://127.0.0.1:4318' })
    .optional(),
  /** A file every process appends its finished spans to, one JSON object a line (tools/traces/print-tree). */
  CLEARING_TRACES_FILE: z.string().optional(),
});
export type TracingConfig = z.infer<typeof tracingConfigSchema>;

/**
 * One line of the traces file (CLEARING_TRACES_FILE), as tools/traces/print-tree reads it:
 * ids in hex, `start` in epoch milliseconds, `durationMs`, the service (resource service.name).
 */
export type SpanLine = {
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  name: string;
  kind: string;
  service: string;
  scope: string;
  start: number;
  durationMs: number;
  status: 'UNSET' | 'OK' | 'ERROR';
  attributes: Record<string, unknown>;
  events: { name: string; attributes?: Record<string, unknown> }[];
};

/** What the SDK module hands back once started (tracing-sdk.ts). */
export type TracingRuntime = {
  /** The Fastify plugin of @fastify/otel: one server span per request, a child per hook and handler. */
  fastifyPlugin: FastifyPluginCallback;
  /** bullmq-otel's telemetry for a Queue's or Worker's `telemetry` option. */
  queueTelemetry: unknown;
  /** Exports what is buffered and stops the SDK. */
  shutdown: () => Promise<void>;
};

let runtime: TracingRuntime | undefined;

/** The OpenTelemetry tracer of our own spans (outbox relay, email sending). */
export const tracer = () => trace.getTracer('clearing-desk');

/**
 * Starts tracing for the process `serviceName` (the resource's service.name, e.g. 'gateway',
 * 'applications-svc') when `env` configures an exporter; answers whether it did. Calling it again
 * answers the first call's result. Empty values count as unset, as in loadConfig.
 * @throws when a variable is malformed (an endpoint that is not a URL).
 */
export function startTracing(serviceName: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (runtime) return true;
  const config = tracingConfigSchema.parse({
    OTEL_EXPORTER_OTLP_ENDPOINT: env.OTEL_EXPORTER_OTLP_ENDPOINT || undefined,
    CLEARING_TRACES_FILE: env.CLEARING_TRACES_FILE || undefined,
  });
  if (!config.OTEL_EXPORTER_OTLP_ENDPOINT && !config.CLEARING_TRACES_FILE) return false;
  // Required, not imported: the SDK and its instrumentations load only when tracing is on.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const sdk = require('./tracing-sdk') as typeof import('./tracing-sdk');
  runtime = sdk.startTracingSdk(serviceName, config);
  return true;
}

/** Whether startTracing started the SDK in this process. */
export function tracingActive(): boolean {
  return runtime !== undefined;
}

/** @fastify/otel's plugin while tracing is on (createService registers it), else undefined. */
export function fastifyTracingPlugin(): FastifyPluginCallback | undefined {
  return runtime?.fastifyPlugin;
}

/**
 * The `telemetry` option of a BullMQ Queue or Worker: bullmq-otel while tracing is on, so a job's
 * producer span's context travels in the job and its worker span continues the trace; undefined
 * (BullMQ's default, no telemetry) when off.
 */
export function queueTelemetry<T>(): T | undefined {
  return runtime?.queueTelemetry as T | undefined;
}

/** Exports the spans still buffered and stops the SDK (startService calls it on close). */
export async function shutdownTracing(): Promise<void> {
  const r = runtime;
  runtime = undefined;
  await r?.shutdown();
}

/**
 * The W3C `traceparent` of the active span ('00-<trace id>-<span id>-<flags>'), or null when no
 * span is active (tracing off, or outside a request). Stored with an outbox row in the
 * transaction that writes it, so whoever handles the row continues this trace.
 */
export function currentTraceparent(): string | null {
  if (!trace.getSpan(context.active())) return null;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ?? null;
}

/**
 * Runs `fn` inside a new span `name` (kind `kind`, attributes `attributes`) whose parent is the
 * trace `traceparent` names (an outbox row's), or a new trace when it is null or tracing is off
 * (then the span is a no-op). The span ends when `fn` settles, marked as an error when it throws.
 */
export async function withTraceparent<T>(
  traceparent: string | null | undefined,
  name: string,
  options: { kind?: SpanKind; attributes?: Record<string, string | number | boolean> },
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  const parent = traceparent ? propagation.extract(ROOT_CONTEXT, { traceparent }) : ROOT_CONTEXT;
  return tracer().startActiveSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes }, parent, async (span) => {
    try {
      return await fn(span);
    } catch (err) {
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw err;
    } finally {
      span.end();
    }
  });
}

/**
 * Runs `fn` outside any trace (work a request starts that serves others too, such as the outbox
 * relay's pass): its spans do not join the calling request's trace. Answers what `fn` answers.
 */
export function outsideTrace<T>(fn: () => T): T {
  return context.with(ROOT_CONTEXT, fn);
}

/** The span attribute holding the request id. */
export const REQUEST_ID_ATTRIBUTE = 'clearing.request_id';

export { SpanKind };
