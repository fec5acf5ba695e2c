import { apiPath } from '@clearing-desk/contracts';
import { restartDelayMs, type Stack } from '@clearing-desk/stack';
import { StackClient, startTestStack } from '../../testing/stack-client';

/**
 * On a real stack of every service with `restart` on (as `npm start`
 * runs it): a killed service shows in the gateway's /readyz and comes back by itself; answers
 * with personal data are `Cache-Control: no-store`.
 */
let stack: Stack;
let client: StackClient;

beforeAll(async () => {
  stack = await startTestStack({ services: ['courses', 'applications', 'assessment', 'files', 'scenarios'], restart: true });
  client = new StackClient(stack.gatewayUrl);
}, 180_000);

afterAll(async () => {
  await stack?.stop();
}, 30_000);

/** The gateway's /readyz answer; status 0 while nothing listens (the gateway itself is down). */
const readyz = async () => {
  try {
    const res = await fetch(`${stack.gatewayUrl}/readyz`);
    return { status: res.status, body: (await res.json()) as unknown };
  } catch {
    return { status: 0, body: null as unknown };
  }
};

/** Polls /readyz until `done` holds for its answer (the state the test needs, not a fixed wait). */
async function readyzUntil(done: (r: { status: number; body: unknown }) => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let last = await readyz();
  while (!done(last) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    last = await readyz();
  }
  return last;
}

describe('gateway readiness and the launcher restarting a crashed service', () => {
  it('is ready while every service answers, names a killed one, and is ready again after the restart', async () => {
    expect(await readyz()).toEqual({ status: 200, body: { status: 'ready' } });
    const { body: status } = await client.get(apiPath('clearingStatus'));
    const before = stack.pid('applications');
    expect(before).toEqual(expect.any(Number));
    process.kill(before as number, 'SIGKILL');

    const down = await readyzUntil((r) => r.status === 503, 5_000);
    expect(down).toEqual({ status: 503, body: { message: 'Service Unavailable', services: { applications: 'unreachable' } } });
    // /healthz is the liveness probe: the gateway itself is alive and must not be restarted.
    expect((await fetch(`${stack.gatewayUrl}/healthz`)).status).toBe(200);
    // Every page load reads Clearing open/closed: meanwhile the last known answer, never a 5xx.
    const whileDown = await client.get(apiPath('clearingStatus'));
    expect(whileDown.status).toBe(200);
    expect(whileDown.body).toEqual(status);
    const ping = await client.get(apiPath('ping'));
    expect(ping.status).toBe(200);
    expect(ping.body).toEqual({ state: (status as { state: number }).state });

    const back = await readyzUntil((r) => r.status === 200, 30_000);
    expect(back).toEqual({ status: 200, body: { status: 'ready' } });
    expect(stack.pid('applications')).not.toBe(before);
    // The restarted service serves again through the gateway.
    expect((await client.get(apiPath('application', { hash: 'no-such-hash' }))).status).toBe(404);
  }, 60_000);
});

describe('the launcher restarting the gateway', () => {
  it('backs off 0.1 s doubling to 10 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map(restartDelayMs)).toEqual([100, 200, 400, 800, 1600, 3200, 6400, 10_000, 10_000]);
  });

  it('brings a killed gateway back on the same address', async () => {
    const before = stack.pid('gateway');
    process.kill(before as number, 'SIGKILL');
    const down = await readyzUntil((r) => r.status === 0, 5_000);
    expect(down.status).toBe(0);
    const back = await readyzUntil((r) => r.status === 200, 30_000);
    expect(back).toEqual({ status: 200, body: { status: 'ready' } });
    expect(stack.pid('gateway')).not.toBe(before);
  }, 60_000);
});

describe('Cache-Control: no-store on answers with personal data', () => {
  it('is set on every /api/admin, /api/apply and /api/file answer and GET /api/applications/*, and not on the public catalogue', async () => {
    for (const path of [apiPath('assess', { course: 'G400' }), apiPath('apply', { course: 'G400' }), apiPath('fileUpload')]) {
      const res = await fetch(`${stack.gatewayUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect([400, 403, 415]).toContain(res.status); // refused (no form, no XSRF token), and still not kept
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    expect((await client.get('/api/admin/courses')).headers.get('cache-control')).toBe('no-store');
    const review = await client.get(apiPath('application', { hash: 'no-such-hash' }));
    expect(review.headers.get('cache-control')).toBe('no-store');
    const applied = await client.get(`${apiPath('applied', { ucasCode: 'G400' })}?email=someone%40example.com`);
    expect(applied.headers.get('cache-control')).toBe('no-store');
    expect((await client.get(`${apiPath('courseSearch')}?q=law`)).headers.get('cache-control')).not.toBe('no-store');
  });
});
