import { writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { uploadResponseSchema } from '@clearing-desk/contracts';
import { createSampleDocument } from '@clearing-desk/contracts/testing';
import { eq } from 'drizzle-orm';
import { files } from '../db/schema';
import { blobsOnDisk, buildTestApp, createFilesTestEnv, requireClamd, upload, type FilesTestApp, type FilesTestEnv } from '../testing/files-test-kit';
import { sweepQuarantine } from './quarantine-sweeper';

let env: FilesTestEnv;
let app: FilesTestApp;

beforeAll(async () => {
  await requireClamd();
  env = await createFilesTestEnv('sweeper');
  app = await buildTestApp(env.config());
}, 60_000);

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
});

describe('sweepQuarantine', () => {
  it('deletes unclaimed uploads and orphan blobs past the TTL, keeps claimed files and recent ones', async () => {
    const token = async () => uploadResponseSchema.parse((await upload(app, { content: createSampleDocument('pdf') })).json()).token;
    const [claimed, unclaimed] = [await token(), await token()];
    await app.filesRepository.claim({ tokens: [claimed], owner: 'submission-kept' });
    const orphan = randomUUID();
    writeFileSync(path.join(env.filesDir, 'quarantine', orphan), 'left by a crash');

    // Nothing is old enough yet.
    expect(await sweepQuarantine(app.filesRepository, app.blobs, 60_000)).toBe(0);

    const later = new Date(Date.now() + 120_000);
    expect(await sweepQuarantine(app.filesRepository, app.blobs, 60_000, later)).toBe(2);
    const left = await app.db.select().from(files);
    expect(left.map((r) => r.fileToken)).toEqual([claimed]);
    expect(await app.db.select().from(files).where(eq(files.fileToken, unclaimed))).toEqual([]);
    const disk = blobsOnDisk(env.filesDir);
    expect(disk.quarantine).toEqual([]);
    expect(disk.clean).toEqual([left[0]?.fileId]);
  });
});
