import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createSampleDocument } from '@clearing-desk/contracts/testing';
import { freePort, metricValue } from '@clearing-desk/service-kit/testing';
import { buildTestApp, createFilesTestEnv, requireClamd, upload, type FilesTestApp, type FilesTestEnv } from '../testing/files-test-kit';

const REPO_ROOT = path.resolve(__dirname, '../../../..');

/**
 * The standalone scan worker (src/worker.ts, files-worker in compose and Kubernetes) has no API
 * port: its metrics port serves the scraper and Kubernetes' probes.
 */
describe('the standalone scan worker’s metrics port', () => {
  let env: FilesTestEnv;
  let app: FilesTestApp;
  let worker: ChildProcess | undefined;
  let metricsUrl: string;

  beforeAll(async () => {
    await requireClamd();
    env = await createFilesTestEnv('standalone');
    app = await buildTestApp(env.config({ FILES_WORKER_IN_PROCESS: 'false' }));
    const port = await freePort();
    metricsUrl = `http://127.0.0.1:${port}`;
    const config = env.config();
    worker = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, '../worker.ts')], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        DATABASE_URL: env.database.url,
        FILES_DIR: env.filesDir,
        FILES_QUEUE_PREFIX: config.FILES_QUEUE_PREFIX,
        CLAMAV_SOCKET: config.CLAMAV_SOCKET,
        LOG_LEVEL: 'silent',
        METRICS_PORT: String(port),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    // Ready once its Redis connection is up and clamd answers (its Kubernetes readiness probe).
    const exited = new Promise<never>((_, reject) => worker?.once('exit', (code) => reject(new Error(`worker exited with ${code}`))));
    const ready = (async () => {
      for (let attempt = 0; attempt < 500; attempt += 1) {
        const res = await fetch(`${metricsUrl}/readyz`).catch(() => undefined);
        if (res?.status === 200) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('the worker was not ready within 50 s');
    })();
    await Promise.race([ready, exited]);
  }, 60_000);

  afterAll(async () => {
    if (worker && worker.exitCode === null) {
      const exit = new Promise((resolve) => worker?.once('exit', resolve));
      worker.kill('SIGTERM');
      await exit;
    }
    await app?.close();
    await env?.cleanup();
  });

  it('answers /healthz and /readyz, and Prometheus text with the scans it ran', async () => {
    expect(await (await fetch(`${metricsUrl}/healthz`)).json()).toEqual({ status: 'ok' });
    expect(await (await fetch(`${metricsUrl}/readyz`)).json()).toEqual({ status: 'ready' });

    expect((await upload(app, { content: createSampleDocument('png'), filename: 'gcse.png', contentType: 'image/png' })).statusCode).toBe(200);

    const res = await fetch(`${metricsUrl}/metrics`);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await res.text();
    expect(metricValue(text, 'files_scan_duration_seconds_count', { app: 'files-worker', outcome: 'clean' })).toBe(1);
    expect(metricValue(text, 'files_scan_queue_wait_seconds_count', { app: 'files-worker' })).toBe(1);
    expect(text).toContain('# TYPE process_resident_memory_bytes gauge');
    // files-svc's own registry: it enqueued, it did not scan.
    expect(metricValue(await app.metricsRegistry.metrics(), 'files_scan_duration_seconds_count')).toBeUndefined();
  }, 30_000);
});
