import { errorResponseSchema, LIMITS, uploadResponseSchema, XSRF_HEADER, apiRouteLabel, apiPath } from '@clearing-desk/contracts';
import { createEicarTestFile, createElfExecutable, createSampleDocument } from '@clearing-desk/contracts/testing';
import type { Stack } from '@clearing-desk/stack';
import { startTestStack } from '../../testing/stack-client';

/** Spec section 5's file-type and file-size messages, word for word, for the upload's field 'document' (spec section 7). */
const SPEC_UNSUPPORTED_TYPE = "'document' allowed file formats: PDF, PNG, BMP, JPEG, JPG, DOC, DOCX.";
const SPEC_TOO_LARGE = "'document' max size is 5 MB.";

let stack: Stack;
let session: { cookie: string; token: string };

/** GET /api/ping as the browser does: collects the XSRF-TOKEN cookie and its secret. */
async function browserSession(gatewayUrl: string) {
  const res = await fetch(`${gatewayUrl}${apiPath('ping')}`);
  const pairs = res.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
  const token = pairs.find((p) => p.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length);
  if (!token) throw new Error('no XSRF-TOKEN cookie');
  return { cookie: pairs.join('; '), token: decodeURIComponent(token) };
}

beforeAll(async () => {
  stack = await startTestStack({ services: ['applications', 'files'] });
  session = await browserSession(stack.gatewayUrl);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

type Upload = { content: Uint8Array; filename?: string; documentType?: string; token?: string | null; cookie?: string };

/** POST /api/file/upload as the web app sends it: multipart FormData, XSRF token in a header. */
async function uploadThroughGateway({ content, filename = 'evidence.pdf', documentType = 'ALEVELS', token = session.token, cookie = session.cookie }: Upload) {
  const form = new FormData();
  form.append('document_type', documentType);
  form.append('document', new Blob([content]), filename);
  const headers: Record<string, string> = { cookie };
  if (token !== null) headers[XSRF_HEADER] = token;
  const res = await fetch(`${stack.gatewayUrl}${apiPath('fileUpload')}`, { method: 'POST', headers, body: form });
  return { status: res.status, body: (await res.json()) as unknown };
}

describe(apiRouteLabel('fileUpload'), () => {
  it('answers a token for a clean PDF and a clean JPEG', async () => {
    for (const kind of ['pdf', 'jpeg'] as const) {
      const res = await uploadThroughGateway({ content: createSampleDocument(kind), filename: `results.${kind}` });
      expect(res.status).toBe(200);
      expect(uploadResponseSchema.parse(res.body).token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });

  it('answers 422 file_virus for the EICAR test file', async () => {
    const res = await uploadThroughGateway({ content: createEicarTestFile(), filename: 'results.pdf' });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: 'file_virus' });
  });

  it('answers 415 for an executable renamed .pdf, 400 for an unknown document_type', async () => {
    const exe = await uploadThroughGateway({ content: createElfExecutable(), filename: 'results.pdf' });
    expect(exe.status).toBe(415);
    expect(exe.body).toEqual({ message: SPEC_UNSUPPORTED_TYPE });
    const type = await uploadThroughGateway({ content: createSampleDocument('pdf'), documentType: 'PASSPORT' });
    expect(type.status).toBe(400);
    errorResponseSchema.parse(type.body);
  });

  it('answers 413 for 5 MB + 1 byte (files-svc) and for a far larger body (gateway, before forwarding)', async () => {
    const justOver = createSampleDocument('pdf', { minBytes: LIMITS.FILE_MAX_BYTES + 1 }).subarray(0, LIMITS.FILE_MAX_BYTES + 1);
    const over = await uploadThroughGateway({ content: justOver });
    expect(over.status).toBe(413);
    expect(over.body).toEqual({ message: SPEC_TOO_LARGE });
    const huge = await uploadThroughGateway({ content: new Uint8Array(LIMITS.FILE_MAX_BYTES * 2) });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ message: SPEC_TOO_LARGE });
  }, 30_000);

  it('answers 403 without the XSRF header, with a wrong one, or without the cookies', async () => {
    const pdf = createSampleDocument('pdf');
    for (const attempt of [{ token: null }, { token: 'not-the-token' }, { cookie: '' }]) {
      const res = await uploadThroughGateway({ content: pdf, ...attempt });
      expect(res.status).toBe(403);
      errorResponseSchema.parse(res.body);
    }
  });

  it('answers 403 to a multipart upload without the x-xsrf-token header, even with the token as a form field', async () => {
    const form = new FormData();
    form.append('token', session.token);
    form.append('document_type', 'ALEVELS');
    form.append('document', new Blob([createSampleDocument('pdf')]), 'results.pdf');
    const res = await fetch(`${stack.gatewayUrl}${apiPath('fileUpload')}`, { method: 'POST', headers: { cookie: session.cookie }, body: form });
    expect(res.status).toBe(403);
    errorResponseSchema.parse(await res.json());
  });

  it('answers 415 for a body that is not multipart', async () => {
    const res = await fetch(`${stack.gatewayUrl}${apiPath('fileUpload')}`, {
      method: 'POST',
      headers: { cookie: session.cookie, 'content-type': 'application/json', [XSRF_HEADER]: session.token },
      body: JSON.stringify({ data: {}, token: session.token }),
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ message: 'The upload must be sent as multipart/form-data.' });
  });
});
