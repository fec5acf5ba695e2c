import { ASSESSMENT_SVC, assessmentSchema, type AssessRequestInput } from '@clearing-desk/contracts';
import { endpointRequest, TEST_INTERNAL_TOKEN, internalHeaders } from '@clearing-desk/service-kit/testing';
import { createAssessForm, createCourseDetail } from '@clearing-desk/contracts/testing';
import { buildApp } from '../../app';

const detail = createCourseDetail();
const request = (overrides: Partial<AssessRequestInput> = {}): AssessRequestInput => ({
  course: detail.courseData,
  qualOptions: detail.qualOptions,
  form: createAssessForm(),
  access: null,
  alternatives: [],
  ...overrides,
});

describe(`${ASSESSMENT_SVC.assess.method} ${ASSESSMENT_SVC.assess.path}`, () => {
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    app = await buildApp({
      HOST: '127.0.0.1',
      PORT: 0,
      METRICS_HOST: '127.0.0.1',
      METRICS_PORT: 0,
      LOG_LEVEL: 'silent',
      INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
      BODY_LIMIT_BYTES: 1_048_576,
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const post = (payload: unknown, headers = internalHeaders()) => app.inject({ ...endpointRequest(ASSESSMENT_SVC.assess, { body: payload }), headers });

  it('assesses a form for a course', async () => {
    const res = await post(request({ access: 'Back Office' }));
    expect(res.statusCode).toBe(200);
    const body = assessmentSchema.parse(res.json());
    expect(body).toEqual({
      UCAS_POINTS_TOTAL: 144,
      UCAS_POINTS_EFFECTIVE: 144,
      TRAFFIC_LIGHT: 'G',
      OVER18: 1,
      SUBMISSION_OPTIONS: {
        BUTTONS: [
          { STATUS: 'O', LABEL: 'Offer' },
          { STATUS: 'R', LABEL: 'Refer' },
        ],
      },
      EXPLANATION: [{ STATUS: 'G', MESSAGE: 'Effective UCAS points 144 meet the advertised tariff of 128.' }],
      ALTERNATE: [],
      AUTOMATIC_REJECTION: false,
    });
  });

  it('keeps unknown form fields out of the way', async () => {
    const form = { ...createAssessForm(), NAME1: 'Ada', EMAIL: 'ada@example.com', ALEVELS_DOCUMENT_1: { file_id: 'x' } };
    const res = await post(request({ form }));
    expect(res.statusCode).toBe(200);
  });

  it('answers 400 naming the field for a grade the course does not offer', async () => {
    const form = createAssessForm({
      QUALIFICATIONS: [
        { QUALIFICATION: 'ALEVEL', SUBJECT: 'Physics', GRADE: 'A', YEAR: '2024' },
        { QUALIFICATION: 'ALEVEL', SUBJECT: 'Physics', GRADE: 'Q', YEAR: '2024' },
      ],
    });
    const res = await post(request({ form }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "QUALIFICATIONS.1.GRADE: 'Grade' must be one of: A*, A, B, C, D, E, U" });
  });

  it('answers 400 naming the field for an unknown qualification type', async () => {
    const form = createAssessForm({ QUALIFICATIONS: [{ QUALIFICATION: 'NVQ', SUBJECT: 'Plumbing', YEAR: '2024' }] });
    const res = await post(request({ form }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^QUALIFICATIONS\.0\.QUALIFICATION: /);
  });

  it('answers 400 naming the field for a malformed form or course', async () => {
    const badDob = await post(request({ form: createAssessForm({ DOB: '2006-02-30' }) }));
    expect(badDob.statusCode).toBe(400);
    expect(badDob.json().message).toMatch(/form\.DOB/);
    const badCourse = await post({ ...request(), course: { ...detail.courseData, TARIFF_ADVERTISED: 'lots' } });
    expect(badCourse.statusCode).toBe(400);
    expect(badCourse.json().message).toMatch(/course\.TARIFF_ADVERTISED/);
    const badRole = await post(request({ access: 'Root' as never }));
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().message).toMatch(/access/);
  });

  it('answers 400, not 500, for a body that is not an object', async () => {
    const res = await app.inject({
      ...endpointRequest(ASSESSMENT_SVC.assess),
      headers: { ...internalHeaders(), 'content-type': 'application/json' },
      payload: '[1,2',
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses callers other than the gateway', async () => {
    const res = await post(request(), {} as ReturnType<typeof internalHeaders>);
    expect(res.statusCode).toBe(401);
  });
});
