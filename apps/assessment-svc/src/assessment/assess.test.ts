import { assessmentSchema, buildQualOption, type QualificationItem, type QualOption } from '@clearing-desk/contracts';
import { createAssessForm, createCourseDetail } from '@clearing-desk/contracts/testing';
import { assess } from './assess';
import { AssessmentInputError } from './input-error';
import { ALL_QUAL_OPTIONS, FIVE_GCSES, alevel, assessWith, englishTest, gcse, humanities } from './test-fixtures';

/** A levels graded `grades` in three subjects (Mathematics, Physics, Computer Science). */
const aLevels = (...grades: [string, string, string]) => [
  alevel('Mathematics', grades[0]),
  alevel('Physics', grades[1]),
  alevel('Computer Science', grades[2]),
];

const withOption = (option: QualOption): QualOption[] => ALL_QUAL_OPTIONS.map((o) => (o.qualification === option.qualification ? option : o));

describe('assess: points rule (domain.md traffic light rule 1)', () => {
  it('is green with one explanation when the effective points meet the advertised tariff', () => {
    const result = assessWith({ form: { QUALIFICATIONS: aLevels('A*', 'B', 'B') } });
    expect(result.UCAS_POINTS_TOTAL).toBe(136);
    expect(result.TRAFFIC_LIGHT).toBe('G');
    expect(result.EXPLANATION).toEqual([{ STATUS: 'G', MESSAGE: 'Effective UCAS points 136 meet the advertised tariff of 128.' }]);
  });

  it('is green at exactly the advertised tariff', () => {
    const result = assessWith({ form: { QUALIFICATIONS: aLevels('A', 'B', 'B') } });
    expect(result.UCAS_POINTS_EFFECTIVE).toBe(128);
    expect(result.TRAFFIC_LIGHT).toBe('G');
  });

  it('is amber below the advertised tariff but at or above the accepted one', () => {
    const result = assessWith({ course: { TARIFF_ADVERTISED: 120, TARIFF_ACCEPTED: 96 }, form: { QUALIFICATIONS: aLevels('A', 'C', 'D') } });
    expect(result.TRAFFIC_LIGHT).toBe('A');
    expect(result.EXPLANATION).toEqual([
      { STATUS: 'A', MESSAGE: 'Effective UCAS points 104 are below the advertised tariff of 120 but meet the accepted tariff of 96.' },
    ]);
  });

  it('is amber at exactly the accepted tariff', () => {
    const result = assessWith({ form: { QUALIFICATIONS: aLevels('B', 'B', 'C') } });
    expect(result.UCAS_POINTS_EFFECTIVE).toBe(112);
    expect(result.TRAFFIC_LIGHT).toBe('A');
  });

  it('is red below the accepted tariff', () => {
    const result = assessWith({ form: { QUALIFICATIONS: aLevels('C', 'C', 'C') } });
    expect(result.TRAFFIC_LIGHT).toBe('R');
    expect(result.EXPLANATION).toEqual([{ STATUS: 'R', MESSAGE: 'Effective UCAS points 96 are below the accepted tariff of 112.' }]);
  });

  it('is red with no qualifications at all', () => {
    const result = assessWith({ form: { QUALIFICATIONS: [] } });
    expect(result).toMatchObject({ UCAS_POINTS_TOTAL: 0, UCAS_POINTS_EFFECTIVE: 0, TRAFFIC_LIGHT: 'R' });
  });

  it('prices every kind of item from the 2017 Tariff tables', () => {
    const ib = {
      QUALIFICATION: 'IBO',
      IB_TOTAL: '36',
      IB_TOTAL_YEAR: '2024',
      HL_SUBJECT_1: 'Physics',
      HL_GRADE_1: '7',
      HL_SUBJECT_2: 'Chemistry',
      HL_GRADE_2: '6',
      HL_SUBJECT_3: 'Mathematics',
      HL_GRADE_3: '5',
      SL_SUBJECT_1: 'English',
      SL_GRADE_1: '4',
      SL_SUBJECT_2: 'French',
      SL_GRADE_2: '4',
      SL_SUBJECT_3: 'History',
      SL_GRADE_3: '4',
      TOK_GRADE: 'A',
      EE_GRADE: 'B',
    };
    const cases: Array<[Record<string, string>, number]> = [
      [{ QUALIFICATION: 'BTEC_EXTENDED_DIPLOMA', SUBJECT: 'Engineering', GRADE: 'D*D*D*', YEAR: '2024' }, 168],
      [{ QUALIFICATION: 'BTEC_DIPLOMA', SUBJECT: 'Business', GRADE: 'DM', YEAR: '2024' }, 80],
      [{ QUALIFICATION: 'OCR_EXTENDED_CERTIFICATE', SUBJECT: 'Business', GRADE: 'M', YEAR: '2024' }, 32],
      [{ QUALIFICATION: 'ASLEVEL', SUBJECT: 'Biology', GRADE: 'B', YEAR: '2023' }, 16],
      [{ QUALIFICATION: 'SCOTTISH_HIGHER', SUBJECT: 'Physics', GRADE: 'A', YEAR: '2023' }, 33],
      [{ QUALIFICATION: 'SCOTTISH_ADVANCED_HIGHER', SUBJECT: 'Physics', GRADE: 'B', YEAR: '2024' }, 48],
      [{ QUALIFICATION: 'EPQ', SUBJECT: 'Robots', GRADE: 'A*', YEAR: '2024' }, 28],
      [{ QUALIFICATION: 'T_LEVEL', SUBJECT: 'Digital', GRADE: 'Merit', YEAR: '2024' }, 120],
      [{ QUALIFICATION: 'ACCESS_HE', SUBJECT: 'Science', DISTINCTION_CREDITS: '30', MERIT_CREDITS: '15', PASS_CREDITS: '0', YEAR: '2024' }, 128],
      [ib, 56 + 48 + 32 + 12 + 12 + 12 + 12 + 10],
      [englishTest('ielts', '7.5'), 0],
      [{ QUALIFICATION: 'OTHER', TITLE: 'Diploma', GRADE: 'Pass', YEAR: '2024' }, 0],
    ];
    for (const [item, points] of cases) {
      expect(assessWith({ form: { QUALIFICATIONS: [item as never] } }).UCAS_POINTS_TOTAL).toBe(points);
    }
  });

  it('gives GCSE-group items no points', () => {
    const result = assessWith({ form: { QUALIFICATIONS: [], GCSE_QUALIFICATIONS: [...FIVE_GCSES, gcse('History', '9')] } });
    expect(result.UCAS_POINTS_TOTAL).toBe(0);
  });
});

