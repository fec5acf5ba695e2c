import type { QualificationItem, SubjectRequirement } from '@clearing-desk/contracts';
import { FIVE_GCSES, alevel, assessWith } from './test-fixtures';

/** A Level Mathematics at B, with the IB HL, Scottish Advanced Higher and BTEC equivalents a mathematics-heavy course names. */
const MATHS_B: SubjectRequirement = {
  subjects: ['Mathematics', 'Further Mathematics'],
  count: 1,
  minimumGrade: { ALEVEL: 'B', IBO: '5', SCOTTISH_ADVANCED_HIGHER: 'B', BTEC_EXTENDED_DIPLOMA: 'DDM' },
  equivalentSubjects: { BTEC_EXTENDED_DIPLOMA: ['Engineering'] },
};
const MATHS_B_SENTENCE =
  'A Level Mathematics or Further Mathematics at grade B or above is required. ' +
  'Also accepted in the same subject: IB Higher Level at grade 5 or above or Scottish Advanced Higher at grade B or above. ' +
  'Also accepted: BTEC National Extended Diploma in Engineering at grade DDM or above.';
/** Two sciences at C. */
const TWO_SCIENCES: SubjectRequirement = { subjects: ['Biology', 'Chemistry', 'Physics'], count: 2, minimumGrade: { ALEVEL: 'C' } };

const ib = (hl: Record<string, string>): QualificationItem => {
  const item: QualificationItem = { QUALIFICATION: 'IBO', IB_TOTAL: '38', IB_TOTAL_YEAR: '2025' };
  Object.entries(hl).forEach(([subject, grade], i) =>
    Object.assign(item, { [`HL_SUBJECT_${i + 1}`]: subject, [`HL_GRADE_${i + 1}`]: grade, [`HL_YEAR_${i + 1}`]: '2025' }),
  );
  return item;
};
const item = (QUALIFICATION: string, SUBJECT: string, GRADE: string): QualificationItem => ({ QUALIFICATION, SUBJECT, GRADE, YEAR: '2025' });
const other = (TITLE: string): QualificationItem => ({ QUALIFICATION: 'OTHER', TITLE, GRADE: 'Pass', YEAR: '2025' });

/** Plenty of points in subjects no requirement names, so only the requirement can lower the light. */
const POINTS = [alevel('History', 'A*'), alevel('Geography', 'A*'), alevel('Sociology', 'A*')];
const run = (requirements: SubjectRequirement[], qualifications: QualificationItem[]) =>
  assessWith({ course: { SUBJECT_REQUIREMENTS: requirements }, form: { GCSE_QUALIFICATIONS: FIVE_GCSES, QUALIFICATIONS: [...POINTS, ...qualifications] } });
const requirementReasons = (result: ReturnType<typeof run>) => result.EXPLANATION.slice(1);

