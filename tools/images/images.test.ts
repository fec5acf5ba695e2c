import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createTestDatabase, freePort, metricValue, type TestDatabase } from '@clearing-desk/service-kit/testing';
import { buildImage, IMAGES, type ImageName } from './images';

/**
 * Each image carries only what its app runs. No Docker engine runs here, so the
 * test does what the image's build stage does (buildImage) into a folder outside the repository
 * (nothing can resolve from the workspace's node_modules), and starts the app from it with plain
 * `node`, as the image's CMD does: no TypeScript runner, no dev tool, no other app's packages.
 */
const root = mkdtempSync(path.join(tmpdir(), 'clearing-images-'));
const children: ChildProcess[] = [];
const databases: TestDatabase[] = [];

afterAll(async () => {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  await Promise.all(databases.map((d) => d.drop()));
  rmSync(root, { recursive: true, force: true });
}, 30_000);

/** Starts `node <entry>.js` in the image folder and resolves once `url` answers 200. */
async function start(dir: string, entry: string, env: Record<string, string>, url: string): Promise<void> {
  const output: string[] = [];
  const child = spawn(process.execPath, [`${entry}.js`], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  child.stdout?.on('data', (d) => output.push(String(d)));
  child.stderr?.on('data', (d) => output.push(String(d)));
  for (let attempt = 0; attempt < 900; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`${entry}.js exited with ${child.exitCode}:\n${output.join('')}`);
    const res = await fetch(url).catch(() => undefined);
    if (res?.status === 200) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${entry}.js did not answer ${url} within 90 s:\n${output.join('')}`);
}

const DEV_ONLY = ['typescript', 'tsx', 'jest', 'esbuild', 'nx', 'eslint', 'vite', '@playwright', 'react', 'react-dom', 'drizzle-kit', '@swc'];

describe.each(Object.keys(IMAGES) as ImageName[])('the %s image', (app) => {
  let dir: string;
  beforeAll(async () => {
    dir = path.join(root, app);
    await buildImage(app, dir, { skipMissingFiles: app === 'gateway' });
  }, 120_000);

  it('carries its bundles and only the npm packages they read files of (no TypeScript runner, no dev tool)', () => {
    for (const entry of Object.keys(IMAGES[app].entries)) expect(existsSync(path.join(dir, `${entry}.js`))).toBe(true);
    const installed = existsSync(path.join(dir, 'node_modules')) ? readdirSync(path.join(dir, 'node_modules')) : [];
    for (const name of DEV_ONLY) expect([name, installed.includes(name)]).toEqual([name, false]);
    const { dependencies } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const expected: Record<ImageName, string[]> = {
      // pg in every image of a service with a database: it stays outside the bundle so that
      // tracing's pg instrumentation can patch it (tools/images RUNTIME_PACKAGES).
      // The gateway runs the nightly retention job (BullMQ).
      gateway: ['bullmq', 'ioredis'],
      // courses-svc takes the places projection from applications-svc's outbox events (BullMQ).
      'courses-svc': ['@electric-sql/pglite', 'bullmq', 'ioredis', 'pg'],
      'applications-svc': ['@electric-sql/pglite', 'bullmq', 'ioredis', 'pg'],
      'assessment-svc': [],
      'files-svc': ['@electric-sql/pglite', 'bullmq', 'ioredis', 'pg'],
      'scenarios-svc': ['@electric-sql/pglite', 'pg'],
      'notifications-svc': ['@electric-sql/pglite', 'bullmq', 'ioredis', 'pg'],
    };
    expect(Object.keys(dependencies).sort()).toEqual(expected[app]);
  });

  it('starts from the folder alone with node and serves its metrics port', async () => {
    const [port, metricsPort] = [await freePort(), await freePort()];
    const env: Record<string, string> = { PORT: String(port), METRICS_PORT: String(metricsPort), INTERNAL_TOKEN: 'image-test-token-0123456789' };
    const data = path.join(root, `${app}-data`);
    if (app !== 'gateway' && app !== 'assessment-svc') env.DATA_DIR = data;
    if (app === 'files-svc')
      Object.assign(env, { FILES_DIR: path.join(data, 'blobs'), FILES_QUEUE_PREFIX: `image-test-${process.pid}`, FILES_QUEUE_EPHEMERAL: 'true' });
    if (app === 'gateway') Object.assign(env, { SESSION_SECRET: 's'.repeat(32), REDIS_KEY_PREFIX: `image-test-${process.pid}` });
    // The gateway's /readyz needs every service; its own process is what this test starts.
    await start(dir, 'server', env, `http://127.0.0.1:${port}${app === 'gateway' ? '/healthz' : '/readyz'}`);
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(metricValue(text, 'process_resident_memory_bytes', { app })).toBeGreaterThan(0);
  }, 120_000);

  if ('migrate' in IMAGES[app].entries) {
    it('applies its migrations from the image as the migration Job does: node migrate.js apps/<app>', async () => {
      const database = await createTestDatabase('clearing_image_migrate');
      databases.push(database);
      const { stdout } = await promisify(execFile)(process.execPath, ['migrate.js', `apps/${app}`], {
        cwd: dir,
        env: { PATH: process.env.PATH ?? '', MIGRATION_DATABASE_URL: database.url },
      });
      const journal = JSON.parse(readFileSync(path.join(dir, `apps/${app}/drizzle/meta/_journal.json`), 'utf8')) as { entries: { tag: string }[] };
      expect(JSON.parse(stdout.trim())).toMatchObject({ msg: 'migrations applied', app, applied: journal.entries.map((e) => e.tag) });
    }, 120_000);
  }

  if (app === 'files-svc') {
    it('runs the scan worker (files-worker) from the same image: node worker.js, ready on its metrics port', async () => {
      const database = await createTestDatabase('clearing_image_worker');
      databases.push(database);
      const metricsPort = await freePort();
      await start(
        dir,
        'worker',
        {
          DATABASE_URL: database.url,
          FILES_DIR: path.join(root, 'worker-blobs'),
          FILES_QUEUE_PREFIX: `image-test-${process.pid}`,
          METRICS_PORT: String(metricsPort),
        },
        `http://127.0.0.1:${metricsPort}/readyz`,
      );
    }, 120_000);
  }
});
