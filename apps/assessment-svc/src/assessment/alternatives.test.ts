import { buildQualOption } from '@clearing-desk/contracts';
import { createCourse, createCoursesClosedWithPlaces } from '@clearing-desk/contracts/testing';
import { alternativeCourses } from './alternatives';
import { ALL_QUAL_OPTIONS, assessWith, candidate, gcse, humanities } from './test-fixtures';

const RED_WITH_96 = {
  QUALIFICATIONS: [
    { QUALIFICATION: 'ALEVEL', SUBJECT: 'Mathematics', GRADE: 'C', YEAR: '2024' },
    { QUALIFICATION: 'ALEVEL', SUBJECT: 'Physics', GRADE: 'C', YEAR: '2024' },
    { QUALIFICATION: 'ALEVEL', SUBJECT: 'Chemistry', GRADE: 'C', YEAR: '2024' },
  ],
};

describe('ALTERNATE (domain.md "Submit buttons")', () => {
  it('lists open courses the same form passes (G or A), G before A, then by accepted tariff, with their titles and school names', () => {
    const result = assessWith({
      form: RED_WITH_96,
      alternatives: [candidate('F300', 64), candidate('G100', 88), candidate('H600', 104), candidate('C100', 80)],
    });
    expect(result.TRAFFIC_LIGHT).toBe('R');
    // F300 (80 advertised) and C100 (96 advertised) are G; G100 (104 advertised) is A; H600 fails the points.
    expect(result.ALTERNATE).toEqual([
      { COURSE: 'C100', SCHOOL: 'SCI', EXTENSION: '7100', TITLE: 'Course C100', SCHOOL_NAME: 'School of Science and Technology' },
      { COURSE: 'F300', SCHOOL: 'SCI', EXTENSION: '7300', TITLE: 'Course F300', SCHOOL_NAME: 'School of Science and Technology' },
      { COURSE: 'G100', SCHOOL: 'SCI', EXTENSION: '7100', TITLE: 'Course G100', SCHOOL_NAME: 'School of Science and Technology' },
    ]);
  });

  it('lists the same school first, then other schools', () => {
    const result = assessWith({
      form: RED_WITH_96,
      alternatives: [candidate('L100', 96, { SCHOOL: 'SAS' }), candidate('G100', 64)],
    });
    expect(result.ALTERNATE.map((a) => [a.COURSE, a.SCHOOL])).toEqual([
      ['G100', 'SCI'],
      ['L100', 'SAS'],
    ]);
  });

  it('never offers a course that fails for the same reason (here: no GCSE Mathematics)', () => {
    const noMaths = {
      GCSE_QUALIFICATIONS: [gcse('English Language', '5')],
      QUALIFICATIONS: humanities('C', 'C', 'C'),
    };
    const result = assessWith({
      course: { TARIFF_ACCEPTED: 64, TARIFF_ADVERTISED: 80, SCHOOL: 'BUS' },
      form: noMaths,
      alternatives: [candidate('N100', 64, { SCHOOL: 'BUS' })],
    });
    expect(result.TRAFFIC_LIGHT).toBe('R');
    expect(result.ALTERNATE).toEqual([]);
  });

  it('leaves out a course whose qualOptions do not take the form, or whose option colours make it red', () => {
    const result = assessWith({
      form: RED_WITH_96,
      alternatives: [
        candidate('B100', 64, { SCHOOL: 'BUS', qualOptions: ALL_QUAL_OPTIONS.filter((o) => o.qualification !== 'ALEVEL') }),
        candidate('B200', 64, {
          SCHOOL: 'BUS',
          qualOptions: [...ALL_QUAL_OPTIONS.filter((o) => o.qualification !== 'ALEVEL'), buildQualOption('ALEVEL', { colours: { GRADE: { C: 'R' } } })],
        }),
        candidate('B300', 64, { SCHOOL: 'BUS' }),
      ],
    });
    expect(result.ALTERNATE.map((a) => a.COURSE)).toEqual(['B300']);
  });

  it('leaves out closed, suspended, external and non-intermediary courses, and the course itself', () => {
    // Courses with places that a person still cannot apply to (contracts' isCourseOpen).
    const { notIntermediary, external } = createCoursesClosedWithPlaces();
    const result = assessWith({
      form: RED_WITH_96,
      alternatives: [
        candidate('A001', 48, { VACANCIES_EXTERNAL: 0 }),
        candidate('A002', 48, { VACANCIES_INTERNAL: 0 }),
        candidate('A003', 48, { SUSPENDED: true }),
        candidate(external.UCAS_CODE, 48, { EXTERNAL: external.EXTERNAL, INTERMEDIARY: external.INTERMEDIARY, EXTERNAL_URL: external.EXTERNAL_URL }),
        candidate(notIntermediary.UCAS_CODE, 48, { INTERMEDIARY: notIntermediary.INTERMEDIARY }),
        candidate(createCourse().UCAS_CODE, 48),
        candidate('A006', 48),
      ],
    });
    expect(result.ALTERNATE.map((a) => a.COURSE)).toEqual(['A006']);
  });

  it('lists at most 5', () => {
    const many = ['B1', 'B2', 'B3', 'B4', 'B5', 'B6', 'B7'].map((code, i) => candidate(code, 40 + i * 8));
    const result = assessWith({ form: RED_WITH_96, alternatives: many });
    // B7 (88 accepted, 104 advertised) is only amber for 96 points: the five greens come first.
    expect(result.ALTERNATE.map((a) => a.COURSE)).toEqual(['B6', 'B5', 'B4', 'B3', 'B2']);
  });

  it('is empty unless the light is red', () => {
    expect(assessWith({ alternatives: [candidate('G100', 48)] }).ALTERNATE).toEqual([]);
  });

  it('gives EXTENSION null when the catalogue has no extension', () => {
    const [first] = alternativeCourses({ UCAS_CODE: 'G400', SCHOOL: 'SCI' }, [candidate('G100', 48, { EXTENSION_NO: null })], () => 'G');
    expect(first?.EXTENSION).toBeNull();
  });

  it('orders ties by advertised tariff, then title, then code, whatever the input order', () => {
    const rows = [
      candidate('Z1', 96, { TARIFF_ADVERTISED: 112, COURSE_TITLE: 'Biology' }),
      candidate('Z2', 96, { TARIFF_ADVERTISED: 120, COURSE_TITLE: 'Zoology' }),
      candidate('Z3', 96, { TARIFF_ADVERTISED: 112, COURSE_TITLE: 'Anatomy' }),
    ];
    const codes = (list: typeof rows) => alternativeCourses({ UCAS_CODE: 'G400', SCHOOL: 'SCI' }, list, () => 'A').map((a) => a.COURSE);
    expect(codes(rows)).toEqual(['Z2', 'Z3', 'Z1']);
    expect(codes([...rows].reverse())).toEqual(['Z2', 'Z3', 'Z1']);
  });
});
