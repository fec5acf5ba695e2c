import { randomUUID } from 'node:crypto';
import { apiPath, applyResponseSchema, type Assessment, uploadResponseSchema } from '@clearing-desk/contracts';
import { createApplicationForm, createSampleDocument, A_STAR_A_B_A_LEVELS } from '@clearing-desk/contracts/testing';
import type { Stack } from '@clearing-desk/stack';
import type { FastifyInstance } from 'fastify';
import { StackClient, startTestStack } from '../testing/stack-client';
import { createSubmitPipeline } from './submit-pipeline';

/** Spec section 8's duplicate-application message, word for word. */
const SPEC_DUPLICATE =
  'You have already submitted an application for this course. You can only apply once for each course. Please check our list of open courses for alternative options.';

const COURSE = 'G400'; // demo catalogue: DOCUMENT_TYPES 'ALEVELS,GCSE5', automatic offers
const FIVE_GCSES = ['English Language', 'Mathematics', 'Physics', 'Chemistry', 'Biology'].map((SUBJECT) => ({
  QUALIFICATION: 'GCSE',
  SUBJECT,
  GRADE: '6',
  YEAR: '2023',
}));

describe('staffDecision', () => {
  // staffDecision uses nothing of the app: a bare object stands in for it.
  const pipeline = createSubmitPipeline({} as FastifyInstance);
  const red: Assessment = {
    UCAS_POINTS_TOTAL: 40,
    UCAS_POINTS_EFFECTIVE: 40,
    TRAFFIC_LIGHT: 'R',
    OVER18: 1,
    SUBMISSION_OPTIONS: { BUTTONS: [{ STATUS: 'X', LABEL: 'Reject' }] },
    EXPLANATION: [
      { STATUS: 'R', MESSAGE: 'Effective UCAS points 40 are below the accepted tariff of 112.' },
      { STATUS: 'A', MESSAGE: 'Please send evidence of English.' },
    ],
    ALTERNATE: [{ COURSE: 'G401', SCHOOL: 'SCI', EXTENSION: '7001' }],
  };
  const candidates = [{ UCAS_CODE: 'G401', COURSE_TITLE: 'Computing', QUALIFICATION: 'BSc', COURSE_CODE_OVERRIDE: null, SCHOOL: 'SCI' }];

  it('gives a rejection its red reasons and the alternatives, with no sub-status', () => {
    expect(pipeline.staffDecision('X', { result: red, candidates } as never, undefined)).toEqual({
      confirmed_status: 'X',
      sub_status: null,
      rejection_reasons: [{ MESSAGE: 'Effective UCAS points 40 are below the accepted tariff of 112.' }],
      recommended_courses: [{ UCAS_CODE: 'G401', COURSE_TITLE: 'Computing', QUALIFICATION: 'BSc', COURSE_CODE_OVERRIDE: null }],
    });
  });

  it('keeps reasons the adviser gave and adds nothing for other statuses', () => {
    expect(pipeline.staffDecision('R', { result: red, candidates } as never, undefined)).toMatchObject({ rejection_reasons: [], recommended_courses: [] });
    expect(pipeline.staffDecision('X', { result: red, candidates } as never, [{ MESSAGE: 'Own reason' }]).rejection_reasons).toEqual([
      { MESSAGE: 'Own reason' },
    ]);
  });
});

describe('the public submit through the pipeline', () => {
  let stack: Stack;
  let client: StackClient;
  beforeAll(async () => {
    stack = await startTestStack({ services: ['courses', 'applications', 'assessment', 'files'] });
    client = new StackClient(stack.gatewayUrl);
    await client.get(apiPath('ping'));
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  let people = 0;
  const person = () => {
    people += 1;
    return { EMAIL: `pipeline.${people}@example.com`, UCAS_PERSONAL_ID: String(7300000000 + people) };
  };
  const form = (who: { EMAIL: string; UCAS_PERSONAL_ID: string }, extra: Record<string, unknown> = {}) => ({
    ...createApplicationForm({
      DOB: '2006-05-14',
      NATIONALITY: 'GBR',
      GCSE_QUALIFICATIONS: FIVE_GCSES,
      QUALIFICATIONS: A_STAR_A_B_A_LEVELS,
    }),
    ...who,
    SUBMISSION_ID: randomUUID(),
    ...extra,
  });
  const document = (token: string) => ({
    file_id: randomUUID(),
    file_type: 'application/pdf',
    file_name: 'results.pdf',
    file_size: 700,
    document_type: 'ALEVELS',
    file_token: token,
  });

  it('checks for a duplicate before claiming documents: a second application leaves its upload free for another', async () => {
    const upload = await client.upload(createSampleDocument('pdf'), 'results.pdf', 'ALEVELS');
    const token = uploadResponseSchema.parse(upload.body).token;
    const someone = person();
    expect((await client.send('POST', apiPath('apply', { course: COURSE }), form(someone))).status).toBe(200);

    const second = await client.send('POST', apiPath('apply', { course: COURSE }), form(someone, { ALEVELS_DOCUMENT_1: document(token) }));
    expect(second).toEqual({ status: 409, body: { message: SPEC_DUPLICATE } });
    // Had the duplicate's claim bound the token, this would be refused as another application's document.
    const other = await client.send('POST', apiPath('apply', { course: COURSE }), form(person(), { ALEVELS_DOCUMENT_1: document(token) }));
    expect(other.status).toBe(200);
  });

  it('answers a retried submission with its stored record without claiming again', async () => {
    const upload = await client.upload(createSampleDocument('pdf'), 'results.pdf', 'ALEVELS');
    const token = uploadResponseSchema.parse(upload.body).token;
    const data = form(person(), { ALEVELS_DOCUMENT_1: document(token) });
    const first = await client.send('POST', apiPath('apply', { course: COURSE }), data);
    const again = await client.send('POST', apiPath('apply', { course: COURSE }), data);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(applyResponseSchema.parse(again.body).id).toEqual(applyResponseSchema.parse(first.body).id);
  });
});