describe('assess: effective points (domain.md "Tariff points")', () => {
  it('leaves out an AS Level whose subject is also present at A Level', () => {
    const result = assessWith({ form: { QUALIFICATIONS: [...aLevels('A*', 'A', 'B'), alevel('Mathematics', 'A', 'ASLEVEL')] } });
    expect(result.UCAS_POINTS_TOTAL).toBe(164);
    expect(result.UCAS_POINTS_EFFECTIVE).toBe(144);
    expect(result.EXPLANATION).toEqual([{ STATUS: 'G', MESSAGE: 'Effective UCAS points 144 meet the advertised tariff of 128.' }]);
  });

  it('counts an AS Level in a subject not taken at A Level', () => {
    const result = assessWith({ form: { QUALIFICATIONS: [...aLevels('A*', 'A', 'B'), alevel('Biology', 'A', 'ASLEVEL')] } });
    expect(result.UCAS_POINTS_EFFECTIVE).toBe(164);
  });

  it('keeps an AS Level whose subject is at A Level only with a U (no points): the AS counts', () => {
    const result = assessWith({
      form: { QUALIFICATIONS: [alevel('Mathematics', 'U'), alevel('Physics', 'A*'), alevel('Chemistry', 'A'), alevel('Mathematics', 'B', 'ASLEVEL')] },
    });
    expect(result.UCAS_POINTS_TOTAL).toBe(56 + 48 + 16);
    expect(result.UCAS_POINTS_EFFECTIVE).toBe(56 + 48 + 16);
    expect(result.EXPLANATION).toEqual([
      { STATUS: 'A', MESSAGE: 'Effective UCAS points 120 are below the advertised tariff of 128 but meet the accepted tariff of 112.' },
    ]);
  });

  it('names the points left out when they matter to an amber or red result', () => {
    const result = assessWith({ form: { QUALIFICATIONS: [...aLevels('B', 'B', 'B'), alevel('Mathematics', 'A', 'ASLEVEL')] } });
    expect(result.UCAS_POINTS_TOTAL).toBe(140);
    expect(result.TRAFFIC_LIGHT).toBe('A');
    expect(result.EXPLANATION).toEqual([
      { STATUS: 'A', MESSAGE: 'Effective UCAS points 120 are below the advertised tariff of 128 but meet the accepted tariff of 112.' },
      { STATUS: 'A', MESSAGE: 'UCAS points total 140 includes 20 points that do not count for this course: AS Level Mathematics, also taken at A Level (20).' },
    ]);
  });

  it('leaves out types the course marks countsTowardsTariff false', () => {
    const qualOptions = withOption(buildQualOption('EPQ', { countsTowardsTariff: false }));
    const epq = { QUALIFICATION: 'EPQ', SUBJECT: 'Robots', GRADE: 'A', YEAR: '2024' };
    const result = assessWith({ qualOptions, form: { QUALIFICATIONS: [...aLevels('C', 'C', 'C'), epq] } });
    expect(result.UCAS_POINTS_TOTAL).toBe(120);
    expect(result.UCAS_POINTS_EFFECTIVE).toBe(96);
    expect(result.EXPLANATION).toEqual([
      { STATUS: 'R', MESSAGE: 'Effective UCAS points 96 are below the accepted tariff of 112.' },
      {
        STATUS: 'R',
        MESSAGE: 'UCAS points total 120 includes 24 points that do not count for this course: Extended Project Qualification, not counted by this course (24).',
      },
    ]);
  });
});

