import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FILES_SVC, UPLOAD_FILE_FIELD, UPLOAD_TYPE_FIELD } from '@clearing-desk/contracts';
import { TEST_INTERNAL_TOKEN, createTestDatabase, endpointRequest, internalHeaders, type TestDatabase } from '@clearing-desk/service-kit/testing';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { buildApp, type BuildOptions } from '../app';
import { filesConfigSchema, type FilesConfig } from '../config';
import { SCAN_QUEUE_NAME } from '../scanning/scan-queue';

/** clamd as tools/clamav/clamd.conf starts it (tools/scripts/ensure-system.sh). */
export const TEST_CLAMD = { socket: '/run/clamav/clamd.ctl', host: '127.0.0.1', port: 3310 };

/** Sends `command` to clamd and resolves with its answer. */
function askClamd(target: { path: string } | { host: string; port: number }, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(target);
    let answer = '';
    socket.setTimeout(3000, () => socket.destroy(new Error('timed out')));
    socket.on('connect', () => socket.write(`z${command}\0`));
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('end', () => resolve(answer.replace(/\0$/, '')));
    socket.on('error', reject);
  });
}

/**
 * Fails with a clear message when clamd is not answering on both its socket and its TCP port:
 * the tests run against the real ClamAV and must not silently pass without it.
 */
export async function requireClamd(): Promise<void> {
  for (const target of [{ path: TEST_CLAMD.socket }, { host: TEST_CLAMD.host, port: TEST_CLAMD.port }]) {
    const answer = await askClamd(target, 'PING').catch((err: Error) => err.message);
    if (answer !== 'PONG') {
      throw new Error(
        `clamd is not answering on ${JSON.stringify(target)} (${answer}). Start it with: sudo bash tools/scripts/ensure-system.sh (installs clamav clamav-daemon, starts clamd with tools/clamav/clamd.conf)`,
      );
    }
  }
}

export type FilesTestEnv = {
  database: TestDatabase;
  filesDir: string;
  prefix: string;
  config: (overrides?: Record<string, string>) => FilesConfig;
  /**
   * Another BullMQ prefix, cleaned up with the rest. A queue remembers the stalled-check interval
   * of the last worker that checked it, so a test of stalled-job recovery needs a fresh one.
   */
  extraPrefix: (suffix: string) => string;
  /** Removes the database, the blob folder and the queue's Redis keys. */
  cleanup: () => Promise<void>;
};

/** A fresh PostgreSQL database, blob folder and BullMQ prefix for one test file. */
export async function createFilesTestEnv(name: string): Promise<FilesTestEnv> {
  const database = await createTestDatabase(`files_${name}`);
  const filesDir = mkdtempSync(path.join(tmpdir(), `files-${name}-`));
  const prefix = `files-test-${name}-${randomBytes(4).toString('hex')}`;
  const prefixes = [prefix];
  return {
    database,
    filesDir,
    prefix,
    extraPrefix: (suffix) => {
      prefixes.push(`${prefix}-${suffix}`);
      return `${prefix}-${suffix}`;
    },
    config: (overrides = {}) =>
      filesConfigSchema.parse({
        DATABASE_URL: database.url,
        FILES_DIR: filesDir,
        FILES_QUEUE_PREFIX: prefix,
        INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
        LOG_LEVEL: 'silent',
        CLAMAV_SOCKET: TEST_CLAMD.socket,
        CLAMAV_HOST: TEST_CLAMD.host,
        CLAMAV_PORT: String(TEST_CLAMD.port),
        FILES_SCAN_BACKOFF_MS: '100',
        ...overrides,
      }),
    async cleanup() {
      const connection = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
      for (const p of prefixes) {
        const queue = new Queue(SCAN_QUEUE_NAME, { connection, prefix: p });
        await queue.obliterate({ force: true }).catch(() => undefined);
        await queue.close();
      }
      connection.disconnect();
      rmSync(filesDir, { recursive: true, force: true });
      await database.drop();
    },
  };
}

export const buildTestApp = async (config: FilesConfig, options?: BuildOptions) => {
  const app = await buildApp(config, options);
  await app.ready();
  return app;
};
export type FilesTestApp = Awaited<ReturnType<typeof buildTestApp>>;

type Part = { name: string; value: string } | { name: string; filename: string; content: Uint8Array; contentType?: string };

/** A multipart/form-data body as a browser sends it. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----ClearingDeskBoundary${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in p) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      chunks.push(Buffer.from(p.content));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}`));
    }
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export type UploadInput = { content: Uint8Array; filename?: string; documentType?: string; contentType?: string };

/** POST /files with a `document` and a `document_type`, as the gateway forwards it. */
export function upload(app: FilesTestApp, { content, filename = 'evidence.pdf', documentType = 'ALEVELS', contentType = 'application/pdf' }: UploadInput) {
  const body = multipart([
    { name: UPLOAD_TYPE_FIELD, value: documentType },
    { name: UPLOAD_FILE_FIELD, filename, content, contentType },
  ]);
  return app.inject({ ...endpointRequest(FILES_SVC.upload), headers: internalHeaders(body.headers), payload: body.payload });
}

/** Blob names in FILES_DIR's quarantine/ and clean/ folders. */
export function blobsOnDisk(filesDir: string): { quarantine: string[]; clean: string[] } {
  const list = (area: string) => {
    try {
      return readdirSync(path.join(filesDir, area));
    } catch {
      return [];
    }
  };
  return { quarantine: list('quarantine'), clean: list('clean') };
}
