import { apiPath } from '@clearing-desk/contracts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createAssessForm, createSampleDocument } from '@clearing-desk/contracts/testing';
import { metricValue } from '@clearing-desk/service-kit/testing';
import type { Stack } from '@clearing-desk/stack';
import { StackClient, startTestStack } from './testing/stack-client';

/**
 * On a real stack of every service: each app serves Prometheus text at /metrics on
 * its own metrics port (the stack gives each a free one, as METRICS_PORT), with its request
 * metrics by route template and status, its process metrics and its own figures; the gateway's
 * public port never answers /metrics.
 */
let stack: Stack;
let client: StackClient;

beforeAll(async () => {
  stack = await startTestStack({ services: ['courses', 'applications', 'assessment', 'files', 'scenarios', 'notifications'] });
  client = new StackClient(stack.gatewayUrl);
  // One call through each service: the status (applications), an assessment (courses, assessment),
  // an upload (files, scanned by its in-process worker), and the readiness ping of every service.
  expect((await client.get(apiPath('ping'))).status).toBe(200);
  expect((await client.send('POST', apiPath('assess', { course: 'G400' }), createAssessForm())).status).toBe(200);
  expect((await client.upload(createSampleDocument('pdf'), 'a-levels.pdf', 'ALEVELS')).status).toBe(200);
  expect((await fetch(`${stack.gatewayUrl}/readyz`)).status).toBe(200);
}, 180_000);

afterAll(async () => {
  await stack?.stop();
}, 30_000);

const scrape = async (app: keyof Stack['metricsUrls']) => {
  const res = await fetch(`${stack.metricsUrls[app]}/metrics`);
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
};

describe('metrics ports', () => {
  it.each([
    [
      'gateway',
      [
        ['http_request_duration_seconds_count', { app: 'gateway', method: 'POST', route: '/api/apply/:course/assess', status_code: '200' }],
        ['http_request_duration_seconds_count', { app: 'gateway', method: 'GET', route: apiPath('ping'), status_code: '200' }],
      ],
    ],
    ['courses', [['http_request_duration_seconds_count', { app: 'courses-svc', method: 'GET', route: '/courses/:id', status_code: '200' }]]],
    ['applications', [['http_request_duration_seconds_count', { app: 'applications-svc', method: 'GET', route: '/status', status_code: '200' }]]],
    ['assessment', [['http_request_duration_seconds_count', { app: 'assessment-svc', method: 'POST', route: '/assessments', status_code: '200' }]]],
    [
      'files',
      [
        ['http_request_duration_seconds_count', { app: 'files-svc', method: 'POST', route: '/files', status_code: '200' }],
        ['files_scan_duration_seconds_count', { app: 'files-svc', outcome: 'clean' }],
      ],
    ],
    ['scenarios', [['http_request_duration_seconds_count', { app: 'scenarios-svc', method: 'GET', route: '/healthz', status_code: '200' }]]],
    // Started by the stack, which waits for its /readyz (the gateway's readiness does not ping it).
    ['notifications', [['http_request_duration_seconds_count', { app: 'notifications-svc', method: 'GET', route: '/readyz', status_code: '200' }]]],
  ] as const)('%s answers Prometheus text with its request and process metrics after a request', async (app, series) => {
    const { status, type, text } = await scrape(app);
    expect([status, type]).toEqual([200, 'text/plain; version=0.0.4; charset=utf-8']);
    for (const [name, labels] of series) expect([name, labels, (metricValue(text, name, labels) ?? 0) >= 1]).toEqual([name, labels, true]);
    for (const name of ['http_request_duration_seconds', 'process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds']) {
      expect([name, text.includes(`# TYPE ${name} `)]).toEqual([name, true]);
    }
  });

  it('applications-svc counts decisions by status, files-svc reports its scan queue, notifications-svc its emails', async () => {
    expect((await scrape('applications')).text).toContain('# TYPE clearing_decisions_total counter');
    expect(metricValue((await scrape('notifications')).text, 'notifications_emails_total', { app: 'notifications-svc', result: 'sent' })).toBe(0);
    expect(metricValue((await scrape('files')).text, 'files_scan_queue_jobs', { app: 'files-svc', state: 'waiting' })).toBe(0);
  });

  it('exports every metric the results-day dashboard (deploy/grafana) queries', async () => {
    const dashboard = readFileSync(path.resolve(__dirname, '../../../deploy/grafana/results-day.json'), 'utf8');
    const queried = new Set([...dashboard.matchAll(/([a-z_][a-z0-9_]*)\{/g)].map((m) => m[1] as string));
    expect(queried.size).toBeGreaterThan(8);
    const scraped = (await Promise.all((Object.keys(stack.metricsUrls) as (keyof Stack['metricsUrls'])[]).map(scrape))).map((s) => s.text).join('\n');
    const exported = new Set(scraped.split('\n').map((line) => line.match(/^([a-z_][a-z0-9_]*)[{ ]/)?.[1]));
    expect([...queried].filter((name) => !exported.has(name))).toEqual([]);
  });

  it('never answers /metrics on the gateway’s public port', async () => {
    const res = await fetch(`${stack.gatewayUrl}/metrics`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('http_request_duration_seconds');
  });
});
