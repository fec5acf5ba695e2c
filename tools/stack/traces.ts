/**
 * Reading the spans file the apps write when CLEARING_TRACES_FILE is set (service-kit telemetry:
 * one JSON object a line, SpanLine) and drawing a trace as a tree: each span's service, name,
 * duration and the attributes that say what it did (route, status, SQL, job). Used by
 * tools/traces/print-tree (Jaeger's view in a terminal, docs/tracing.md) and the stack's tracing test.
 */
import { readFileSync } from 'node:fs';
import type { SpanLine } from '@clearing-desk/service-kit';

/** The spans of a traces file, in file order; lines that are not span JSON (a torn last line) are skipped. */
export function readSpans(file: string): SpanLine[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => {
      try {
        const span = JSON.parse(line) as SpanLine;
        return typeof span.traceId === 'string' && typeof span.spanId === 'string' ? [span] : [];
      } catch {
        return [];
      }
    });
}

/** Attributes worth a glance in a tree line, in this order, with their short labels. */
const SHOWN: [key: string, label: string][] = [
  ['http.route', 'route'],
  ['url.full', 'url'],
  ['http.response.status_code', 'status'],
  ['db.query.text', 'db'],
  ['db.statement', 'db'],
  ['bullmq.job.name', 'job'],
  ['messaging.destination.name', 'queue'],
  ['clearing.outbox.kind', 'outbox'],
  ['clearing.request_id', 'request id'],
];

const shorten = (text: string, max = 70) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** One span as a line: `service  name  12.3 ms  route=… status=…`, ERROR marked. */
export function spanLine(span: SpanLine): string {
  const details = SHOWN.flatMap(([key, label]) => {
    const value = span.attributes[key];
    return value === undefined || value === null || value === '' ? [] : [`${label}=${shorten(String(value).replace(/\s+/g, ' '))}`];
  });
  const status = span.status === 'ERROR' ? ' ERROR' : '';
  return `${span.service}  ${span.name}  ${span.durationMs.toFixed(1)} ms${status}${details.length ? `  ${details.join(' ')}` : ''}`;
}

/**
 * The tree of one trace as text lines: a header (trace id, span and service counts, the root's
 * duration), then each span under its parent, children by start time; a span whose parent was not
 * exported (another process still buffering it) is shown at the top level.
 */
export function formatTrace(spans: SpanLine[], traceId: string): string[] {
  const own = spans.filter((s) => s.traceId === traceId).sort((a, b) => a.start - b.start);
  const ids = new Set(own.map((s) => s.spanId));
  const children = new Map<string | null, SpanLine[]>();
  for (const span of own) {
    const parent = span.parentSpanId && ids.has(span.parentSpanId) ? span.parentSpanId : null;
    children.set(parent, [...(children.get(parent) ?? []), span]);
  }
  const services = new Set(own.map((s) => s.service));
  const first = own[0];
  const end = Math.max(...own.map((s) => s.start + s.durationMs));
  const lines = [
    `trace ${traceId}: ${own.length} spans, ${services.size} services (${[...services].join(', ')}), ${first ? (end - first.start).toFixed(1) : '0.0'} ms`,
  ];
  const walk = (parent: string | null, prefix: string) => {
    const kids = children.get(parent) ?? [];
    kids.forEach((span, i) => {
      const last = i === kids.length - 1;
      lines.push(`${prefix}${last ? '└─ ' : '├─ '}${spanLine(span)}`);
      walk(span.spanId, `${prefix}${last ? '   ' : '│  '}`);
    });
  };
  walk(null, '');
  return lines;
}

/** The trace ids of `spans`, oldest first by their earliest span. */
export function traceIds(spans: SpanLine[]): string[] {
  const first = new Map<string, number>();
  for (const s of spans) first.set(s.traceId, Math.min(first.get(s.traceId) ?? Infinity, s.start));
  return [...first].sort((a, b) => a[1] - b[1]).map(([id]) => id);
}

/** The trace holding a span with this request id (clearing.request_id), if any. */
export function traceOfRequest(spans: SpanLine[], requestId: string): string | undefined {
  return spans.find((s) => s.attributes['clearing.request_id'] === requestId)?.traceId;
}