describe('assess: option colours (domain.md traffic light rule 2)', () => {
  const colouredALevel = withOption(buildQualOption('ALEVEL', { colours: { GRADE: { C: 'A', D: 'R', 'A*': 'G' }, SUBJECT: { 'Media Studies': 'A' } } }));

  it('turns the light red for a grade the course colours red, even with green points', () => {
    const result = assessWith({ qualOptions: colouredALevel, form: { QUALIFICATIONS: aLevels('A*', 'A', 'D') } });
    expect(result.UCAS_POINTS_EFFECTIVE).toBe(128);
    expect(result.TRAFFIC_LIGHT).toBe('R');
    expect(result.EXPLANATION).toEqual([
      { STATUS: 'G', MESSAGE: 'Effective UCAS points 128 meet the advertised tariff of 128.' },
      { STATUS: 'R', MESSAGE: 'A Level Computer Science: Grade D is rated red by this course.' },
    ]);
  });

  it('turns the light amber for an amber subject', () => {
    const result = assessWith({
      qualOptions: colouredALevel,
      form: { QUALIFICATIONS: [alevel('Mathematics', 'A*'), alevel('Physics', 'A*'), alevel('Media Studies', 'A*')] },
    });
    expect(result.TRAFFIC_LIGHT).toBe('A');
    expect(result.EXPLANATION[1]).toEqual({ STATUS: 'A', MESSAGE: 'A Level: Subject Media Studies is rated amber by this course.' });
  });

  it('adds nothing for a green option', () => {
    const result = assessWith({ qualOptions: colouredALevel, form: { QUALIFICATIONS: aLevels('A*', 'A*', 'A*') } });
    expect(result.TRAFFIC_LIGHT).toBe('G');
    expect(result.EXPLANATION).toHaveLength(1);
  });

  it('reads colours of GCSE-group options too', () => {
    const qualOptions = withOption(buildQualOption('GCSE', { colours: { GRADE: { '4': 'A' } } }));
    const result = assessWith({ qualOptions, form: { GCSE_QUALIFICATIONS: [...FIVE_GCSES.slice(1), gcse('English Language', '4')] } });
    expect(result.TRAFFIC_LIGHT).toBe('A');
    expect(result.EXPLANATION[1]).toEqual({ STATUS: 'A', MESSAGE: 'GCSE English Language: Grade 4 is rated amber by this course.' });
  });

  it('names the IB subject of a coloured IB grade', () => {
    const qualOptions = withOption(buildQualOption('IBO', { colours: { HL_GRADE_2: { '4': 'R' } } }));
    const ib = { QUALIFICATION: 'IBO', IB_TOTAL: '30', IB_TOTAL_YEAR: '2024', HL_SUBJECT_2: 'Chemistry', HL_GRADE_2: '4' };
    const result = assessWith({ qualOptions, form: { QUALIFICATIONS: [...aLevels('A*', 'A*', 'A*'), ib] } });
    expect(result.EXPLANATION[1]).toEqual({
      STATUS: 'R',
      MESSAGE: 'International Baccalaureate (IBO) Chemistry: Higher Level Subject 2 grade 4 is rated red by this course.',
    });
  });
});

