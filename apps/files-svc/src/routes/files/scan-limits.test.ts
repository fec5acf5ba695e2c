import { FILES_SVC, LIMITS, uploadResponseSchema } from '@clearing-desk/contracts';
import { createSampleDocument } from '@clearing-desk/contracts/testing';
import { files } from '../../db/schema';
import { blobsOnDisk, buildTestApp, createFilesTestEnv, upload, type FilesTestApp, type FilesTestEnv } from '../../testing/files-test-kit';
import { startPrivateClamd, type PrivateClamd } from '../../testing/private-clamd';
import { createManyEntriesDocx, createZipBombDocx } from '../../testing/zip-bomb';

/**
 * The archive and size limits of the shipped clamd configuration
 * (tools/clamav/clamd.conf: MaxScanSize, MaxFileSize, MaxRecursion, MaxFiles, AlertExceedsMax).
 * A file beyond them is refused as file_virus (spec section 8's virus text), never stored as clean.
 */
let clamd: PrivateClamd;
let env: FilesTestEnv;
let app: FilesTestApp;

beforeAll(async () => {
  clamd = await startPrivateClamd();
  env = await createFilesTestEnv('limits');
  // Scans of a 2 GiB bomb stop at MaxScanSize; a busy machine still needs a few seconds.
  app = await buildTestApp(env.config({ CLAMAV_SOCKET: clamd.socket, CLAMAV_PORT: '0', SCAN_TIMEOUT_MS: '60000' }));
}, 60_000);

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
  await clamd?.stop();
});

const rows = () => app.db.select().from(files);

describe(`POST ${FILES_SVC.upload.path} with the shipped clamd limits`, () => {
  it('refuses a DOCX that unpacks to 2 GiB (a zip bomb of 2 MB) with file_virus, and keeps no blob', async () => {
    const bomb = await createZipBombDocx(2048);
    expect(bomb.length).toBeLessThan(LIMITS.FILE_MAX_BYTES);
    const res = await upload(app, { content: bomb, filename: 'results.docx', documentType: 'ALEVELS' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'file_virus' });
    const record = (await rows()).find((r) => r.fileName === 'results.docx');
    expect(record).toMatchObject({ status: 'infected', signature: expect.stringMatching(/^Heuristics\.Limits\.Exceeded\.MaxScanSize/) });
    expect(blobsOnDisk(env.filesDir)).toEqual({ quarantine: [], clean: [] });
  }, 90_000);

  it('refuses a DOCX of more entries than MaxFiles with file_virus', async () => {
    const res = await upload(app, { content: createManyEntriesDocx(1_100), filename: 'many.docx', documentType: 'ALEVELS' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'file_virus' });
    expect((await rows()).find((r) => r.fileName === 'many.docx')).toMatchObject({
      status: 'infected',
      signature: expect.stringMatching(/^Heuristics\.Limits\.Exceeded\.MaxFiles/),
    });
  }, 60_000);

  it('still accepts a legitimate DOCX of the full 5 MB', async () => {
    const content = createSampleDocument('docx', { minBytes: LIMITS.FILE_MAX_BYTES - 1024 });
    const res = await upload(app, { content, filename: 'portfolio.docx', documentType: 'OTHER' });
    expect(res.statusCode).toBe(200);
    const { token } = uploadResponseSchema.parse(res.json());
    expect((await rows()).find((r) => r.fileToken === token)).toMatchObject({ status: 'clean', fileName: 'portfolio.docx' });
  }, 60_000);
});
