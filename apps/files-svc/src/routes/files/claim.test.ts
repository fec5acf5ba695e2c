import { FILES_SVC, fileListResponseSchema, uploadResponseSchema, type AcceptedFileKind } from '@clearing-desk/contracts';
import { createSampleDocument } from '@clearing-desk/contracts/testing';
import { endpointRequest, internalHeaders } from '@clearing-desk/service-kit/testing';
import { eq } from 'drizzle-orm';
import { files } from '../../db/schema';
import { buildTestApp, createFilesTestEnv, requireClamd, upload, type FilesTestApp, type FilesTestEnv } from '../../testing/files-test-kit';

let env: FilesTestEnv;
let app: FilesTestApp;

beforeAll(async () => {
  await requireClamd();
  env = await createFilesTestEnv('claim');
  app = await buildTestApp(env.config());
}, 60_000);

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
});

async function cleanToken(kind: AcceptedFileKind = 'pdf', filename = 'evidence.pdf', documentType = 'ALEVELS'): Promise<string> {
  const res = await upload(app, { content: createSampleDocument(kind), filename, documentType });
  expect(res.statusCode).toBe(200);
  return uploadResponseSchema.parse(res.json()).token;
}

const claim = (tokens: string[], owner: string) => app.inject({ ...endpointRequest(FILES_SVC.claim, { body: { tokens, owner } }), headers: internalHeaders() });
/** GET of a file's bytes; `fileId` is URL-encoded into its one segment. */
const contentOf = (fileId: string | undefined, owner: string) => endpointRequest(FILES_SVC.content, { params: { fileId: String(fileId) }, query: { owner } });
const list = (owner: string) => app.inject({ ...endpointRequest(FILES_SVC.list, { query: { owner } }), headers: internalHeaders() });

