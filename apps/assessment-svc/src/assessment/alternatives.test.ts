import { alternativeCourses } from './alternatives';
import { assessWith, candidate } from './test-fixtures';

const RED_WITH_96 = {
  QUALIFICATIONS: [
    { QUALIFICATION: 'ALEVEL', SUBJECT: 'Mathematics', GRADE: 'C', YEAR: '2024' },
    { QUALIFICATION: 'ALEVEL', SUBJECT: 'Physics', GRADE: 'C', YEAR: '2024' },
    { QUALIFICATION: 'ALEVEL', SUBJECT: 'Chemistry', GRADE: 'C', YEAR: '2024' },
  ],
};

describe('ALTERNATE (domain.md "Submit buttons")', () => {
  it('lists open courses of the same school whose accepted tariff the points meet, best match first', () => {
    const result = assessWith({
      form: RED_WITH_96,
      alternatives: [candidate('F300', 64), candidate('G100', 96), candidate('H600', 104), candidate('C100', 80)],
    });
    expect(result.TRAFFIC_LIGHT).toBe('R');
    expect(result.ALTERNATE).toEqual([
      { COURSE: 'G100', SCHOOL: 'SCI', EXTENSION: '7100', TITLE: 'Course G100' },
      { COURSE: 'C100', SCHOOL: 'SCI', EXTENSION: '7100', TITLE: 'Course C100' },
      { COURSE: 'F300', SCHOOL: 'SCI', EXTENSION: '7300', TITLE: 'Course F300' },
    ]);
  });

  it('leaves out closed, suspended, external and other-school courses, and the course itself', () => {
    const result = assessWith({
      form: RED_WITH_96,
      alternatives: [
        candidate('A001', 48, { VACANCIES_EXTERNAL: 0 }),
        candidate('A002', 48, { VACANCIES_INTERNAL: 0 }),
        candidate('A003', 48, { SUSPENDED: true }),
        candidate('A004', 48, { EXTERNAL: true }),
        candidate('A005', 48, { SCHOOL: 'ART' }),
        candidate('G400', 48),
        candidate('A006', 48),
      ],
    });
    expect(result.ALTERNATE.map((a) => a.COURSE)).toEqual(['A006']);
  });

  it('lists at most 5', () => {
    const many = ['B1', 'B2', 'B3', 'B4', 'B5', 'B6', 'B7'].map((code, i) => candidate(code, 40 + i * 8));
    const result = assessWith({ form: RED_WITH_96, alternatives: many });
    expect(result.ALTERNATE.map((a) => a.COURSE)).toEqual(['B7', 'B6', 'B5', 'B4', 'B3']);
  });

  it('is empty unless the light is red', () => {
    const alternatives = [candidate('G100', 48)];
    expect(assessWith({ alternatives }).ALTERNATE).toEqual([]);
  });

  it('gives EXTENSION null when the catalogue row has no extension', () => {
    const [first] = alternativeCourses({ UCAS_CODE: 'G400', SCHOOL: 'SCI' }, [candidate('G100', 48, { EXTENSION_NO: undefined })], 96);
    expect(first?.EXTENSION).toBeNull();
  });

  it('orders ties by advertised tariff, then title, then code, whatever the input order', () => {
    const rows = [
      candidate('Z1', 96, { TARIFF_ADVERTISED: 112, COURSE_TITLE: 'Biology' }),
      candidate('Z2', 96, { TARIFF_ADVERTISED: 120, COURSE_TITLE: 'Zoology' }),
      candidate('Z3', 96, { TARIFF_ADVERTISED: 112, COURSE_TITLE: 'Anatomy' }),
    ];
    const codes = (list: typeof rows) => alternativeCourses({ UCAS_CODE: 'G400', SCHOOL: 'SCI' }, list, 100).map((a) => a.COURSE);
    expect(codes(rows)).toEqual(['Z2', 'Z3', 'Z1']);
    expect(codes([...rows].reverse())).toEqual(['Z2', 'Z3', 'Z1']);
  });
});
