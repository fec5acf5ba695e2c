import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { uploadResponseSchema } from '@clearing-desk/contracts';
import { createEicarTestFile, createSampleDocument } from '@clearing-desk/contracts/testing';
import { eq } from 'drizzle-orm';
import { files } from '../db/schema';
import { scannerFromConfig } from '../plugins/app/scan-worker';
import { blobsOnDisk, buildTestApp, createFilesTestEnv, requireClamd, upload, type FilesTestApp, type FilesTestEnv } from '../testing/files-test-kit';
import type { Scanner } from './clamav-scanner';
import { createScanWorker, type ScanWorker } from './scan-worker';

const REPO_ROOT = path.resolve(__dirname, '../../../..');

/** The 503s of a scan that could not finish, word for word as the applicant reads them. */
const SCAN_UNAVAILABLE = 'Virus scanning is unavailable; the file was not accepted. Please try again later.';
const SCAN_TIMEOUT = 'Virus scanning took too long; the file was not accepted. Please try again.';

/** A TCP port on which nothing listens. */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

let env: FilesTestEnv;
const apps: FilesTestApp[] = [];
const started = async (...args: Parameters<typeof buildTestApp>) => {
  const app = await buildTestApp(...args);
  apps.push(app);
  return app;
};

beforeAll(async () => {
  await requireClamd();
  env = await createFilesTestEnv('failures');
}, 60_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  await env?.cleanup();
});

async function expectNothingLeft(app: FilesTestApp) {
  expect(await app.db.select().from(files).where(eq(files.status, 'quarantined'))).toEqual([]);
  expect(await app.db.select().from(files).where(eq(files.status, 'clean'))).toEqual([]);
  expect(blobsOnDisk(env.filesDir).quarantine).toEqual([]);
  expect(blobsOnDisk(env.filesDir).clean).toEqual([]);
}

