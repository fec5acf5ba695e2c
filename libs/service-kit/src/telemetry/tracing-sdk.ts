/**
 * The OpenTelemetry SDK of a traced process (@opentelemetry/sdk-trace 3, the tracing part of
 * sdk-node), loaded by startTracing (tracing.ts) only when an exporter is configured. Instrumentations: @fastify/otel (server spans, registered per app by
 * createService), undici (the gateway's calls to services), pg and ioredis (only inside a trace:
 * the outbox relay's polling and BullMQ's blocking reads start none), and bullmq-otel for queue
 * hops. Every span passes redactSpanAttributes before an exporter sees it.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  CompositePropagator,
  ExportResultCode,
  hrTimeToMilliseconds,
  W3CBaggagePropagator,
  W3CTraceContextPropagator,
  type ExportResult,
} from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  ParentBasedSampler,
  SamplingDecision,
  TracerProvider,
  type ReadableSpan,
  type Sampler,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { BullMQOtel } from 'bullmq-otel';
import type { FastifyPluginCallback } from 'fastify';
import { redactUrl } from '../server/redact';
import { redactSpanAttributes, redactSpanText } from './span-redaction';
import { REQUEST_ID_ATTRIBUTE, type SpanLine, type TracingConfig, type TracingRuntime } from './tracing';

/** Routes never traced: probes every few seconds would bury the requests. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * BullMQ's own housekeeping (the stalled-jobs check every few seconds in every worker) would start
 * a trace of its own each time, burying the requests': such root spans are not recorded. Every
 * other root span, and every span in a trace, is.
 */
const UNTRACED_ROOTS = /^(moveStalledJobsToWait|startStalledCheckTimer)\b/;
const rootSampler: Sampler = {
  shouldSample: (_context, _traceId, name) => ({ decision: UNTRACED_ROOTS.test(name) ? SamplingDecision.NOT_RECORD : SamplingDecision.RECORD_AND_SAMPLED }),
  toString: () => 'ClearingDeskRootSampler',
};

/** A span with its attributes, events and status message redacted (span-redaction.ts). */
function redacted(span: ReadableSpan): ReadableSpan {
  return {
    name: span.name,
    kind: span.kind,
    spanContext: () => span.spanContext(),
    parentSpanContext: span.parentSpanContext,
    startTime: span.startTime,
    endTime: span.endTime,
    status: { code: span.status.code, message: redactSpanText(span.status.message) },
    attributes: redactSpanAttributes(span.attributes),
    links: span.links,
    events: span.events.map((e) => ({ ...e, attributes: e.attributes ? redactSpanAttributes(e.attributes) : undefined })),
    duration: span.duration,
    ended: span.ended,
    resource: span.resource,
    instrumentationScope: span.instrumentationScope,
    droppedAttributesCount: span.droppedAttributesCount,
    droppedEventsCount: span.droppedEventsCount,
    droppedLinksCount: span.droppedLinksCount,
  };
}

/** Wraps an exporter so that it only ever receives redacted spans. */
class RedactingExporter implements SpanExporter {
  constructor(private readonly inner: SpanExporter) {}
  export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    this.inner.export(spans.map(redacted), done);
  }
  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }
  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }
}

/** Spans as JSON lines appended to a file shared by every process of a stack (one write per batch). */
export class FileSpanExporter implements SpanExporter {
  constructor(private readonly file: string) {
    mkdirSync(path.dirname(file), { recursive: true });
  }
  export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    try {
      const lines = spans.map((s) => {
        const line: SpanLine = {
          traceId: s.spanContext().traceId,
          spanId: s.spanContext().spanId,
          parentSpanId: s.parentSpanContext?.spanId ?? null,
          name: s.name,
          kind: SpanKind[s.kind],
          service: String(s.resource.attributes['service.name'] ?? 'unknown'),
          scope: s.instrumentationScope.name,
          start: hrTimeToMilliseconds(s.startTime),
          durationMs: Math.round(hrTimeToMilliseconds(s.duration) * 1000) / 1000,
          status: s.status.code === SpanStatusCode.ERROR ? 'ERROR' : s.status.code === SpanStatusCode.OK ? 'OK' : 'UNSET',
          attributes: { ...s.attributes },
          events: s.events.map((e) => ({ name: e.name, ...(e.attributes ? { attributes: { ...e.attributes } } : {}) })),
        };
        return `${JSON.stringify(line)}\n`;
      });
      // One append per batch: processes sharing the file never interleave inside a line.
      appendFileSync(this.file, lines.join(''));
      done({ code: ExportResultCode.SUCCESS });
    } catch (err) {
      done({ code: ExportResultCode.FAILED, error: err instanceof Error ? err : new Error(String(err)) });
    }
  }
  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * Starts the SDK for `serviceName` with the exporters `config` names (the OTLP/HTTP endpoint, the
 * traces file, or both) and answers what createService and the queues need.
 */
export function startTracingSdk(serviceName: string, config: TracingConfig): TracingRuntime {
  const processors: SpanProcessor[] = [];
  if (config.OTEL_EXPORTER_OTLP_ENDPOINT) {
    const url = `${config.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`;
    processors.push(new BatchSpanProcessor({ exporter: new RedactingExporter(new OTLPTraceExporter({ url })) }));
  }
  if (config.CLEARING_TRACES_FILE) {
    // Half a second: a local run (and the stack test) reads the file soon after the request.
    processors.push(
      new BatchSpanProcessor({ exporter: new RedactingExporter(new FileSpanExporter(path.resolve(config.CLEARING_TRACES_FILE))), scheduledDelayMillis: 500 }),
    );
  }
  const fastify = new FastifyOtelInstrumentation({
    registerOnInitialization: false,
    ignorePaths: (route) => UNTRACED_PATHS.has(route.url),
    // Spans for the hooks that do work (limits, the form guard, XSRF, sign-in checks); a span for
    // every onRequest/onSend/onResponse hook of every request only buried the calls.
    instrumentHooks: ['preValidation', 'preHandler'],
    requestHook: (span, request) => {
      // Named as HTTP server spans are ('POST /api/apply/:course'), not @fastify/otel's 'request'.
      span.updateName(`${request.method} ${request.routeOptions.url ?? 'unmatched route'}`);
      // @fastify/otel records request.url with its query string; the request id finds the trace from a log line.
      span.setAttribute('url.path', redactUrl(request.url));
      span.setAttribute(REQUEST_ID_ATTRIBUTE, request.id);
    },
  });
  // What the SDK's NodeSDK would assemble, without its metrics, logs and gRPC exporters (a third
  // of a service bundle): a tracer provider, AsyncLocalStorage context, W3C trace context.
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    sampler: new ParentBasedSampler({ root: rootSampler }),
    spanProcessors: processors,
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }));
  trace.setGlobalTracerProvider(provider);
  const unregister = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      fastify,
      new UndiciInstrumentation({ requireParentforSpans: true }),
      new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
      // The command name only: arguments hold keys and values (session ids, addresses).
      new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (command) => command }),
    ],
  });
  return {
    fastifyPlugin: fastify.plugin() as FastifyPluginCallback,
    queueTelemetry: new BullMQOtel({ tracerName: 'bullmq' }),
    shutdown: async () => {
      unregister();
      await provider.shutdown();
    },
  };
}
