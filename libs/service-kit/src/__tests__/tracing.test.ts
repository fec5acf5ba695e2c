import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { redactSpanAttributes, startTracing, tracingActive, currentTraceparent } from '../index';

/**
 * Tracing off by default (telemetry/tracing.ts): unconfigured, nothing of the SDK loads; and what
 * any span may carry out (span-redaction.ts). The traces of a whole stack: apps/gateway/src/tracing.test.ts.
 */
describe('tracing', () => {
  it('stays off, loading no SDK, when neither OTEL_EXPORTER_OTLP_ENDPOINT nor CLEARING_TRACES_FILE is set', () => {
    expect(startTracing('test-svc', { OTEL_EXPORTER_OTLP_ENDPOINT: '', CLEARING_TRACES_FILE: '' })).toBe(false);
    expect(tracingActive()).toBe(false);
    expect(currentTraceparent()).toBeNull();
    // In a plain process (no jest registry): the modules required after startTracing and the service kit.
    // Written as plain text: console.log colours a number when FORCE_COLOR is set (as Nx sets it).
    const script = `require('tsx/cjs'); const t = require(${JSON.stringify(path.join(__dirname, '../telemetry/tracing.ts'))}); t.startTracing('x', {}); require(${JSON.stringify(path.join(__dirname, '../index.ts'))}); process.stdout.write(String(Object.keys(require.cache).filter((k) => /@opentelemetry\\/(sdk|instrumentation|exporter)|@fastify\\/otel|bullmq-otel/.test(k)).length));`;
    expect(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim()).toBe('0');
  });

  it('refuses an endpoint that is not an http(s) URL', () => {
    expect(() => startTracing('test-svc', { OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(
      'must be an http:// or https:// URL (OTLP over HTTP), e.g. http://127.0.0.1:4318',
    );
    expect(tracingActive()).toBe(false);
  });

  it('redacts query values in URLs, drops bound parameters and takes e-mail addresses and UCAS IDs out of every string', () => {
    expect(
      redactSpanAttributes({
        'url.full': 'http://127.0.0.1:3102/applications/G400/applied?email=a.person%40example.com&ucas_personal_id=8123456701',
        'url.path': '/api/applications/G400/applied?email=a.person@example.com',
        'url.query': 'email=a.person@example.com&_=1',
        'http.route': '/api/applications/:ucasCode/applied',
        'db.query.text': 'select "id" from "students" where "email" = $1',
        'db.query.parameter.0': 'a.person@example.com',
        'drizzle.query.params': '["a.person@example.com"]',
        'exception.message': 'no student a.person@example.com with UCAS ID 8123456701',
        'http.response.status_code': 200,
      }),
    ).toEqual({
      'url.full': 'http://127.0.0.1:3102/applications/G400/applied?email=[redacted]&ucas_personal_id=[redacted]',
      'url.path': '/api/applications/G400/applied?email=[redacted]',
      'url.query': 'email=[redacted]&_=[redacted]',
      'http.route': '/api/applications/:ucasCode/applied',
      'db.query.text': 'select "id" from "students" where "email" = $1',
      'exception.message': 'no student [redacted] with UCAS ID [redacted]',
      'http.response.status_code': 200,
    });
  });
});
