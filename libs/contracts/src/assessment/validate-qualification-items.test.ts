import { buildQualOption } from '../qualifications/catalogue';
import { QUALIFICATION_CODES, type QualOption } from '../qualifications/qual-option';
import { indexQualOptions } from './qual-option-index';
import { ACCESS_HE_NO_CREDITS, ACCESS_HE_TOO_MANY_CREDITS, describeIssues, validateQualificationItems } from './validate-qualification-items';

const ALL: QualOption[] = QUALIFICATION_CODES.map((code) => buildQualOption(code));
const alevel = (GRADE: string, extra: Record<string, string> = {}) => ({ QUALIFICATION: 'ALEVEL', SUBJECT: 'Physics', GRADE, YEAR: '2024', ...extra });
const access = (d: string, m: string, p: string) => ({
  QUALIFICATION: 'ACCESS_HE',
  SUBJECT: 'Science',
  DISTINCTION_CREDITS: d,
  MERIT_CREDITS: m,
  PASS_CREDITS: p,
  YEAR: '2024',
});

describe('validateQualificationItems', () => {
  it('accepts valid items of every type', () => {
    const issues = validateQualificationItems(
      {
        GCSE_QUALIFICATIONS: [
          { QUALIFICATION: 'GCSE', SUBJECT: 'Mathematics', GRADE: '4', YEAR: '2022' },
          { QUALIFICATION: 'OLEVEL', SUBJECT: 'Latin', GRADE: 'C', YEAR: '1985' },
          { QUALIFICATION: 'FUNCTIONAL_SKILLS', SUBJECT: 'English', GRADE: 'Pass', YEAR: '2023' },
        ],
        QUALIFICATIONS: [
          alevel('A*'),
          { QUALIFICATION: 'BTEC_DIPLOMA', SUBJECT: 'Sport (Development, Coaching and Fitness)', GRADE: 'D*D', YEAR: '2024' },
          { QUALIFICATION: 'IBO', IB_TOTAL: '38', IB_TOTAL_YEAR: '2024', HL_SUBJECT_1: 'Physics', HL_GRADE_1: '7', HL_YEAR_1: '2024' },
          access('30', '10', '5'),
          { QUALIFICATION: 'ENGLISH_TEST', TEST: 'ielts', SCORE: '6.5', YEAR: '2024' },
          { QUALIFICATION: 'OTHER', TITLE: 'Baccalauréat', GRADE: '14/20', YEAR: '2024' },
        ],
      },
      ALL,
    );
    expect(issues).toEqual([]);
  });

  it('names a grade that is not among the options', () => {
    expect(validateQualificationItems({ QUALIFICATIONS: [alevel('A'), alevel('F')] }, ALL)).toEqual([
      { path: 'QUALIFICATIONS.1.GRADE', message: "'Grade' must be one of: A*, A, B, C, D, E, U" },
    ]);
  });

  it('is exact about select values (no case folding)', () => {
    expect(validateQualificationItems({ QUALIFICATIONS: [alevel('a*')] }, ALL)[0]?.path).toBe('QUALIFICATIONS.0.GRADE');
  });

  it("names a type the course does not offer, listing the group's types", () => {
    const offered = [buildQualOption('ALEVEL'), buildQualOption('GCSE'), buildQualOption('EPQ')];
    expect(validateQualificationItems({ QUALIFICATIONS: [{ QUALIFICATION: 'T_LEVEL', SUBJECT: 'Digital', GRADE: 'Merit', YEAR: '2024' }] }, offered)).toEqual([
      { path: 'QUALIFICATIONS.0.QUALIFICATION', message: "'Qualification' must be one of: ALEVEL, EPQ" },
    ]);
    expect(validateQualificationItems({ QUALIFICATIONS: [{ QUALIFICATION: 'NONSENSE' }] }, offered)[0]?.path).toBe('QUALIFICATIONS.0.QUALIFICATION');
  });

  it('requires QUALIFICATION', () => {
    expect(validateQualificationItems({ QUALIFICATIONS: [{ QUALIFICATION: ' ' }] }, ALL)).toEqual([
      { path: 'QUALIFICATIONS.0.QUALIFICATION', message: "'Qualification' is required." },
    ]);
  });

  it('puts each type in its own group', () => {
    expect(validateQualificationItems({ QUALIFICATIONS: [{ QUALIFICATION: 'GCSE', SUBJECT: 'Mathematics', GRADE: '4', YEAR: '2022' }] }, ALL)).toEqual([
      { path: 'QUALIFICATIONS.0.QUALIFICATION', message: "'Qualification' GCSE belongs in GCSE_QUALIFICATIONS, not QUALIFICATIONS." },
    ]);
    expect(validateQualificationItems({ GCSE_QUALIFICATIONS: [alevel('A')] }, ALL)[0]?.message).toBe(
      "'Qualification' ALEVEL belongs in QUALIFICATIONS, not GCSE_QUALIFICATIONS.",
    );
  });

  it("requires every required field, with the spec's message", () => {
    expect(validateQualificationItems({ QUALIFICATIONS: [{ QUALIFICATION: 'ALEVEL', SUBJECT: 'Physics', GRADE: '' }] }, ALL)).toEqual([
      { path: 'QUALIFICATIONS.0.GRADE', message: "'Grade' is required." },
      { path: 'QUALIFICATIONS.0.YEAR', message: "'Year' is required." },
    ]);
  });

  it("follows the course's required flags", () => {
    const optionalYear = [buildQualOption('ALEVEL', { required: { YEAR: false } })];
    expect(validateQualificationItems({ QUALIFICATIONS: [{ QUALIFICATION: 'ALEVEL', SUBJECT: 'Physics', GRADE: 'A' }] }, optionalYear)).toEqual([]);
  });

  it('does not require optional IB fields', () => {
    expect(validateQualificationItems({ QUALIFICATIONS: [{ QUALIFICATION: 'IBO', IB_TOTAL: '30', IB_TOTAL_YEAR: '2024' }] }, ALL)).toEqual([]);
  });

  it('wants four-digit years', () => {
    for (const year of ['24', '20245', '2O24']) {
      expect(validateQualificationItems({ QUALIFICATIONS: [alevel('A', { YEAR: year })] }, ALL)).toEqual([
        { path: 'QUALIFICATIONS.0.YEAR', message: "'Year' must be a four-digit year." },
      ]);
    }
  });

  it('wants whole numbers within min and max', () => {
    const ib = (IB_TOTAL: string) => ({ QUALIFICATION: 'IBO', IB_TOTAL, IB_TOTAL_YEAR: '2024' });
    const check = (value: string) => validateQualificationItems({ QUALIFICATIONS: [ib(value)] }, ALL)[0]?.message;
    expect(check('46')).toBe("'IB Total' must be between 0 and 45.");
    expect(check('-1')).toBe("'IB Total' must be between 0 and 45.");
    expect(check('30.5')).toBe("'IB Total' must be a whole number.");
    expect(check('thirty')).toBe("'IB Total' must be a number.");
    expect(check('45')).toBeUndefined();
  });

  it('limits text to 256 characters', () => {
    const item = { QUALIFICATION: 'OTHER', TITLE: 'x'.repeat(257), GRADE: 'Pass', YEAR: '2024' };
    expect(validateQualificationItems({ QUALIFICATIONS: [item] }, ALL)).toEqual([{ path: 'QUALIFICATIONS.0.TITLE', message: "'Title' max length is 256." }]);
  });

  it("refuses more than 45 Access to HE credits with the spec's message", () => {
    expect(validateQualificationItems({ QUALIFICATIONS: [access('30', '15', '1')] }, ALL)).toEqual([
      { path: 'QUALIFICATIONS.0', message: ACCESS_HE_TOO_MANY_CREDITS },
    ]);
    expect(ACCESS_HE_TOO_MANY_CREDITS).toBe('The total number of credits must not be higher than 45.');
  });

  it('takes fewer than 45 Access to HE credits and empty credit fields, but wants at least one (domain.md "Access to HE")', () => {
    expect(validateQualificationItems({ QUALIFICATIONS: [access('30', '10', '0')] }, ALL)).toEqual([]);
    const onlyDistinctions = { QUALIFICATION: 'ACCESS_HE', SUBJECT: 'Science', DISTINCTION_CREDITS: '45', YEAR: '2025' };
    expect(validateQualificationItems({ QUALIFICATIONS: [onlyDistinctions] }, ALL)).toEqual([]);
    const none = { QUALIFICATION: 'ACCESS_HE', SUBJECT: 'Science', YEAR: '2025' };
    expect(validateQualificationItems({ QUALIFICATIONS: [none] }, ALL)).toEqual([{ path: 'QUALIFICATIONS.0', message: ACCESS_HE_NO_CREDITS }]);
    expect(ACCESS_HE_NO_CREDITS).toBe('Enter at least one of Distinction credits, Merit credits and Pass credits.');
  });

  it('checks a single credit field before the total', () => {
    expect(validateQualificationItems({ QUALIFICATIONS: [access('50', '0', '0')] }, ALL)).toEqual([
      { path: 'QUALIFICATIONS.0.DISTINCTION_CREDITS', message: "'Distinction credits' must be between 0 and 45." },
    ]);
  });

  it('checks each English test score in its own range (domain.md)', () => {
    const test = (SCORE: string, TEST = 'ielts') =>
      validateQualificationItems({ QUALIFICATIONS: [{ QUALIFICATION: 'ENGLISH_TEST', TEST, SCORE, YEAR: '2024' }] }, ALL);
    const issue = (message: string) => [{ path: 'QUALIFICATIONS.0.SCORE', message }];
    expect(test('9.5')).toEqual(issue("'Score' must be an IELTS band score from 0 to 9 in steps of 0.5."));
    expect(test('6.25')).toEqual(issue("'Score' must be an IELTS band score from 0 to 9 in steps of 0.5."));
    expect(test('good')).toHaveLength(1);
    expect(test('7')).toEqual([]);
    expect(test('7.5')).toEqual([]);
    expect(test('110', 'toefl')).toEqual([]);
    expect(test('121', 'toefl')).toEqual(issue("'Score' must be a TOEFL iBT score from 0 to 120."));
    expect(test('9', 'pearson')).toEqual(issue("'Score' must be a PTE Academic score from 10 to 90."));
    expect(test('91', 'pearson')).toEqual(issue("'Score' must be a PTE Academic score from 10 to 90."));
    expect(test('79', 'cambridge')).toEqual(issue("'Score' must be a Cambridge English Scale score from 80 to 230."));
    expect(test('180', 'cambridge')).toEqual([]);
    expect(test('5**', 'hkdse')).toEqual([]);
    expect(test('ISE II Merit', 'trinity')).toEqual([]);
    expect(test('', 'toefl')).toEqual(issue("'Score' is required."));
    expect(test('', 'no')).toEqual([]);
    expect(test('', 'englang')).toEqual([]);
  });

  it('refuses unknown keys of an item, naming them (domain.md "Form behaviour")', () => {
    expect(validateQualificationItems({ QUALIFICATIONS: [alevel('A', { NOTES: 'predicted' })] }, ALL)).toEqual([
      { path: 'QUALIFICATIONS.0.NOTES', message: "'NOTES' is not a field of A Level." },
    ]);
  });

  it('takes one group as an array with its name', () => {
    expect(validateQualificationItems([alevel('Z')], ALL, 'QUALIFICATIONS')[0]?.path).toBe('QUALIFICATIONS.0.GRADE');
  });

  it('reports every issue in form order, and describes them in one line', () => {
    const issues = validateQualificationItems(
      { GCSE_QUALIFICATIONS: [{ QUALIFICATION: 'GCSE', SUBJECT: 'Mathematics', GRADE: 'Z', YEAR: '2022' }], QUALIFICATIONS: [alevel('F')] },
      ALL,
    );
    expect(issues.map((i) => i.path)).toEqual(['GCSE_QUALIFICATIONS.0.GRADE', 'QUALIFICATIONS.0.GRADE']);
    expect(describeIssues(issues)).toMatch(/^GCSE_QUALIFICATIONS\.0\.GRADE: 'Grade' must be one of: 9, 8, .* \(and 1 more\)$/);
  });

  it('indexes a qualOptions list once', () => {
    expect(indexQualOptions(ALL)).toBe(indexQualOptions(ALL));
  });
});
