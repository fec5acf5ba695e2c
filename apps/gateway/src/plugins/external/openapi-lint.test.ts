import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { apiPath, APPLICATION_EVENT_TYPES } from '@clearing-desk/contracts';
import { buildApp } from '../../app';
import { testGatewayConfig } from '../../testing/test-config';

// As in openapi.test.ts: the static web app and openid-client add no /api route.
jest.mock('./web-app', () => ({ webAppPlugin: async () => undefined }));
jest.mock('openid-client', () => ({}));

const REDOCLY = path.resolve(__dirname, '../../../../../node_modules/@redocly/cli/bin/cli.js');
/** The recommended rules, and the one exception the spec's paths need (redocly.yaml says why). */
const CONFIG = path.resolve(__dirname, '../../../redocly.yaml');

type Problem = { ruleId: string; severity: 'error' | 'warn'; message: string; location: { pointer: string }[] };

let app: Awaited<ReturnType<typeof buildApp>>;
let folder: string;
let document: Record<string, unknown>;
beforeAll(async () => {
  app = await buildApp(testGatewayConfig());
  await app.ready();
  document = (await app.inject({ method: 'GET', url: apiPath('openapi') })).json();
  folder = mkdtempSync(path.join(tmpdir(), 'openapi-lint-'));
}, 30_000);
afterAll(async () => {
  await app?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Redocly CLI's lint (apps/gateway/redocly.yaml: the recommended rules) of the served document: its problems, as JSON. */
async function lint(): Promise<Problem[]> {
  const file = path.join(folder, 'openapi.json');
  writeFileSync(file, JSON.stringify(document));
  const run = await promisify(execFile)(process.execPath, [REDOCLY, 'lint', file, `--config=${CONFIG}`, '--format=json', '--max-problems=1000'], {
    maxBuffer: 16 * 1024 * 1024,
  }).catch((err: { stdout: string }) => err);
  return (JSON.parse(run.stdout) as { problems: Problem[] }).problems;
}

describe('the OpenAPI document under Redocly’s recommended rules', () => {
  it('has no error and no warning', async () => {
    const problems = await lint();
    const summary = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`);
    expect(summary).toEqual([]);
  }, 60_000);
});

type Operation = {
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string }[];
  responses: Record<string, unknown>;
  requestBody?: unknown;
};
type Paths = Record<string, Record<string, Operation>>;
const operations = (paths: Paths) =>
  Object.entries(paths).flatMap(([p, byMethod]) => Object.entries(byMethod).map(([m, op]) => ({ key: `${m.toUpperCase()} ${p}`, op })));

describe('what the document adds to the contracts', () => {
  it('keeps every route, body and declared answer of the contracts as they are', () => {
    const raw = app.swagger() as unknown as { paths: Paths };
    const served = document.paths as Paths;
    expect(Object.keys(served).sort()).toEqual(Object.keys(raw.paths).sort());
    for (const { key, op } of operations(raw.paths)) {
      const [method, p] = key.split(' ') as [string, string];
      const completed = served[p]?.[method.toLowerCase()];
      expect([key, completed?.requestBody]).toEqual([key, op.requestBody]);
      for (const [status, answer] of Object.entries(op.responses)) expect([key, status, completed?.responses[status]]).toEqual([key, status, answer]);
    }
  });

  it('names the cookie, XSRF and API key security schemes, and what each operation needs', () => {
    const components = document.components as { securitySchemes: Record<string, { type: string; in?: string; name?: string; scheme?: string }> };
    expect(
      Object.fromEntries(
        Object.entries(components.securitySchemes).map(([k, v]) => [k, v.type === 'http' ? `http ${v.scheme}` : `${v.type} ${v.in} ${v.name}`]),
      ),
    ).toEqual({
      eventsApiKey: 'http bearer',
      staffSession: 'apiKey cookie clearing_session',
      xsrfCookie: 'apiKey cookie _csrf',
      xsrfToken: 'apiKey header x-xsrf-token',
    });
    const paths = document.paths as Paths;
    expect(paths['/api/courses']?.get?.security).toEqual([]);
    expect(paths['/api/apply/{course}']?.post?.security).toEqual([{ xsrfCookie: [], xsrfToken: [] }]);
    expect(paths['/api/admin/applications']?.get?.security).toEqual([{ staffSession: [] }]);
    expect(paths['/api/admin/applications/{student}/{course}']?.put?.security).toEqual([{ staffSession: [], xsrfCookie: [], xsrfToken: [] }]);
    // The record system's feed: an API key, no session, no XSRF (a GET); 401 says how to send the key.
    const events = paths['/api/v1/events']?.get;
    expect(events?.security).toEqual([{ eventsApiKey: [] }]);
    expect(Object.keys(events?.responses ?? {}).sort()).toEqual(['200', '400', '401', '429', '500', '503']);
    // Its page describes every event's payload, each type by its versioned name.
    const page = JSON.stringify(events?.responses['200']);
    for (const type of Object.values(APPLICATION_EVENT_TYPES)) expect(page).toContain(`"enum":["${type}"]`);
    // The webhook an endpoint receives, with its Standard Webhooks headers and every event's schema.
    const webhook = (document.webhooks as Record<string, { post: Operation }>).applicationEvent?.post;
    expect(webhook?.parameters?.map((p) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    for (const type of Object.values(APPLICATION_EVENT_TYPES)) expect(JSON.stringify(webhook?.requestBody)).toContain(`"const":"${type}"`);
    expect(paths['/api/admin/event-keys']?.post?.security).toEqual([{ staffSession: [], xsrfCookie: [], xsrfToken: [] }]);
  });

  it('documents Idempotency-Key on the submissions, and 429 and 5xx on every operation, 401 and 403 on every staff one', () => {
    const paths = document.paths as Paths;
    for (const p of ['/api/apply/{course}', '/api/admin/applications/{student}/{course}'])
      expect(paths[p]?.post?.parameters?.filter((x) => x.in === 'header').map((x) => x.name)).toContain('Idempotency-Key');
    for (const { key, op } of operations(paths)) {
      expect([key, ['429', '500', '503'].filter((s) => !op.responses[s])]).toEqual([key, []]);
      if (op.security?.some((r) => 'staffSession' in r)) expect([key, ['401', '403'].filter((s) => !op.responses[s])]).toEqual([key, []]);
      if (op.security?.some((r) => 'xsrfToken' in r)) expect([key, op.responses['403'] !== undefined]).toEqual([key, true]);
    }
  });
});
