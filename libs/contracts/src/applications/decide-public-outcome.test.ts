import type { Assessment } from '../assessment/assessment';
import { createCourse } from '../testing';
import { applicationDecisionSchema, decidePublicOutcome, type PublicOutcomeInput } from './decide-public-outcome';

const assessment = (overrides: Partial<Assessment> = {}): PublicOutcomeInput['assessment'] => ({
  TRAFFIC_LIGHT: 'G',
  OVER18: 1,
  EXPLANATION: [{ STATUS: 'G', MESSAGE: 'Effective UCAS points 144 meet the advertised tariff of 128.' }],
  ALTERNATE: [],
  ...overrides,
});
const red = assessment({
  TRAFFIC_LIGHT: 'R',
  AUTOMATIC_REJECTION: true,
  EXPLANATION: [
    { STATUS: 'R', MESSAGE: 'Effective UCAS points 96 are below the accepted tariff of 112.' },
    { STATUS: 'A', MESSAGE: 'An amber reason.' },
    { STATUS: 'R', MESSAGE: 'At least 5 GCSEs are required; 2 were given.' },
  ],
  ALTERNATE: [
    { COURSE: 'G413', SCHOOL: 'SCI', EXTENSION: '8716', TITLE: 'Data Science' },
    { COURSE: 'ZZZZ', SCHOOL: 'SCI', EXTENSION: null },
    { COURSE: 'G100', SCHOOL: 'SCI', EXTENSION: null },
  ],
});
const candidates: PublicOutcomeInput['candidates'] = [
  { UCAS_CODE: 'G100', COURSE_TITLE: 'Mathematics', QUALIFICATION: 'BSc (Hons)', COURSE_CODE_OVERRIDE: null },
  { UCAS_CODE: 'G413', COURSE_TITLE: 'Data Science', QUALIFICATION: 'BSc (Hons)', COURSE_CODE_OVERRIDE: 'G4D1' },
];
const decide = (input: Partial<Omit<PublicOutcomeInput, 'form'>> & { form?: Partial<PublicOutcomeInput['form']> } = {}) => {
  const decision = decidePublicOutcome({
    assessment: input.assessment ?? assessment(),
    form: { SECOND_YEAR_ENTRY: '0', APPLIED_TO_UCAS: '1', ...input.form },
    course: input.course ?? createCourse(),
    candidates: input.candidates ?? candidates,
  });
  applicationDecisionSchema.parse(decision);
  return decision;
};
const noAutomatic = (automaticOffer: boolean, automaticRejection: boolean) =>
  createCourse({ assessmentInfo: { ...createCourse().assessmentInfo, automaticOffer, automaticRejection } });

describe('decidePublicOutcome', () => {
  it('offers automatically (O, AO) a green, over-18, first-year applicant who applied through UCAS', () => {
    expect(decide()).toEqual({ confirmed_status: 'O', sub_status: 'AO', rejection_reasons: [], recommended_courses: [] });
  });

  it('marks the automatic offer Non-UCAS (AR) when APPLIED_TO_UCAS is 0', () => {
    expect(decide({ form: { APPLIED_TO_UCAS: '0' } })).toMatchObject({ confirmed_status: 'O', sub_status: 'AR' });
    expect(decide({ form: { APPLIED_TO_UCAS: '' } })).toMatchObject({ confirmed_status: 'O', sub_status: 'AR' });
  });

  it('rejects automatically (X, AX) a red applicant with the R explanations and the alternatives as recommended courses', () => {
    expect(decide({ assessment: red })).toEqual({
      confirmed_status: 'X',
      sub_status: 'AX',
      rejection_reasons: [
        { MESSAGE: 'Effective UCAS points 96 are below the accepted tariff of 112.' },
        { MESSAGE: 'At least 5 GCSEs are required; 2 were given.' },
      ],
      recommended_courses: [
        { UCAS_CODE: 'G413', COURSE_TITLE: 'Data Science', QUALIFICATION: 'BSc (Hons)', COURSE_CODE_OVERRIDE: 'G4D1' },
        { UCAS_CODE: 'G100', COURSE_TITLE: 'Mathematics', QUALIFICATION: 'BSc (Hons)', COURSE_CODE_OVERRIDE: null },
      ],
    });
  });

  it('submits (S) an amber applicant for the back office', () => {
    const amber = assessment({
      TRAFFIC_LIGHT: 'A',
      EXPLANATION: [{ STATUS: 'A', MESSAGE: 'Effective UCAS points 120 are below the advertised tariff of 128 but meet the accepted tariff of 112.' }],
    });
    expect(decide({ assessment: amber })).toEqual({ confirmed_status: 'S', sub_status: null, rejection_reasons: [], recommended_courses: [] });
  });

  it('submits (S) a green applicant who is under 18 on the course start date', () => {
    expect(decide({ assessment: assessment({ OVER18: 0 }) })).toMatchObject({ confirmed_status: 'S', sub_status: null });
  });

  it('submits (S) a green applicant who wants second-year entry', () => {
    expect(decide({ form: { SECOND_YEAR_ENTRY: '1' } })).toMatchObject({ confirmed_status: 'S', sub_status: null });
  });

  it('submits (S) a green applicant when the course makes no automatic offers', () => {
    expect(decide({ course: noAutomatic(false, true) })).toMatchObject({ confirmed_status: 'S', sub_status: null });
  });

  it('submits (S) a red applicant when the course makes no automatic rejections, still recommending the alternatives', () => {
    expect(decide({ assessment: red, course: noAutomatic(true, false) })).toEqual({
      confirmed_status: 'S',
      sub_status: null,
      rejection_reasons: [],
      recommended_courses: [
        { UCAS_CODE: 'G413', COURSE_TITLE: 'Data Science', QUALIFICATION: 'BSc (Hons)', COURSE_CODE_OVERRIDE: 'G4D1' },
        { UCAS_CODE: 'G100', COURSE_TITLE: 'Mathematics', QUALIFICATION: 'BSc (Hons)', COURSE_CODE_OVERRIDE: null },
      ],
    });
  });

  it('always submits (S) an under-18 or second-year applicant, whatever the light (domain.md "Public submissions")', () => {
    const submitted = { confirmed_status: 'S', sub_status: null, rejection_reasons: [] };
    expect(decide({ assessment: { ...red, OVER18: 0 } })).toMatchObject(submitted);
    expect(decide({ assessment: red, form: { SECOND_YEAR_ENTRY: '1' } })).toMatchObject(submitted);
    expect(decide({ assessment: assessment({ OVER18: 0 }) })).toMatchObject(submitted);
    expect(decide({ form: { SECOND_YEAR_ENTRY: '1' } })).toMatchObject(submitted);
  });

  it('leaves a red applicant to a person (S) unless the assessment allows automatic rejection', () => {
    const notPointsOnly = { ...red, AUTOMATIC_REJECTION: false };
    expect(decide({ assessment: notPointsOnly })).toMatchObject({ confirmed_status: 'S', sub_status: null, rejection_reasons: [] });
    const { AUTOMATIC_REJECTION: _dropped, ...storedBefore } = red;
    expect(decide({ assessment: storedBefore })).toMatchObject({ confirmed_status: 'S', sub_status: null });
  });
});
