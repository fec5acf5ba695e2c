import { apiPath, type AssessForm, assessResponseSchema, courseDetailResponseSchema, errorResponseSchema, apiRouteLabel } from '@clearing-desk/contracts';
import { createAssessForm } from '@clearing-desk/contracts/testing';
import type { Stack } from '@clearing-desk/stack';
import { StackClient, startTestStack } from '../../testing/stack-client';

/** Demo catalogue codes (apps/courses-svc/src/db/seed/demo-catalogue.ts, DEMO_FIXTURES). */
const OPEN = 'G400'; // Computer Science BSc, SCI, advertised 128, accepted 112
const SUSPENDED = 'H401';
const CLOSED = 'NN34';

let stack: Stack;
let client: StackClient;

beforeAll(async () => {
  stack = await startTestStack({ services: ['courses', 'applications', 'assessment'] });
  client = new StackClient(stack.gatewayUrl);
  await client.get(apiPath('ping')); // collects XSRF-TOKEN and _csrf
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

const assessPath = (course: string) => apiPath('assess', { course });
const aLevels = (grades: [string, string, string]): AssessForm['QUALIFICATIONS'] =>
  ['Mathematics', 'Physics', 'Computer Science'].map((SUBJECT, i) => ({ QUALIFICATION: 'ALEVEL', SUBJECT, GRADE: grades[i] as string, YEAR: '2024' }));

describe(apiRouteLabel('assess'), () => {
  it('assesses a green form for the public with the contract shape', async () => {
    const res = await client.send('POST', assessPath(OPEN), createAssessForm());
    expect(res.status).toBe(200);
    const { result } = assessResponseSchema.parse(res.body);
    expect(result).toEqual({
      UCAS_POINTS_TOTAL: 144,
      UCAS_POINTS_EFFECTIVE: 144,
      TRAFFIC_LIGHT: 'G',
      OVER18: 1,
      SUBMISSION_OPTIONS: { BUTTONS: [{ STATUS: 'S', LABEL: 'Submit' }] },
      EXPLANATION: [{ STATUS: 'G', MESSAGE: 'Effective UCAS points 144 meet the advertised tariff of 128.' }],
      ALTERNATE: [],
      AUTOMATIC_REJECTION: false,
    });
  });

  it("judges an IB Diploma total against the course's IB requirement from the catalogue (G400: IB 30/28)", async () => {
    const ib = { QUALIFICATION: 'IBO', IB_TOTAL: '31', IB_TOTAL_YEAR: '2025', SL_SUBJECT_1: 'Biology', SL_GRADE_1: '6', SL_YEAR_1: '2025' };
    const res = await client.send('POST', assessPath(OPEN), createAssessForm({ QUALIFICATIONS: [ib] }));
    expect(res.status).toBe(200);
    const { result } = assessResponseSchema.parse(res.body);
    expect(result).toMatchObject({
      UCAS_POINTS_EFFECTIVE: 24,
      TRAFFIC_LIGHT: 'G',
      EXPLANATION: [{ STATUS: 'G', MESSAGE: 'IB Diploma total 31 meets the advertised IB requirement of 30 points.' }],
    });
  });

  it('offers alternatives whose IB requirement a red IB Diploma total meets, though its components carry few points', async () => {
    const ib = { QUALIFICATION: 'IBO', IB_TOTAL: '27', IB_TOTAL_YEAR: '2025', SL_SUBJECT_1: 'Biology', SL_GRADE_1: '6', SL_YEAR_1: '2025' };
    const res = await client.send('POST', assessPath(OPEN), createAssessForm({ QUALIFICATIONS: [ib] }));
    expect(res.status).toBe(200);
    const { result } = assessResponseSchema.parse(res.body);
    expect(result.TRAFFIC_LIGHT).toBe('R');
    expect(result.EXPLANATION).toContainEqual({ STATUS: 'R', MESSAGE: 'IB Diploma total 27 is below the accepted IB requirement of 28 points.' });
    // 24 points alone pass no demo course (the lowest accepted tariff is 64): every alternative is the IB total's.
    expect(result.ALTERNATE.length).toBeGreaterThan(0);
  });

  it('ignores the rest of the application form', async () => {
    const res = await client.send('POST', assessPath(OPEN), { ...createAssessForm(), NAME1: 'Ada', EMAIL: 'ada@example.com', NOTES: 'hi' });
    expect(res.status).toBe(200);
  });

  it('offers open alternatives the same red form passes (G or A), same school first, greens before ambers', async () => {
    const res = await client.send('POST', assessPath(OPEN), createAssessForm({ QUALIFICATIONS: aLevels(['C', 'C', 'C']) }));
    expect(res.status).toBe(200);
    const { result } = assessResponseSchema.parse(res.body);
    expect(result.TRAFFIC_LIGHT).toBe('R');
    expect(result.EXPLANATION[0]).toEqual({ STATUS: 'R', MESSAGE: 'Effective UCAS points 96 are below the accepted tariff of 112.' });
    expect(result.SUBMISSION_OPTIONS.BUTTONS).toEqual([{ STATUS: 'S', LABEL: 'Submit' }]);
    expect(result.ALTERNATE.length).toBeGreaterThan(0);
    expect(result.ALTERNATE.length).toBeLessThanOrEqual(5);
    // Same school first: the course's school (SCI) leads; courses of other schools only after it,
    // when fewer of its own pass (a course's subject requirements can rule its own out).
    const schools = result.ALTERNATE.map((alt) => alt.SCHOOL);
    expect(schools[0]).toBe('SCI');
    const own = (school: string) => (school === 'SCI' ? 0 : 1);
    expect(schools).toEqual([...schools].sort((a, b) => own(a) - own(b)));
    const lights: string[] = [];
    for (const alt of result.ALTERNATE) {
      expect(alt.COURSE).not.toBe(OPEN);
      const detail = courseDetailResponseSchema.parse((await client.get(apiPath('course', { id: alt.COURSE }))).body).courseData;
      expect(detail.SCHOOL).toBe(alt.SCHOOL);
      expect(detail.TARIFF_ACCEPTED).toBeLessThanOrEqual(96);
      expect(detail.SUSPENDED).toBe(false);
      expect(detail.EXTERNAL).toBe(false);
      expect(detail.VACANCIES_EXTERNAL).toBeGreaterThan(0);
      expect(detail.VACANCIES_INTERNAL).toBeGreaterThan(0);
      const again = assessResponseSchema.parse(
        (await client.send('POST', assessPath(alt.COURSE), createAssessForm({ QUALIFICATIONS: aLevels(['C', 'C', 'C']) }))).body,
      );
      lights.push(again.result.TRAFFIC_LIGHT);
    }
    expect(lights.every((l) => l === 'G' || l === 'A')).toBe(true);
    expect([...lights].sort((a, b) => (a === b ? 0 : a === 'G' ? -1 : 1))).toEqual(lights);
  });

  it('answers 400 naming the field for a grade the course does not offer', async () => {
    const form = createAssessForm({
      QUALIFICATIONS: [...aLevels(['A', 'A', 'A']).slice(0, 1), { QUALIFICATION: 'ALEVEL', SUBJECT: 'Physics', GRADE: 'A**', YEAR: '2024' }],
    });
    const res = await client.send('POST', assessPath(OPEN), form);
    expect(res.status).toBe(400);
    expect(errorResponseSchema.parse(res.body)).toEqual({ message: "QUALIFICATIONS.1.GRADE: 'Grade' must be one of: A*, A, B, C, D, E, U" });
  });

  it('answers 400 naming the field for an unknown qualification type', async () => {
    const form = createAssessForm({ QUALIFICATIONS: [{ QUALIFICATION: 'NVQ', SUBJECT: 'Plumbing', GRADE: 'Pass', YEAR: '2024' }] });
    const res = await client.send('POST', assessPath(OPEN), form);
    expect(res.status).toBe(400);
    expect(errorResponseSchema.parse(res.body).message).toMatch(/^QUALIFICATIONS\.0\.QUALIFICATION: 'Qualification' must be one of: /);
  });

  it('answers 400 naming the field for malformed values', async () => {
    const year = await client.send(
      'POST',
      assessPath(OPEN),
      createAssessForm({ QUALIFICATIONS: [{ QUALIFICATION: 'ALEVEL', SUBJECT: 'Physics', GRADE: 'A', YEAR: '24' }] }),
    );
    expect(year.status).toBe(400);
    expect(errorResponseSchema.parse(year.body).message).toBe("QUALIFICATIONS.0.YEAR: 'Year' must be a four-digit year.");
    const entry = await client.send('POST', assessPath(OPEN), { ...createAssessForm(), SECOND_YEAR_ENTRY: 'maybe' });
    expect(entry.status).toBe(400);
    expect(errorResponseSchema.parse(entry.body).message).toMatch(/SECOND_YEAR_ENTRY/);
  });

  it('answers 404 for an unknown course', async () => {
    const res = await client.send('POST', assessPath('ZZZZ9'), createAssessForm());
    expect(res.status).toBe(404);
    errorResponseSchema.parse(res.body);
  });

  it('answers 409 COURSE_SUSPENDED for a suspended course', async () => {
    const res = await client.send('POST', assessPath(SUSPENDED), createAssessForm());
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'COURSE_SUSPENDED' });
  });

  it('answers 409 COURSE_CLOSED for a course without external vacancies', async () => {
    const res = await client.send('POST', assessPath(CLOSED), createAssessForm());
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'COURSE_CLOSED' });
  });

  it('answers 403 without the XSRF token or with a wrong one', async () => {
    const missing = await client.send('POST', assessPath(OPEN), createAssessForm(), '');
    expect(missing.status).toBe(403);
    errorResponseSchema.parse(missing.body);
    const wrong = await client.send('POST', assessPath(OPEN), createAssessForm(), 'not-the-token');
    expect(wrong.status).toBe(403);
    const stranger = new StackClient(stack.gatewayUrl);
    const noCookies = await stranger.send('POST', assessPath(OPEN), createAssessForm(), client.xsrfToken);
    expect(noCookies.status).toBe(403);
  });
});
