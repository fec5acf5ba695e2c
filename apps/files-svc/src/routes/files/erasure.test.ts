import { DEFAULT_RETENTION_SCHEDULE, FILES_SVC, fileListResponseSchema, retentionPartSchema, uploadResponseSchema } from '@clearing-desk/contracts';
import { createSampleDocument } from '@clearing-desk/contracts/testing';
import { endpointRequest, internalHeaders } from '@clearing-desk/service-kit/testing';
import { blobsOnDisk, buildTestApp, createFilesTestEnv, requireClamd, upload, type FilesTestApp, type FilesTestEnv } from '../../testing/files-test-kit';

/** files-svc's part of erasure and of the retention job: rows and stored files deleted. */
let env: FilesTestEnv;
let app: FilesTestApp;

beforeAll(async () => {
  await requireClamd();
  env = await createFilesTestEnv('erasure');
  app = await buildTestApp(env.config());
}, 60_000);

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
});

/** Uploads a clean PDF and binds it to `owner`; answers its file id. */
async function uploaded(owner: string): Promise<string> {
  const res = await upload(app, { content: createSampleDocument('pdf'), filename: `${owner}.pdf` });
  const { token } = uploadResponseSchema.parse(res.json());
  const claimed = await app.inject({ ...endpointRequest(FILES_SVC.claim, { body: { tokens: [token], owner } }), headers: internalHeaders() });
  return fileListResponseSchema.parse(claimed.json()).files[0]!.file_id;
}
const list = async (owner: string) =>
  fileListResponseSchema.parse((await app.inject({ ...endpointRequest(FILES_SVC.list, { query: { owner } }), headers: internalHeaders() })).json()).files;
const post = (e: typeof FILES_SVC.erasure | typeof FILES_SVC.retention, body: unknown) =>
  app.inject({ ...endpointRequest(e), headers: internalHeaders(), payload: body as object });

describe('erasure and retention in files-svc', () => {
  it("deletes the person's uploads with their stored files, leaves others', and is safe to repeat", async () => {
    const erased = await uploaded('submission-erase');
    const kept = await uploaded('submission-keep');
    expect(blobsOnDisk(env.filesDir).clean).toEqual(expect.arrayContaining([erased, kept]));

    const res = await post(FILES_SVC.erasure, { applicationIds: ['1'], submissionIds: ['submission-erase'] });
    expect(res.json()).toEqual({ rows: 1 });
    expect(await list('submission-erase')).toEqual([]);
    expect(blobsOnDisk(env.filesDir).clean).not.toContain(erased);
    expect((await list('submission-keep')).map((f) => f.file_id)).toEqual([kept]);
    expect((await post(FILES_SVC.erasure, { applicationIds: ['1'], submissionIds: ['submission-erase'] })).json()).toEqual({ rows: 0 });

    // Retention: within six months nothing goes; past them the upload and its file are deleted.
    const now = new Date();
    expect(retentionPartSchema.parse((await post(FILES_SVC.retention, { schedule: DEFAULT_RETENTION_SCHEDULE, now: now.toISOString() })).json())).toEqual({
      counts: { 'files.deleted': 0 },
    });
    const later = new Date(now);
    later.setUTCMonth(later.getUTCMonth() + 7);
    const run = retentionPartSchema.parse((await post(FILES_SVC.retention, { schedule: DEFAULT_RETENTION_SCHEDULE, now: later.toISOString() })).json());
    expect(run.counts['files.deleted']).toBeGreaterThanOrEqual(1);
    expect(await list('submission-keep')).toEqual([]);
    expect(blobsOnDisk(env.filesDir).clean).not.toContain(kept);
  });
});
