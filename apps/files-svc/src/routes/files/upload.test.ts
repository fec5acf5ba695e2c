import { FILES_SVC, LIMITS, uploadResponseSchema } from '@clearing-desk/contracts';
import { createEicarTestFile, createElfExecutable, createSampleDocument, createWindowsExecutable } from '@clearing-desk/contracts/testing';
import { endpointRequest, internalHeaders, metricValue } from '@clearing-desk/service-kit/testing';
import { eq } from 'drizzle-orm';
import { files } from '../../db/schema';
import {
  blobsOnDisk,
  buildTestApp,
  createFilesTestEnv,
  multipart,
  requireClamd,
  upload,
  type FilesTestApp,
  type FilesTestEnv,
} from '../../testing/files-test-kit';

let env: FilesTestEnv;
let app: FilesTestApp;

/** Spec section 5's file-type message for the upload's field 'document', word for word. */
const SPEC_UNSUPPORTED_TYPE = "'document' allowed file formats: PDF, PNG, BMP, JPEG, JPG, DOC, DOCX.";

beforeAll(async () => {
  await requireClamd();
  env = await createFilesTestEnv('upload');
  app = await buildTestApp(env.config());
}, 60_000);

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
});

const rows = () => app.db.select().from(files);
const rowByToken = async (token: string) => (await app.db.select().from(files).where(eq(files.fileToken, token)))[0];

/** Nothing new on disk or in the database since `before`. */
async function expectNothingStoredSince(before: { rows: number; blobs: number }) {
  const disk = blobsOnDisk(env.filesDir);
  expect(disk.quarantine).toEqual([]);
  expect((await rows()).length).toBe(before.rows);
  expect(disk.clean.length).toBe(before.blobs);
}
const snapshot = async () => ({ rows: (await rows()).length, blobs: blobsOnDisk(env.filesDir).clean.length });