describe('subject requirements (SUBJECT_REQUIREMENTS, domain.md traffic light rule 3)', () => {
  it('names the requirement in the exact sentence when it is not met: red, no automatic rejection', () => {
    const result = run([{ subjects: ['Mathematics'], count: 1, minimumGrade: { ALEVEL: 'B' } }], [alevel('Mathematics', 'C')]);
    expect(result.TRAFFIC_LIGHT).toBe('R');
    expect(requirementReasons(result)).toEqual([{ STATUS: 'R', MESSAGE: 'A Level Mathematics at grade B or above is required.' }]);
    expect(result.AUTOMATIC_REJECTION).toBe(false);
  });

  it.each([
    ['A level at the grade', alevel('Mathematics', 'B')],
    ['A level above the grade (Further Mathematics)', alevel('Further Mathematics', 'A*')],
    ['IB Higher Level at 5', ib({ 'Mathematics: Analysis and Approaches': '5' })],
    ['Scottish Advanced Higher at B', item('SCOTTISH_ADVANCED_HIGHER', 'Mathematics', 'B')],
    ['BTEC Extended Diploma in the named subject at DDM', item('BTEC_EXTENDED_DIPLOMA', 'Engineering', 'DDM')],
  ])('is met by %s', (_name, given) => {
    const result = run([MATHS_B], [given]);
    expect(result.TRAFFIC_LIGHT).toBe('G');
    expect(requirementReasons(result)).toEqual([]);
  });

  it.each([
    ['A level below the grade', alevel('Mathematics', 'C')],
    ['IB Higher Level below 5', ib({ Mathematics: '4' })],
    [
      'IB at Standard Level only',
      { QUALIFICATION: 'IBO', IB_TOTAL: '38', IB_TOTAL_YEAR: '2025', SL_SUBJECT_1: 'Mathematics', SL_GRADE_1: '7', SL_YEAR_1: '2025' },
    ],
    ['Scottish Advanced Higher below B', item('SCOTTISH_ADVANCED_HIGHER', 'Mathematics', 'C')],
    ['a Scottish Higher (not named by the course)', item('SCOTTISH_HIGHER', 'Mathematics', 'A')],
    ['BTEC below DDM', item('BTEC_EXTENDED_DIPLOMA', 'Engineering', 'DMM')],
    ['BTEC in a subject the course does not name', item('BTEC_EXTENDED_DIPLOMA', 'Business', 'D*D*D*')],
  ])('is not met by %s', (_name, given) => {
    const result = run([MATHS_B], [given as QualificationItem]);
    expect(result.TRAFFIC_LIGHT).toBe('R');
    expect(requirementReasons(result)).toEqual([{ STATUS: 'R', MESSAGE: MATHS_B_SENTENCE }]);
  });

  it('is amber where an Other qualification could be the equivalent: a person checks', () => {
    const result = run([MATHS_B], [alevel('Mathematics', 'D'), other('European Baccalaureate Mathematics')]);
    expect(result.TRAFFIC_LIGHT).toBe('A');
    expect(requirementReasons(result)).toContainEqual({
      STATUS: 'A',
      MESSAGE: `${MATHS_B_SENTENCE} An admissions adviser must check whether 'European Baccalaureate Mathematics' meets it.`,
    });
  });

  it('counts different subjects for "two of"', () => {
    expect(requirementReasons(run([TWO_SCIENCES], [alevel('Biology', 'C'), alevel('Chemistry', 'A')]))).toEqual([]);
    expect(requirementReasons(run([TWO_SCIENCES], [alevel('Biology', 'C'), alevel('Chemistry', 'D')]))).toEqual([
      { STATUS: 'R', MESSAGE: 'Two of A Level Biology, Chemistry or Physics at grade C or above are required.' },
    ]);
  });

  it('takes a resit at its best grade', () => {
    const resit = { ...alevel('Mathematics', 'B'), YEAR: '2025' };
    expect(requirementReasons(run([MATHS_B], [alevel('Mathematics', 'D'), resit]))).toEqual([]);
  });

  it('reads a GCSE requirement on the 9-1 scale with its letter (6/B)', () => {
    const gcse6 = [{ subjects: ['Mathematics'], count: 1, minimumGrade: { GCSE: '6' } }];
    const form = (grade: string) => ({
      GCSE_QUALIFICATIONS: [
        ...FIVE_GCSES.filter((g) => g['SUBJECT'] !== 'Mathematics'),
        { QUALIFICATION: 'GCSE', SUBJECT: 'Mathematics', GRADE: grade, YEAR: '2022' },
      ],
      QUALIFICATIONS: POINTS,
    });
    expect(assessWith({ course: { SUBJECT_REQUIREMENTS: gcse6 }, form: form('B') }).TRAFFIC_LIGHT).toBe('G');
    expect(assessWith({ course: { SUBJECT_REQUIREMENTS: gcse6 }, form: form('6') }).TRAFFIC_LIGHT).toBe('G');
    const low = assessWith({ course: { SUBJECT_REQUIREMENTS: gcse6 }, form: form('5') });
    expect(low.EXPLANATION.slice(1)).toEqual([{ STATUS: 'R', MESSAGE: 'GCSE Mathematics at grade 6/B or above is required.' }]);
  });

  it('does not judge a graduate-entry course on school-leaver points: amber, naming what it requires', () => {
    const result = assessWith({
      assessmentInfo: { priorEntry: 'A first degree at 2:2 or above is required.' },
      form: { GCSE_QUALIFICATIONS: FIVE_GCSES, QUALIFICATIONS: [alevel('History', 'E')] },
    });
    expect(result.TRAFFIC_LIGHT).toBe('A');
    expect(result.EXPLANATION[0]).toEqual({
      STATUS: 'A',
      MESSAGE: 'This course is not assessed on school-leaver UCAS points. A first degree at 2:2 or above is required. An admissions adviser must check it.',
    });
    expect(result.AUTOMATIC_REJECTION).toBe(false);
  });
});