describe(`POST ${FILES_SVC.claim.path}`, () => {
  it('binds clean uploads to a submission and answers their metadata (never a path)', async () => {
    const a = await cleanToken('pdf', 'a-levels.pdf');
    const b = await cleanToken('jpeg', 'gcse.jpg', 'GCSE5');
    const res = await claim([a, b], 'submission-1');
    expect(res.statusCode).toBe(200);
    const { files: bound } = fileListResponseSchema.parse(res.json());
    expect(bound.map((f) => [f.file_token, f.owner, f.status])).toEqual([
      [a, 'submission-1', 'clean'],
      [b, 'submission-1', 'clean'],
    ]);
    expect(bound[1]).toMatchObject({ file_type: 'image/jpeg', file_name: 'gcse.jpg', document_type: 'GCSE5' });
    expect(JSON.stringify(res.json())).not.toMatch(/quarantine|clean\/|\.data|\/tmp/);
  });

  it('is idempotent for the same owner', async () => {
    const token = await cleanToken();
    expect((await claim([token], 'submission-2')).statusCode).toBe(200);
    const again = await claim([token, token], 'submission-2');
    expect(again.statusCode).toBe(200);
    expect(fileListResponseSchema.parse(again.json()).files).toHaveLength(1);
  });

  it('answers 409 when another owner reuses a token, and binds none of the batch', async () => {
    const taken = await cleanToken();
    const fresh = await cleanToken();
    expect((await claim([taken], 'submission-3')).statusCode).toBe(200);
    const res = await claim([fresh, taken], 'submission-4');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'tokens.1: the file belongs to another application', code: 'FILE_ALREADY_CLAIMED', index: 1 });
    const [row] = await app.db.select().from(files).where(eq(files.fileToken, fresh));
    expect(row?.owner).toBeNull(); // all or nothing
  });

  it('answers 409 for an unknown token and for a file that is not clean', async () => {
    const unknown = await claim(['A'.repeat(43)], 'submission-5');
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json()).toEqual({ message: 'tokens.0: unknown file token', code: 'FILE_NOT_FOUND', index: 0 });

    const token = await cleanToken();
    await app.db.update(files).set({ status: 'quarantined' }).where(eq(files.fileToken, token));
    const quarantined = await claim([token], 'submission-5');
    expect(quarantined.statusCode).toBe(409);
    expect(quarantined.json()).toEqual({ message: 'tokens.0: the file is not available (quarantined)', code: 'FILE_NOT_CLEAN', index: 0 });
  });

  it('answers 400 for a malformed body', async () => {
    for (const payload of [{ tokens: [], owner: 'x' }, { tokens: ['short'], owner: 'x' }, { tokens: ['A'.repeat(43)], owner: '' }, {}]) {
      const res = await app.inject({ ...endpointRequest(FILES_SVC.claim, { body: payload }), headers: internalHeaders() });
      expect(res.statusCode).toBe(400);
    }
  });

  it('lets exactly one of two concurrent claims for the same token win', async () => {
    const token = await cleanToken();
    const results = await Promise.all([claim([token], 'racer-a'), claim([token], 'racer-b')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe(`POST ${FILES_SVC.release.path}`, () => {
  const release = (owner: string) => app.inject({ ...endpointRequest(FILES_SVC.release, { body: { owner } }), headers: internalHeaders() });

  it("unbinds the owner's files only, so another submission may claim them and the sweeper finds them unclaimed", async () => {
    const mine = await cleanToken('pdf', 'mine.pdf');
    const theirs = await cleanToken('pdf', 'theirs.pdf');
    await claim([mine], 'refused-submission');
    await claim([theirs], 'stored-submission');
    const res = await release('refused-submission');
    expect(res.statusCode).toBe(200);
    expect(fileListResponseSchema.parse(res.json()).files.map((f) => [f.file_token, f.owner])).toEqual([[mine, null]]);
    expect(fileListResponseSchema.parse((await list('refused-submission')).json()).files).toEqual([]);
    expect(fileListResponseSchema.parse((await list('stored-submission')).json()).files).toHaveLength(1);
    const [row] = await app.db.select().from(files).where(eq(files.fileToken, mine));
    expect(row).toMatchObject({ owner: null, claimedAt: null, status: 'clean' });
    expect((await claim([mine], 'retried-submission')).statusCode).toBe(200);
  });

  it('answers an empty list for an owner without files, and 400 for a malformed owner', async () => {
    expect(fileListResponseSchema.parse((await release('nobody-at-all')).json()).files).toEqual([]);
    expect((await release('')).statusCode).toBe(400);
  });
});

describe(`GET ${FILES_SVC.list.path}?owner=`, () => {
  it("lists the owner's files only, oldest first", async () => {
    const first = await cleanToken('pdf', 'one.pdf');
    const second = await cleanToken('png', 'two.png');
    await claim([second, first], 'submission-list');
    await claim([await cleanToken()], 'someone-else');
    const res = await list('submission-list');
    expect(res.statusCode).toBe(200);
    const body = fileListResponseSchema.parse(res.json());
    expect(body.files.map((f) => f.file_name)).toEqual(['one.pdf', 'two.png']);
    expect(fileListResponseSchema.parse((await list('nobody')).json()).files).toEqual([]);
    expect((await app.inject({ ...endpointRequest(FILES_SVC.list), headers: internalHeaders() })).statusCode).toBe(400);
  });
});

describe(`GET ${FILES_SVC.content.path}?owner=`, () => {
  it('answers the bytes with the content type and a safe attachment disposition', async () => {
    const content = createSampleDocument('jpeg');
    const res = await upload(app, { content, filename: 'Résultats <2025>.jpg', documentType: 'OTHER' });
    const token = uploadResponseSchema.parse(res.json()).token;
    const [meta] = fileListResponseSchema.parse((await claim([token], 'submission-content')).json()).files;
    const got = await app.inject({ ...contentOf(meta?.file_id, 'submission-content'), headers: internalHeaders() });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect(got.headers['content-disposition']).toBe(`attachment; filename="R_sultats _2025_.jpg"; filename*=UTF-8''R%C3%A9sultats%20_2025_.jpg`);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['cache-control']).toBe('private, no-store');
    expect(got.rawPayload.equals(Buffer.from(content))).toBe(true);
  });

  it('stores and serves a PDF that is also HTML as a .pdf attachment, whatever its name said', async () => {
    // A polyglot: a valid PDF to a PDF reader, a page with a script to a browser that sniffs it.
    const pdf = Buffer.from(createSampleDocument('pdf')).toString('latin1');
    const polyglot = Buffer.from(pdf.replace('%PDF-1.4\n', '%PDF-1.4\n%<html><body><script>alert(document.cookie)</script></body></html>\n'), 'latin1');
    const res = await upload(app, { content: polyglot, filename: 'results.html', contentType: 'text/html', documentType: 'OTHER' });
    expect(res.statusCode).toBe(200);
    const token = uploadResponseSchema.parse(res.json()).token;
    const [meta] = fileListResponseSchema.parse((await claim([token], 'submission-polyglot')).json()).files;
    expect(meta).toMatchObject({ file_name: 'results.pdf', file_type: 'application/pdf' });
    const got = await app.inject({ ...contentOf(meta?.file_id, 'submission-polyglot'), headers: internalHeaders() });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toBe(`attachment; filename="results.pdf"; filename*=UTF-8''results.pdf`);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('answers 404 to another owner, for an unclaimed file and for an unknown id; 400 for a malformed id', async () => {
    const token = await cleanToken();
    const [meta] = fileListResponseSchema.parse((await claim([token], 'owner-x')).json()).files;
    const get = (fileId: string | undefined, owner: string) => app.inject({ ...contentOf(fileId, owner), headers: internalHeaders() });
    expect((await get(meta?.file_id, 'owner-y')).statusCode).toBe(404);
    const unclaimed = await cleanToken();
    const [row] = await app.db.select().from(files).where(eq(files.fileToken, unclaimed));
    expect((await get(row?.fileId, 'owner-x')).statusCode).toBe(404);
    expect((await get('00000000-0000-4000-8000-000000000000', 'owner-x')).statusCode).toBe(404);
    expect((await get('../../etc/passwd', 'owner-x')).statusCode).toBe(400);
  });
});
