import { randomUUID } from 'node:crypto';
import {
  apiPath,
  statusPageResponseSchema,
  appliedResponseSchema,
  applyResponseSchema,
  errorResponseSchema,
  type FormDocument,
  uploadResponseSchema,
  apiRouteLabel,
} from '@clearing-desk/contracts';
import { createApplicationForm, createDocumentReference, createSampleDocument } from '@clearing-desk/contracts/testing';
import type { Stack } from '@clearing-desk/stack';
import { StackClient, startTestStack } from '../../testing/stack-client';

/** Spec section 8's duplicate-application message, word for word. */
const SPEC_DUPLICATE =
  'You have already submitted an application for this course. You can only apply once for each course. Please check our list of open courses for alternative options.';

/** Computer Science [G400]: DOCUMENT_TYPES 'ALEVELS,GCSE5' (demo catalogue). */
const COURSE = 'G400';
const FIVE_GCSES = ['English Language', 'Mathematics', 'Physics', 'Chemistry', 'Biology'].map((SUBJECT) => ({
  QUALIFICATION: 'GCSE',
  SUBJECT,
  GRADE: '6',
  YEAR: '2023',
}));

let stack: Stack;
let client: StackClient;

beforeAll(async () => {
  stack = await startTestStack({ services: ['courses', 'applications', 'assessment', 'files'] });
  client = new StackClient(stack.gatewayUrl);
  await client.get(apiPath('ping')); // collects XSRF-TOKEN and _csrf
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

/** Uploads a clean PDF through POST /api/file/upload and answers its token. */
async function uploadPdf(fileName = 'a-level-results.pdf', documentType = 'ALEVELS'): Promise<string> {
  const res = await client.upload(createSampleDocument('pdf'), fileName, documentType);
  expect(res.status).toBe(200);
  return uploadResponseSchema.parse(res.body).token;
}

const document = (token: string, overrides: Partial<FormDocument> = {}): FormDocument =>
  createDocumentReference(token, { file_name: 'a-level-results.pdf', ...overrides });

let people = 0;
/** A G400 submission from a distinct person, with five GCSEs (the Sciences school). */
function submission(overrides: Record<string, unknown> = {}): Record<string, unknown> & { EMAIL: string } {
  people += 1;
  return {
    ...createApplicationForm({ GCSE_QUALIFICATIONS: FIVE_GCSES }),
    EMAIL: `documents.applicant.${people}@example.com`,
    UCAS_PERSONAL_ID: String(7100000000 + people),
    SUBMISSION_ID: randomUUID(),
    ...overrides,
  };
}

const apply = (data: unknown) => client.send('POST', apiPath('apply', { course: COURSE }), data);
const review = async (hash: string) => {
  const res = await client.get(`${apiPath('application', { hash })}?_=${Date.now()}`);
  expect(res.status).toBe(200);
  return statusPageResponseSchema.parse(res.body);
};
const appliedByEmail = async (email: string) =>
  appliedResponseSchema.parse((await client.get(`${apiPath('applied', { ucasCode: COURSE })}?email=${encodeURIComponent(email)}`)).body).rows;

describe(`${apiRouteLabel('apply')} with documents`, () => {
  it('binds an uploaded document to the application; the review page lists it without its token', async () => {
    const token = await uploadPdf();
    const form = submission({ ALEVELS_DOCUMENT_1: document(token) });
    const res = await apply(form);
    expect(res.status).toBe(200);
    const saved = applyResponseSchema.parse(res.body);

    const { documents, applicationData } = await review(saved.hash);
    expect(documents).toEqual([
      {
        file_id: expect.any(String),
        file_type: 'application/pdf',
        file_name: 'a-level-results.pdf',
        file_size: expect.any(Number),
        document_type: 'ALEVELS',
        created_at: expect.any(String),
      },
    ]);
    expect(JSON.stringify(documents)).not.toContain(token);
    expect(applicationData).not.toHaveProperty('ALEVELS_DOCUMENT_1');

    // A retry of the same submission binds again (idempotent) and answers the stored record.
    const again = await apply(form);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
  });

  it("refuses another person's application carrying the same token, naming the document, and stores nothing", async () => {
    const token = await uploadPdf();
    expect((await apply(submission({ ALEVELS_DOCUMENT_1: document(token) }))).status).toBe(200);

    const thief = submission({ ALEVELS_DOCUMENT_2: document(token) });
    const res = await apply(thief);
    expect(res.status).toBe(409);
    expect(errorResponseSchema.parse(res.body)).toEqual({
      message: "'A levels / BTEC / IB document 2' - This document cannot be used for this application. Please remove it and upload it again.",
    });
    expect(await appliedByEmail(thief.EMAIL)).toEqual([]);
  });

  it('answers the duplicate text when the same person sends the same documents again', async () => {
    const token = await uploadPdf();
    const form = submission({ ALEVELS_DOCUMENT_1: document(token) });
    expect((await apply(form)).status).toBe(200);
    const res = await apply({ ...form, SUBMISSION_ID: randomUUID() });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: SPEC_DUPLICATE });
  });

  it('refuses an unknown token (all or nothing: the good document stays unbound for a corrected retry)', async () => {
    const good = await uploadPdf();
    const form = submission({ ALEVELS_DOCUMENT_1: document(good), GCSE5_DOCUMENT_1: document('u'.repeat(43), { document_type: 'GCSE5' }) });
    const res = await apply(form);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      message: "'GCSE document 1' - This document cannot be used for this application. Please remove it and upload it again.",
    });
    expect(await appliedByEmail(form.EMAIL)).toEqual([]);

    const { GCSE5_DOCUMENT_1: _refused, ...corrected } = form;
    const retried = await apply({ ...corrected, SUBMISSION_ID: randomUUID() });
    expect(retried.status).toBe(200);
    expect((await review(applyResponseSchema.parse(retried.body).hash)).documents.map((d) => d.file_name)).toEqual(['a-level-results.pdf']);
  });

  it('answers 400 with the spec section 5 texts for a document that breaks the rules', async () => {
    const token = await uploadPdf();
    const tooBig = await apply(submission({ ALEVELS_DOCUMENT_1: document(token, { file_size: 5_242_881 }) }));
    expect(tooBig.status).toBe(400);
    expect(tooBig.body).toEqual({ message: "'A levels / BTEC / IB document 1' max size is 5 MB." });
    const custom = await apply(
      submission({
        GCSE5_DOCUMENT_2: document('', { document_type: 'GCSE5', custom_error: "'GCSE document 2' - An unexpected error occurred. Please try again." }),
      }),
    );
    expect(custom.status).toBe(400);
    expect(custom.body).toEqual({ message: "'GCSE document 2' - An unexpected error occurred. Please try again." });
  });

  it('ignores documents of categories the course does not take (G400 takes no English test): not bound, not listed', async () => {
    const token = await uploadPdf('ielts.pdf', 'ENGLISHTEST');
    const res = await apply(submission({ ENGLISHTEST_DOCUMENT_1: document(token, { document_type: 'ENGLISHTEST', file_name: 'ielts.pdf' }) }));
    expect(res.status).toBe(200);
    expect((await review(applyResponseSchema.parse(res.body).hash)).documents).toEqual([]);
  });
});

describe(`${apiRouteLabel('apply')}: a replayed key with documents`, () => {
  it("answers 409 to another applicant reusing a stored SUBMISSION_ID: their files are not bound, the first applicant's stay", async () => {
    const first = submission({ ALEVELS_DOCUMENT_1: document(await uploadPdf('mine.pdf'), { file_name: 'mine.pdf' }) });
    const stored = applyResponseSchema.parse((await apply(first)).body);
    const intruder = submission({
      SUBMISSION_ID: first.SUBMISSION_ID,
      ALEVELS_DOCUMENT_1: document(await uploadPdf('theirs.pdf'), { file_name: 'theirs.pdf' }),
    });
    const res = await apply(intruder);
    expect(res.status).toBe(409);
    expect(errorResponseSchema.parse(res.body).message).toBe('This idempotency key (SUBMISSION_ID or Idempotency-Key) was already used for another applicant.');
    expect((await review(stored.hash)).documents.map((d) => d.file_name)).toEqual(['mine.pdf']);
    expect(await appliedByEmail(intruder.EMAIL)).toEqual([]);
  });
});
