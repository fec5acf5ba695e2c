import { z } from 'zod';
import { createService, startMetricsServer, startService, type MetricsServer } from '../index';
import { freePort, metricValue } from '../testing';

const TOKEN = 'x'.repeat(20);
const headers = { 'x-internal-token': TOKEN };

/** A free TCP port on the loopback, for a metrics port the test must know. */

const buildApp = () => {
  const app = createService({ name: 'metrics-test', logLevel: 'silent', internalToken: TOKEN });
  app.get('/things/:id', { schema: { params: z.object({ id: z.string().regex(/^\d+$/) }) } }, async (request) => ({ id: request.params.id }));
  return app;
};

describe('request metrics (createService)', () => {
  it('counts requests and times them by route template and status code, never by raw URL', async () => {
    const app = buildApp();
    for (const url of ['/things/1', '/things/2', '/things/x', '/no/such/route']) await app.inject({ method: 'GET', url, headers });
    const text = await app.metricsRegistry.metrics();

    expect(metricValue(text, 'http_request_duration_seconds_count', { app: 'metrics-test', method: 'GET', route: '/things/:id', status_code: '200' })).toBe(2);
    expect(metricValue(text, 'http_request_duration_seconds_count', { app: 'metrics-test', method: 'GET', route: '/things/:id', status_code: '400' })).toBe(1);
    expect(metricValue(text, 'http_request_duration_seconds_count', { app: 'metrics-test', method: 'GET', route: 'unmatched', status_code: '404' })).toBe(1);
    expect(
      metricValue(text, 'http_request_duration_seconds_bucket', { le: '10', app: 'metrics-test', method: 'GET', route: '/things/:id', status_code: '200' }),
    ).toBe(2);
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).not.toContain('/things/1');
    expect(text).not.toContain('/no/such/route');
    expect(text).not.toContain('http_request_summary_seconds');
    // Node's process metrics.
    for (const name of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes']) {
      expect([name, text.includes(`# TYPE ${name} `)]).toEqual([name, true]);
    }
    await app.close();
  });

  it('keeps each app’s metrics in its own registry', async () => {
    const [a, b] = [buildApp(), buildApp()];
    await a.inject({ method: 'GET', url: '/things/1', headers });
    expect(
      metricValue(await a.metricsRegistry.metrics(), 'http_request_duration_seconds_count', {
        app: 'metrics-test',
        method: 'GET',
        route: '/things/:id',
        status_code: '200',
      }),
    ).toBe(1);
    expect(
      metricValue(await b.metricsRegistry.metrics(), 'http_request_duration_seconds_count', {
        app: 'metrics-test',
        method: 'GET',
        route: '/things/:id',
        status_code: '200',
      }),
    ).toBeUndefined();
    await Promise.all([a.close(), b.close()]);
  });
});

describe('startService', () => {
  it('serves Prometheus text on the metrics port, while the API port answers 404 for /metrics', async () => {
    const app = buildApp();
    const metricsPort = await freePort();
    const address = await startService(app, { HOST: '127.0.0.1', PORT: 0, METRICS_HOST: '127.0.0.1', METRICS_PORT: metricsPort });
    try {
      expect((await fetch(`${address}/things/7`, { headers })).status).toBe(200);

      const onApi = await fetch(`${address}/metrics`, { headers });
      expect(onApi.status).toBe(404);
      expect(await onApi.json()).toEqual({ message: 'Route GET /metrics not found' });

      const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(scraped.status).toBe(200);
      expect(scraped.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      const text = await scraped.text();
      expect(metricValue(text, 'http_request_duration_seconds_count', { app: 'metrics-test', method: 'GET', route: '/things/:id', status_code: '200' })).toBe(
        1,
      );
      expect(text).toContain('# TYPE process_resident_memory_bytes gauge');

      const elsewhere = await fetch(`http://127.0.0.1:${metricsPort}/things/7`);
      expect(elsewhere.status).toBe(404);
    } finally {
      await app.close();
    }
    // Closing the app closes its metrics port too.
    await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow();
  });
});

describe('startMetricsServer with readiness checks (a process without an API: the scan worker)', () => {
  let server: MetricsServer;
  let redisUp = true;
  beforeAll(async () => {
    const app = buildApp();
    server = await startMetricsServer({
      registry: app.metricsRegistry,
      host: '127.0.0.1',
      port: 0,
      readiness: [
        async () => {
          if (!redisUp) throw new Error('redis is reconnecting');
        },
      ],
    });
  });
  afterAll(() => server.close());

  it('answers /healthz, and /readyz while every check passes', async () => {
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${server.url}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready' }]);
  });

  it('answers /readyz 503 naming the failing dependency', async () => {
    redisUp = false;
    const res = await fetch(`${server.url}/readyz`);
    expect([res.status, await res.json()]).toEqual([503, { message: 'Service Unavailable', failures: ['redis is reconnecting'] }]);
    redisUp = true;
  });
});