describe('assess: the light is the worst of every rule', () => {
  it('is red when the points are green but a requirement fails', () => {
    const result = assessWith({
      form: {
        QUALIFICATIONS: humanities('A*', 'A', 'B'),
        GCSE_QUALIFICATIONS: FIVE_GCSES.filter((g) => g.SUBJECT !== 'Mathematics').concat(gcse('History', '5')),
      },
    });
    expect(result.TRAFFIC_LIGHT).toBe('R');
    expect(result.EXPLANATION).toEqual([
      { STATUS: 'G', MESSAGE: 'Effective UCAS points 144 meet the advertised tariff of 128.' },
      { STATUS: 'R', MESSAGE: 'GCSE Mathematics at grade 4/C or above is required.' },
    ]);
  });

  it('is amber when the points are green and English evidence is missing', () => {
    const result = assessWith({
      course: { SCHOOL: 'ART' },
      form: { NATIONALITY: 'CHN', GCSE_QUALIFICATIONS: [gcse('Mathematics', '7')] },
    });
    expect(result.TRAFFIC_LIGHT).toBe('A');
    expect(result.EXPLANATION.map((e) => e.STATUS)).toEqual(['G', 'A']);
  });

  it('keeps red when an amber rule and a red rule both apply', () => {
    const result = assessWith({ form: { NATIONALITY: 'CHN', GCSE_QUALIFICATIONS: [], QUALIFICATIONS: humanities('B', 'B', 'B') } });
    expect(result.TRAFFIC_LIGHT).toBe('R');
    // Points A; Mathematics and the Sciences count R; English evidence A (a test may still show it).
    expect(result.EXPLANATION.map((e) => e.STATUS)).toEqual(['A', 'R', 'R', 'A']);
  });

  it('answers something the contract schema accepts', () => {
    expect(assessmentSchema.safeParse(assessWith()).success).toBe(true);
  });
});

describe('assess: bad input is an error naming the field, never zero', () => {
  const detail = createCourseDetail();
  const run = (form: Parameters<typeof assessWith>[0]) => () => assessWith({ ...form, qualOptions: detail.qualOptions });

  it('rejects a grade the course does not offer', () => {
    const attempt = run({ form: { QUALIFICATIONS: [alevel('Mathematics', 'A'), alevel('Physics', 'Z')] } });
    expect(attempt).toThrow(AssessmentInputError);
    expect(attempt).toThrow("QUALIFICATIONS.1.GRADE: 'Grade' must be one of: A*, A, B, C, D, E, U");
  });

  it('rejects a type the course does not offer', () => {
    expect(run({ form: { QUALIFICATIONS: [{ QUALIFICATION: 'BTEC_DIPLOMA', SUBJECT: 'Business', GRADE: 'DD', YEAR: '2024' }] } })).toThrow(
      "QUALIFICATIONS.0.QUALIFICATION: 'Qualification' must be one of: ALEVEL, ENGLISH_TEST",
    );
  });

  it('rejects a grade the course offers but the Tariff does not know', () => {
    const odd: QualOption = {
      ...buildQualOption('ALEVEL'),
      fields: buildQualOption('ALEVEL').fields.map((f) => (f.name === 'GRADE' ? { ...f, options: [...(f.options ?? []), { value: 'Z', label: 'Z' }] } : f)),
    };
    const attempt = () =>
      assess({ course: detail.courseData, qualOptions: [odd], form: { SECOND_YEAR_ENTRY: '0', QUALIFICATIONS: [alevel('Physics', 'Z')] }, access: null });
    expect(attempt).toThrow("QUALIFICATIONS.0.GRADE: 'Z' is not a grade of ALEVEL. No UCAS Tariff value.");
  });

  it('rejects an Access to HE profile of more than 45 credits', () => {
    const item = { QUALIFICATION: 'ACCESS_HE', SUBJECT: 'Science', DISTINCTION_CREDITS: '30', MERIT_CREDITS: '15', PASS_CREDITS: '6', YEAR: '2024' };
    expect(() => assessWith({ form: { QUALIFICATIONS: [item] } })).toThrow('QUALIFICATIONS.0: The total number of credits must not be higher than 45.');
  });
});

