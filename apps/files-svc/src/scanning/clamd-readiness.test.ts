import { createServer } from 'node:net';
import { buildTestApp, createFilesTestEnv, requireClamd, type FilesTestApp, type FilesTestEnv } from '../testing/files-test-kit';

/** A TCP port on which nothing listens. */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * /readyz once the queue's Redis connection is up (it connects in the background after start):
 * polls while the answer is the detail-less 503 of a Redis still connecting.
 */
async function settledReadyz(app: FilesTestApp) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    const answer = { status: res.statusCode, body: res.json() as Record<string, unknown> };
    const connecting = answer.status === 503 && Object.keys(answer.body).length === 1;
    if (!connecting || Date.now() > deadline) return answer;
    await new Promise((r) => setTimeout(r, 50));
  }
}

let env: FilesTestEnv;
const apps: FilesTestApp[] = [];

beforeAll(async () => {
  await requireClamd();
  env = await createFilesTestEnv('clamd_ready');
}, 60_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  await env?.cleanup();
});

describe('files-svc readiness reports clamd', () => {
  it('is ready while clamd answers PING', async () => {
    const app = await buildTestApp(env.config());
    apps.push(app);
    expect(await settledReadyz(app)).toEqual({ status: 200, body: { status: 'ready' } });
  });

  it('answers 503 naming clamd when no clamd can be reached, and stays alive', async () => {
    const app = await buildTestApp(env.config({ CLAMAV_SOCKET: '/tmp/no-clamd-here.ctl', CLAMAV_HOST: '127.0.0.1', CLAMAV_PORT: String(await closedPort()) }));
    apps.push(app);
    expect(await settledReadyz(app)).toEqual({ status: 503, body: { message: 'Service Unavailable', clamd: 'unreachable' } });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