describe('scanning that cannot run fails closed', () => {
  it('answers 503 when ClamAV is unreachable (no socket, nothing on the port), after retrying, and keeps nothing', async () => {
    const config = env.config({ CLAMAV_SOCKET: '/tmp/no-clamd-here.ctl', CLAMAV_PORT: String(await closedPort()), FILES_SCAN_ATTEMPTS: '3' });
    // The real ClamAV client against nothing, counted: the retries are asserted as attempts, not as time.
    const unreachable = scannerFromConfig(config);
    let attempts = 0;
    const counted: Scanner = {
      scan: (file) => {
        attempts += 1;
        return unreachable.scan(file);
      },
      scanStream: (open) => unreachable.scanStream(open),
    };
    const app = await started(config, { scanner: counted });
    const res = await upload(app, { content: createSampleDocument('pdf') });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: SCAN_UNAVAILABLE });
    expect(attempts).toBe(3); // FILES_SCAN_ATTEMPTS: the first try and two retries after their backoff
    // The EICAR file is refused too (for its format: no verdict to say more).
    const eicar = await upload(app, { content: createEicarTestFile() });
    expect(eicar.statusCode).toBe(415);
    await expectNothingLeft(app);
    await app.close();
    apps.pop();
  }, 30_000);

  it('answers 503 when no verdict arrives within SCAN_TIMEOUT_MS, and discards the upload', async () => {
    let release: (() => void) | undefined;
    const scanned = new Promise<void>((resolve) => (release = resolve));
    const slow: Scanner = { scan: () => scanned.then(() => ({ infected: false })), scanStream: () => scanned.then(() => ({ infected: false })) };
    const app = await started(env.config({ SCAN_TIMEOUT_MS: '800' }), { scanner: slow });
    const res = await upload(app, { content: createSampleDocument('pdf') });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: SCAN_TIMEOUT });
    // The late verdict finds the record gone: the file never becomes clean. Waits for the job's
    // own 'completed' event, not for time.
    const finished = new Promise<unknown>((resolve) => app.scanQueue.events.once('completed', ({ returnvalue }) => resolve(returnvalue)));
    release?.();
    expect(await finished).toEqual({ verdict: 'gone' });
    await expectNothingLeft(app);
    await app.close();
    apps.pop();
  }, 30_000);

  it('answers 503 at once when Redis is down', async () => {
    // 'At once': not after SCAN_TIMEOUT_MS, which is longer than the test may run; the message is
    // the unavailable one, never the timeout's.
    const app = await started(
      env.config({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}`, FILES_WORKER_IN_PROCESS: 'false', SCAN_TIMEOUT_MS: '120000' }),
    );
    const res = await upload(app, { content: createSampleDocument('pdf') });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: SCAN_UNAVAILABLE });
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    await expectNothingLeft(app);
    await app.close();
    apps.pop();
  }, 30_000);

  it('retries a scan that failed once (backoff) and then accepts the clean file', async () => {
    const config = env.config();
    let calls = 0;
    // The retry is under test, not clamd: the second attempt answers clean itself, so a busy clamd
    // on a loaded CI machine cannot turn this into a timeout.
    const flaky: Scanner = {
      scan: async () => {
        calls += 1;
        if (calls === 1) throw new Error('clamd restarting');
        return { infected: false };
      },
      scanStream: async () => ({ infected: false }),
    };
    const app = await started(config, { scanner: flaky });
    const res = await upload(app, { content: createSampleDocument('pdf') });
    expect(res.statusCode).toBe(200);
    expect(calls).toBe(2);
    await app.close();
    apps.pop();
  }, 30_000);
});

describe('a worker killed mid-scan', () => {
  let child: ChildProcess | undefined;
  let second: ScanWorker | undefined;
  afterAll(async () => {
    child?.kill('SIGKILL');
    await second?.close();
  });

  it('loses no upload: the blob stays in quarantine and another worker finishes the job', async () => {
    const fast = { FILES_JOB_LOCK_MS: '1000', FILES_STALLED_INTERVAL_MS: '500', FILES_QUEUE_PREFIX: env.extraPrefix('kill') };
    const config = env.config({ ...fast, FILES_WORKER_IN_PROCESS: 'false', SCAN_TIMEOUT_MS: '30000' });
    const app = await started(config);

    child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, '../testing/stuck-scan-worker.ts')], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: env.database.url, FILES_DIR: env.filesDir, LOG_LEVEL: 'silent', ...fast },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines = createInterface({ input: child.stdout! });
    const nextLine = (prefix: string) =>
      new Promise<string>((resolve, reject) => {
        lines.on('line', (line) => line.startsWith(prefix) && resolve(line));
        child?.once('exit', (code) => reject(new Error(`stuck worker exited with ${code}`)));
      });
    await nextLine('READY');

    const scanning = nextLine('SCANNING ');
    const uploading = upload(app, { content: createSampleDocument('jpeg'), filename: 'gcse.jpg' });
    const fileId = (await scanning).slice('SCANNING '.length);
    child.kill('SIGKILL');

    // Mid-scan: the record waits in quarantine with its blob.
    const [row] = await app.db.select().from(files).where(eq(files.fileId, fileId));
    expect(row?.status).toBe('quarantined');
    expect(blobsOnDisk(env.filesDir).quarantine).toContain(fileId);

    // A second worker takes the stalled job over once the dead worker's lock expires.
    second = createScanWorker({ config, repository: app.filesRepository, blobs: app.blobs, scanner: scannerFromConfig(config), log: app.log });
    const res = await uploading;
    expect(res.statusCode).toBe(200);
    const { token } = uploadResponseSchema.parse(res.json());
    const [done] = await app.db.select().from(files).where(eq(files.fileId, fileId));
    expect(done).toMatchObject({ status: 'clean', fileToken: token });
    expect(blobsOnDisk(env.filesDir).clean).toContain(fileId);
  }, 60_000);
});
