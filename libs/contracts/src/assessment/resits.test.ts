import { bestAttempts, gradeRank } from './resits';

const gcse = (SUBJECT: string, GRADE: string, YEAR: string) => ({ QUALIFICATION: 'GCSE', SUBJECT, GRADE, YEAR });

describe('bestAttempts (domain.md: a resit counts once, at its best grade)', () => {
  it('keeps only the best attempt of each subject, in form order', () => {
    const items = [
      gcse('Mathematics', '3', '2022'),
      gcse('English Language', '5', '2022'),
      gcse('mathematics ', '6', '2023'),
      gcse('Mathematics', '4', '2024'),
    ];
    expect(bestAttempts(items)).toEqual([items[1], items[2]]);
  });

  it('compares letter and number grades on one scale', () => {
    expect(gradeRank('GCSE', 'C')).toBe(gradeRank('GCSE', '4'));
    expect(gradeRank('GCSE', 'A*')).toBeGreaterThan(gradeRank('GCSE', '8'));
    expect(bestAttempts([gcse('Physics', 'B', '2021'), gcse('Physics', '4', '2022')])).toEqual([gcse('Physics', 'B', '2021')]);
  });

  it('ranks other types by their catalogue grade list', () => {
    expect(gradeRank('ALEVEL', 'A*')).toBeGreaterThan(gradeRank('ALEVEL', 'E'));
    expect(gradeRank('BTEC_EXTENDED_DIPLOMA', 'DDM')).toBeGreaterThan(gradeRank('BTEC_EXTENDED_DIPLOMA', 'PPP'));
  });

  it('keeps every item without a subject (IB, English tests) and different types apart', () => {
    const items = [
      { QUALIFICATION: 'ENGLISH_TEST', TEST: 'ielts', SCORE: '6', YEAR: '2024' },
      { QUALIFICATION: 'ENGLISH_TEST', TEST: 'ielts', SCORE: '7', YEAR: '2025' },
      gcse('Mathematics', '5', '2022'),
      { QUALIFICATION: 'IGCSE', SUBJECT: 'Mathematics', GRADE: '6', YEAR: '2022' },
    ];
    expect(bestAttempts(items)).toEqual(items);
  });
});
