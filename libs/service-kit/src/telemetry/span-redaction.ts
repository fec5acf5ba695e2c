/**
 * What a span may carry out of the process (architecture.md: no personal data leaves in logs, and
 * spans are logs too). Applied to every span before any exporter sees it (tracing-sdk.ts), as a
 * net under what each instrumentation is configured to record.
 */
import type { Attributes, AttributeValue } from '@opentelemetry/api';
import { REDACTED, redactPersonalText, redactUrl } from '../server/redact';

/** Attributes holding a URL or a path with its query string: written through redactUrl. */
const URL_ATTRIBUTES = new Set(['url.full', 'url.path', 'url.original', 'http.url', 'http.target', 'http.route']);

/** Attributes that may hold values sent with a query or command (bound parameters, Redis arguments): never exported. */
const DROPPED_ATTRIBUTE = /(^|\.)(params|parameters?)(\.|$)|^db\.query\.parameter\./;

function redactValue(key: string, value: AttributeValue | undefined): AttributeValue | undefined {
  if (typeof value === 'string') {
    if (key === 'url.query') return redactUrl(`?${value}`).slice(1);
    return redactPersonalText(URL_ATTRIBUTES.has(key) ? redactUrl(value) : value);
  }
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? redactPersonalText(v) : v)) as AttributeValue;
  return value;
}

/**
 * A span's attributes as they may be exported: URLs with each query value replaced by
 * '[redacted]' (the applied check's email travels in its query string, spec section 7), bound
 * query parameters dropped (SQL text is kept: Drizzle binds every value), and every string with e-mail addresses and UCAS
 * Personal IDs taken out (redactPersonalText). Answers a new object; `attributes` is unchanged.
 */
export function redactSpanAttributes(attributes: Attributes): Attributes {
  const out: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (DROPPED_ATTRIBUTE.test(key)) continue;
    out[key] = redactValue(key, value);
  }
  return out;
}

/** A span status or event message with personal text taken out. */
export function redactSpanText(text: string | undefined): string | undefined {
  return text === undefined ? undefined : redactPersonalText(text);
}

export { REDACTED };