describe('the README worked example', () => {
  const form = {
    GCSE_QUALIFICATIONS: [gcse('English Language', '5'), gcse('Mathematics', '5')],
    QUALIFICATIONS: [alevel('Mathematics', 'A*'), alevel('Physics', 'A'), alevel('Chemistry', 'B')],
  };

  it('A*AB with GCSE English and Mathematics at 5 is 144 points, green, on a 128/112 course', () => {
    const result = assessWith({ course: { SCHOOL: 'BUS' }, form, access: 'Back Office' });
    expect(result).toEqual({
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

  it('is red on a Sciences school course, for want of five GCSEs', () => {
    const result = assessWith({ form });
    expect(result.TRAFFIC_LIGHT).toBe('R');
    expect(result.EXPLANATION.at(-1)).toEqual({
      STATUS: 'R',
      MESSAGE: 'Courses in the Sciences school require at least 5 GCSEs at grade 4/C or above; 2 were given.',
    });
  });
});

describe('option colours name only real entry requirements (domain.md "Traffic light")', () => {
  const mathsCourse = [
    ...ALL_QUAL_OPTIONS.filter((o) => o.qualification !== 'ALEVEL'),
    buildQualOption('ALEVEL', { colours: { GRADE: { C: 'A', D: 'R', E: 'R', U: 'R' } }, colourSubjects: { GRADE: ['Mathematics'] } }),
  ];
  const strong = (extra: QualificationItem[]) => ({
    QUALIFICATIONS: [
      { QUALIFICATION: 'ALEVEL', SUBJECT: 'Mathematics', GRADE: 'A', YEAR: '2024' },
      { QUALIFICATION: 'ALEVEL', SUBJECT: 'Physics', GRADE: 'A', YEAR: '2024' },
      { QUALIFICATION: 'ALEVEL', SUBJECT: 'Chemistry', GRADE: 'A', YEAR: '2024' },
      ...extra,
    ],
  });

  it('an E in an unrelated A level never makes a strong applicant red', () => {
    const result = assessWith({ qualOptions: mathsCourse, form: strong([{ QUALIFICATION: 'ALEVEL', SUBJECT: 'French', GRADE: 'E', YEAR: '2024' }]) });
    expect(result.TRAFFIC_LIGHT).toBe('G');
  });

  it('A level Mathematics below B on a mathematics degree is coloured as the course says', () => {
    const form = {
      QUALIFICATIONS: [
        { QUALIFICATION: 'ALEVEL', SUBJECT: 'Mathematics', GRADE: 'D', YEAR: '2024' },
        { QUALIFICATION: 'ALEVEL', SUBJECT: 'Physics', GRADE: 'A*', YEAR: '2024' },
        { QUALIFICATION: 'ALEVEL', SUBJECT: 'Chemistry', GRADE: 'A*', YEAR: '2024' },
        { QUALIFICATION: 'ALEVEL', SUBJECT: 'Biology', GRADE: 'A', YEAR: '2024' },
      ],
    };
    const result = assessWith({ qualOptions: mathsCourse, form });
    expect(result.TRAFFIC_LIGHT).toBe('R');
    expect(result.EXPLANATION.at(-1)).toEqual({ STATUS: 'R', MESSAGE: 'A Level Mathematics: Grade D is rated red by this course.' });
  });

  it("a grade 3 in GCSE French never makes a strong applicant red on the demo catalogue's GCSE options (no GCSE colours)", () => {
    const gcses = [...createAssessForm().GCSE_QUALIFICATIONS, gcse('French', '3')];
    expect(assessWith({ form: { GCSE_QUALIFICATIONS: gcses } }).TRAFFIC_LIGHT).toBe('G');
  });

  it("a resit's lower attempt is not coloured: only the best grade counts", () => {
    const result = assessWith({
      qualOptions: mathsCourse,
      form: strong([{ QUALIFICATION: 'ALEVEL', SUBJECT: 'Mathematics', GRADE: 'D', YEAR: '2023' }]),
    });
    expect(result.TRAFFIC_LIGHT).toBe('G');
    expect(result.UCAS_POINTS_TOTAL).toBe(144);
  });
});

describe('Access to HE (domain.md "Access to HE")', () => {
  const access = (credits: Record<string, string>) => ({
    QUALIFICATIONS: [{ QUALIFICATION: 'ACCESS_HE', SUBJECT: 'Science', YEAR: '2025', ...credits }],
  });

  it('prices a complete 45-credit profile, empty fields counting 0', () => {
    expect(assessWith({ course: { SCHOOL: 'ART' }, form: access({ DISTINCTION_CREDITS: '45' }) }).UCAS_POINTS_TOTAL).toBe(144);
  });

  it('gives fewer graded credits 0 points with an explanation saying so', () => {
    const result = assessWith({ course: { SCHOOL: 'ART' }, form: access({ DISTINCTION_CREDITS: '30' }) });
    expect(result.UCAS_POINTS_TOTAL).toBe(0);
    expect(result.EXPLANATION).toEqual([
      { STATUS: 'R', MESSAGE: 'Effective UCAS points 0 are below the accepted tariff of 112.' },
      {
        STATUS: 'R',
        MESSAGE: 'Access to HE Diploma with 30 graded credits carries 0 UCAS points: UCAS gives points only for a complete profile of 45 graded credits.',
      },
    ]);
  });
});

describe('assess: automatic rejection only for a priced points shortfall', () => {
  const other = (TITLE: string): QualificationItem => ({ QUALIFICATION: 'OTHER', TITLE, GRADE: '92%', YEAR: '2025' });

  it('allows automatic rejection when the only red reason is a points shortfall on priced qualifications', () => {
    const result = assessWith({ form: { QUALIFICATIONS: aLevels('C', 'C', 'C'), GCSE_QUALIFICATIONS: FIVE_GCSES } });
    expect(result.TRAFFIC_LIGHT).toBe('R');
    expect(result.AUTOMATIC_REJECTION).toBe(true);
  });

  it('turns a points-only red amber when an unpriced Other qualification is given, for a person to judge', () => {
    const result = assessWith({
      form: { QUALIFICATIONS: [other('CBSE Class XII'), alevel('Mathematics', 'C')], GCSE_QUALIFICATIONS: FIVE_GCSES },
    });
    expect(result.UCAS_POINTS_EFFECTIVE).toBe(32);
    expect(result.TRAFFIC_LIGHT).toBe('A');
    expect(result.AUTOMATIC_REJECTION).toBe(false);
    expect(result.EXPLANATION).toEqual([
      { STATUS: 'A', MESSAGE: 'Effective UCAS points 32 are below the accepted tariff of 112.' },
      {
        STATUS: 'A',
        MESSAGE:
          "This qualification carries no UCAS Tariff points: 'CBSE Class XII'. An admissions adviser must judge whether they meet the entry requirements.",
      },
    ]);
  });

  it('never allows automatic rejection for a red GCSE requirement, even with a points shortfall too', () => {
    const result = assessWith({ form: { QUALIFICATIONS: aLevels('C', 'C', 'C'), GCSE_QUALIFICATIONS: [gcse('English Language', '5')] } });
    expect(result.TRAFFIC_LIGHT).toBe('R');
    expect(result.AUTOMATIC_REJECTION).toBe(false);
  });

  it('is not an automatic rejection when the points are green but a requirement is red', () => {
    const result = assessWith({ form: { QUALIFICATIONS: aLevels('A*', 'A*', 'A*'), GCSE_QUALIFICATIONS: [] } });
    expect(result.TRAFFIC_LIGHT).toBe('R');
    expect(result.AUTOMATIC_REJECTION).toBe(false);
  });

  it('is false for a green or amber light', () => {
    expect(assessWith({ form: { QUALIFICATIONS: aLevels('A*', 'A*', 'A*'), GCSE_QUALIFICATIONS: FIVE_GCSES } }).AUTOMATIC_REJECTION).toBe(false);
    expect(assessWith({ form: { QUALIFICATIONS: aLevels('B', 'B', 'C'), GCSE_QUALIFICATIONS: FIVE_GCSES } }).AUTOMATIC_REJECTION).toBe(false);
  });
});