describe(`POST ${FILES_SVC.upload.path} (gateway: POST /api/file/upload)`, () => {
  it('answers a token for a clean PDF, stores it as clean under a generated name and keeps the display name', async () => {
    const content = createSampleDocument('pdf');
    const res = await upload(app, { content, filename: '../../etc/My A-level results.pdf', documentType: 'ALEVELS' });
    expect(res.statusCode).toBe(200);
    const { token } = uploadResponseSchema.parse(res.json());
    const row = await rowByToken(token);
    expect(row).toMatchObject({
      status: 'clean',
      fileType: 'application/pdf',
      fileName: 'My A-level results.pdf',
      fileSize: content.length,
      documentType: 'ALEVELS',
      owner: null,
    });
    expect(blobsOnDisk(env.filesDir).clean).toContain(row?.fileId);
    expect(blobsOnDisk(env.filesDir).quarantine).not.toContain(row?.fileId);
  });

  it('accepts a JPEG and every other accepted format, judged by content, named with its extension', async () => {
    for (const [kind, fileName] of [
      ['jpeg', 'scan.jpg'],
      ['png', 'scan.png'],
      ['bmp', 'scan.bmp'],
      ['doc', 'scan.doc'],
      ['docx', 'scan.docx'],
    ] as const) {
      const res = await upload(app, { content: createSampleDocument(kind), filename: 'scan.bin', contentType: 'application/octet-stream' });
      expect({ kind, status: res.statusCode }).toEqual({ kind, status: 200 });
      const row = await rowByToken(uploadResponseSchema.parse(res.json()).token);
      expect(row).toMatchObject({ status: 'clean', fileName });
    }
  }, 30_000);

  it('refuses the EICAR test file with file_virus and stores nothing', async () => {
    const before = await snapshot();
    const res = await upload(app, { content: createEicarTestFile(), filename: 'results.pdf' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'file_virus' });
    await expectNothingStoredSince(before);
  });

  it('refuses a DOCX carrying the EICAR file with file_virus: blob deleted, record kept as infected with the signature', async () => {
    const infected = createSampleDocument('docx', { attachment: createEicarTestFile() });
    const before = await snapshot();
    const res = await upload(app, { content: infected, filename: 'english.docx', documentType: 'ENGLISHTEST' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'file_virus' });
    const all = await rows();
    expect(all.length).toBe(before.rows + 1);
    const record = all.find((r) => r.status === 'infected');
    expect(record).toMatchObject({ documentType: 'ENGLISHTEST', fileName: 'english.docx', owner: null });
    expect(record?.signature).toMatch(/Eicar-Test-Signature/);
    expect(blobsOnDisk(env.filesDir).quarantine).toEqual([]);
    expect(blobsOnDisk(env.filesDir).clean).not.toContain(record?.fileId);
  });

  it('reports each scan’s time by outcome, the queue wait and the queue depth as metrics', async () => {
    const value = async (name: string, labels: Record<string, string> = {}) =>
      metricValue(await app.metricsRegistry.metrics(), name, { app: 'files-svc', ...labels });
    const before = {
      clean: (await value('files_scan_duration_seconds_count', { outcome: 'clean' })) ?? 0,
      infected: (await value('files_scan_duration_seconds_count', { outcome: 'infected' })) ?? 0,
      waits: (await value('files_scan_queue_wait_seconds_count')) ?? 0,
    };
    expect((await upload(app, { content: createSampleDocument('pdf') })).statusCode).toBe(200);
    expect((await upload(app, { content: createEicarTestFile(), filename: 'results.pdf' })).statusCode).toBe(422);
    // The verdict is applied before the upload answers, so the scans are counted by now.
    expect(await value('files_scan_duration_seconds_count', { outcome: 'clean' })).toBe(before.clean + 1);
    expect(await value('files_scan_duration_seconds_count', { outcome: 'infected' })).toBe(before.infected + 1);
    expect(await value('files_scan_queue_wait_seconds_count')).toBe(before.waits + 2);
    expect(await value('files_scan_duration_seconds_bucket', { le: '10', outcome: 'clean' })).toBe(before.clean + 1);
    for (const state of ['waiting', 'active', 'delayed', 'failed']) expect([state, await value('files_scan_queue_jobs', { state })]).toEqual([state, 0]);
    expect(await value('http_request_duration_seconds_count', { method: 'POST', route: FILES_SVC.upload.path, status_code: '422' })).toBeGreaterThanOrEqual(1);
  });

  it('refuses an executable renamed .pdf (ELF and MZ) with 415 and stores nothing', async () => {
    const before = await snapshot();
    for (const content of [createElfExecutable(), createWindowsExecutable()]) {
      const res = await upload(app, { content, filename: 'transcript.pdf', contentType: 'application/pdf' });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ message: SPEC_UNSUPPORTED_TYPE });
    }
    await expectNothingStoredSince(before);
  });

  it('refuses a file of 5 MB + 1 byte with 413 and accepts one of exactly 5 MB', async () => {
    const before = await snapshot();
    const tooBig = createSampleDocument('pdf', { minBytes: LIMITS.FILE_MAX_BYTES + 1 }).subarray(0, LIMITS.FILE_MAX_BYTES + 1);
    expect(tooBig.length).toBe(5_242_881);
    const res = await upload(app, { content: tooBig });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: "'document' max size is 5 MB." });
    await expectNothingStoredSince(before);

    const exact = createSampleDocument('pdf', { minBytes: LIMITS.FILE_MAX_BYTES });
    const padded = exact.length === LIMITS.FILE_MAX_BYTES ? exact : exact.subarray(0, LIMITS.FILE_MAX_BYTES);
    const ok = await upload(app, { content: padded });
    expect(ok.statusCode).toBe(200);
  }, 30_000);

  it('refuses an unknown document_type with 400 naming the allowed types, and stores nothing', async () => {
    const before = await snapshot();
    for (const documentType of ['PASSPORT', '', 'alevels']) {
      const res = await upload(app, { content: createSampleDocument('pdf'), documentType });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'document_type: must be one of ALEVELS, ENGLISHTEST, GCSE2, GCSE5, OTHER' });
    }
    await expectNothingStoredSince(before);
  });

  it('refuses a missing file, a second file and a non-multipart body with a clear 4xx', async () => {
    const before = await snapshot();
    const send = (body: ReturnType<typeof multipart>) =>
      app.inject({ ...endpointRequest(FILES_SVC.upload), headers: internalHeaders(body.headers), payload: body.payload });
    const none = await send(multipart([{ name: 'document_type', value: 'OTHER' }]));
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: "'document' is required." });

    const pdf = createSampleDocument('pdf');
    const two = await send(
      multipart([
        { name: 'document_type', value: 'OTHER' },
        { name: 'document', filename: 'a.pdf', content: pdf },
        { name: 'document', filename: 'b.pdf', content: pdf },
      ]),
    );
    expect(two.statusCode).toBe(400);
    expect(two.json()).toEqual({ message: "Only one file, in the 'document' field, may be uploaded at a time." });

    const otherField = await send(
      multipart([
        { name: 'document_type', value: 'OTHER' },
        { name: 'attachment', filename: 'a.pdf', content: pdf },
      ]),
    );
    expect(otherField.statusCode).toBe(400);

    const json = await app.inject({ ...endpointRequest(FILES_SVC.upload, { body: { document: 'x' } }), headers: internalHeaders() });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ message: 'The upload must be sent as multipart/form-data.' });
    await expectNothingStoredSince(before);
  });

  it('answers 400, not 500, for a multipart body cut short', async () => {
    const before = await snapshot();
    const body = multipart([
      { name: 'document_type', value: 'OTHER' },
      { name: 'document', filename: 'a.pdf', content: createSampleDocument('pdf', { minBytes: 10_000 }) },
    ]);
    const res = await app.inject({ ...endpointRequest(FILES_SVC.upload), headers: internalHeaders(body.headers), payload: body.payload.subarray(0, 5000) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/could not be read/);
    await expectNothingStoredSince(before);
  });

  it('refuses callers without the internal token', async () => {
    const body = multipart([{ name: 'document_type', value: 'OTHER' }]);
    const res = await app.inject({ ...endpointRequest(FILES_SVC.upload), headers: body.headers, payload: body.payload });
    expect(res.statusCode).toBe(401);
  });

  it('gives every upload its own unguessable token', async () => {
    const tokens = await Promise.all(
      Array.from({ length: 8 }, async () => uploadResponseSchema.parse((await upload(app, { content: createSampleDocument('png') })).json()).token),
    );
    expect(new Set(tokens).size).toBe(8);
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
  }, 30_000);
});
