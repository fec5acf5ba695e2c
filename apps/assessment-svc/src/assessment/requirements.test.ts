import { FIVE_GCSES, assessWith, englishTest, gcse } from './test-fixtures';

/** A course outside the Sciences school, so that the 5-GCSE rule stays out of the way. */
const ARTS = { SCHOOL: 'ART' };
const ENGLISH_AND_MATHS = [gcse('English Language', '5'), gcse('Mathematics', '5')];
const messages = (result: ReturnType<typeof assessWith>) => result.EXPLANATION.slice(1);

describe('requirement: GCSE English and Mathematics at 4/C (domain.md traffic light rule 3)', () => {
  it('is met by grade 4 or above, or C or above', () => {
    for (const grades of [
      ['4', '9'],
      ['C', 'A*'],
      ['5', 'B'],
    ] as const) {
      const result = assessWith({ course: ARTS, form: { GCSE_QUALIFICATIONS: [gcse('English Language', grades[0]), gcse('Mathematics', grades[1])] } });
      expect(result.TRAFFIC_LIGHT).toBe('G');
    }
  });

  it('accepts IGCSE English Language at C and O Level English and Mathematics A-C', () => {
    for (const english of [gcse('English Language', 'C', 'IGCSE'), gcse('English', 'C', 'OLEVEL'), gcse('English as a Second Language', '4', 'IGCSE')]) {
      const result = assessWith({ course: ARTS, form: { GCSE_QUALIFICATIONS: [english, gcse('Mathematics', 'B', 'OLEVEL')] } });
      expect(result.TRAFFIC_LIGHT).toBe('G');
    }
  });

  it('does not take English Literature alone for English Language (domain.md)', () => {
    const result = assessWith({ course: ARTS, form: { GCSE_QUALIFICATIONS: [gcse('English Literature', '7'), gcse('Mathematics', '5')] } });
    expect(messages(result)).toEqual([{ STATUS: 'R', MESSAGE: 'GCSE English at grade 4/C or above is required.' }]);
  });

  it('is red without GCSE English', () => {
    const result = assessWith({ course: ARTS, form: { GCSE_QUALIFICATIONS: [gcse('Mathematics', '5')] } });
    expect(result.TRAFFIC_LIGHT).toBe('R');
    expect(messages(result)).toEqual([{ STATUS: 'R', MESSAGE: 'GCSE English at grade 4/C or above is required.' }]);
  });

  it('names the grades given when they are below 4/C', () => {
    const result = assessWith({
      course: ARTS,
      form: { GCSE_QUALIFICATIONS: [gcse('English Language', '3'), gcse('English', 'D', 'OLEVEL'), gcse('Mathematics', 'D')] },
    });
    expect(messages(result)).toEqual([
      { STATUS: 'R', MESSAGE: 'GCSE Mathematics at grade 4/C or above is required. Grade given: D.' },
      { STATUS: 'R', MESSAGE: 'GCSE English at grade 4/C or above is required. Grades given: 3, D.' },
    ]);
  });

  it('counts O Level D as below C', () => {
    const result = assessWith({ course: ARTS, form: { GCSE_QUALIFICATIONS: [gcse('English Language', '6'), gcse('Mathematics', 'D', 'OLEVEL')] } });
    expect(result.TRAFFIC_LIGHT).toBe('R');
  });

  it('lets Functional Skills Pass stand in where the course accepts it', () => {
    const form = { GCSE_QUALIFICATIONS: [gcse('English Language', '6'), gcse('Mathematics', 'Pass', 'FUNCTIONAL_SKILLS')] };
    expect(assessWith({ course: ARTS, assessmentInfo: { functionalSkillsAccepted: true }, form }).TRAFFIC_LIGHT).toBe('G');
    const refused = assessWith({ course: ARTS, assessmentInfo: { functionalSkillsAccepted: false }, form });
    expect(messages(refused)).toEqual([{ STATUS: 'R', MESSAGE: 'GCSE Mathematics at grade 4/C or above is required.' }]);
  });

  it('does not accept Functional Skills Fail, and says Functional Skills would do', () => {
    const result = assessWith({
      course: ARTS,
      assessmentInfo: { functionalSkillsAccepted: true },
      form: { GCSE_QUALIFICATIONS: [gcse('English', 'Fail', 'FUNCTIONAL_SKILLS'), gcse('Mathematics', '4')] },
    });
    expect(messages(result)).toEqual([
      { STATUS: 'R', MESSAGE: 'GCSE English at grade 4/C or above (or Functional Skills Level 2 English at Pass) is required.' },
    ]);
  });
});

describe('requirement: engineering courses need GCSE Physics or a science at 4/C', () => {
  const engineering = { assessmentInfo: { engineering: true }, course: ARTS };

  it('is red without a science', () => {
    const result = assessWith({ ...engineering, form: { GCSE_QUALIFICATIONS: [...ENGLISH_AND_MATHS, gcse('History', '9')] } });
    expect(messages(result)).toEqual([
      { STATUS: 'R', MESSAGE: 'Engineering courses require GCSE Physics or another science (Chemistry, Biology or Combined Science) at grade 4/C or above.' },
    ]);
  });

  it('is red with a science below 4/C', () => {
    const result = assessWith({ ...engineering, form: { GCSE_QUALIFICATIONS: [...ENGLISH_AND_MATHS, gcse('Physics', '3')] } });
    expect(result.TRAFFIC_LIGHT).toBe('R');
  });

  it.each([
    ['Physics', '4', 'GCSE'],
    ['Chemistry', 'B', 'IGCSE'],
    ['Biology', 'C', 'OLEVEL'],
    ['Combined Science', '5', 'GCSE'],
  ])('is met by %s at %s (%s)', (subject, grade, type) => {
    const result = assessWith({ ...engineering, form: { GCSE_QUALIFICATIONS: [...ENGLISH_AND_MATHS, gcse(subject, grade, type)] } });
    expect(result.TRAFFIC_LIGHT).toBe('G');
  });

  it('does not apply to other courses', () => {
    expect(assessWith({ course: ARTS, form: { GCSE_QUALIFICATIONS: ENGLISH_AND_MATHS } }).TRAFFIC_LIGHT).toBe('G');
  });
});

describe('requirement: Sciences school courses need at least 5 GCSEs', () => {
  it('is red with 4 GCSEs and names both numbers', () => {
    const result = assessWith({ form: { GCSE_QUALIFICATIONS: FIVE_GCSES.slice(0, 4) } });
    expect(messages(result)).toEqual([
      { STATUS: 'R', MESSAGE: 'Courses in the Sciences school require at least 5 GCSEs at grade 4/C or above; 4 were given.' },
    ]);
  });

  it('says "was" for one', () => {
    const result = assessWith({ form: { GCSE_QUALIFICATIONS: [gcse('English Language', '5')] } });
    expect(result.EXPLANATION.at(-1)).toEqual({
      STATUS: 'R',
      MESSAGE: 'Courses in the Sciences school require at least 5 GCSEs at grade 4/C or above; 1 was given.',
    });
  });

  it('counts GCSE, IGCSE and O Level subjects at 4/C or above, but not lower grades or Functional Skills', () => {
    const mixed = [gcse('English Language', '5'), gcse('Mathematics', '5'), gcse('Physics', 'B', 'IGCSE'), gcse('Art', 'C', 'OLEVEL')];
    expect(assessWith({ form: { GCSE_QUALIFICATIONS: [...mixed, gcse('History', '4')] } }).TRAFFIC_LIGHT).toBe('G');
    const lowFifth = assessWith({ form: { GCSE_QUALIFICATIONS: [...mixed, gcse('History', '3')] } });
    expect(lowFifth.EXPLANATION.at(-1)?.MESSAGE).toBe('Courses in the Sciences school require at least 5 GCSEs at grade 4/C or above; 4 were given.');
    const withSkills = assessWith({ form: { GCSE_QUALIFICATIONS: [...mixed, gcse('English', 'Pass', 'FUNCTIONAL_SKILLS')] } });
    expect(withSkills.EXPLANATION.at(-1)?.MESSAGE).toBe('Courses in the Sciences school require at least 5 GCSEs at grade 4/C or above; 4 were given.');
  });

  it('counts a resit once (the same subject in two years is one GCSE)', () => {
    const resat = [...FIVE_GCSES.slice(0, 4), { ...gcse('Physics', '3'), YEAR: '2021' }];
    const result = assessWith({ form: { GCSE_QUALIFICATIONS: resat } });
    expect(result.EXPLANATION.at(-1)?.MESSAGE).toBe('Courses in the Sciences school require at least 5 GCSEs at grade 4/C or above; 4 were given.');
  });

  it('does not apply outside the Sciences school', () => {
    expect(assessWith({ course: ARTS, form: { GCSE_QUALIFICATIONS: ENGLISH_AND_MATHS } }).TRAFFIC_LIGHT).toBe('G');
  });
});

describe('requirement: English (domain.md "Traffic light": GCSE English or an accepted test, one equivalence table)', () => {
  /** No English at GCSE level at all: only a test can show English. */
  const noGcseEnglish = [gcse('Mathematics', '7')];
  const run = (NATIONALITY: string | undefined, tests: ReturnType<typeof englishTest>[] = [], minimumIelts = 6) =>
    assessWith({
      course: ARTS,
      assessmentInfo: { minimumIelts },
      form: { NATIONALITY, GCSE_QUALIFICATIONS: noGcseEnglish, QUALIFICATIONS: [...createALevels(), ...tests] },
    });
  const createALevels = () => [
    { QUALIFICATION: 'ALEVEL', SUBJECT: 'Mathematics', GRADE: 'A', YEAR: '2024' },
    { QUALIFICATION: 'ALEVEL', SUBJECT: 'Physics', GRADE: 'A', YEAR: '2024' },
    { QUALIFICATION: 'ALEVEL', SUBJECT: 'Chemistry', GRADE: 'A', YEAR: '2024' },
  ];

  it('gives an international applicant with AAA, GCSE Maths and IELTS 7.5 green, not a rejection', () => {
    const result = run('CHN', [englishTest('ielts', '7.5')], 6.5);
    expect(result.TRAFFIC_LIGHT).toBe('G');
    expect(result.EXPLANATION).toEqual([{ STATUS: 'G', MESSAGE: 'Effective UCAS points 144 meet the advertised tariff of 128.' }]);
  });

  it('is amber and asks for evidence when there is no test', () => {
    const result = run('CHN');
    expect(result.TRAFFIC_LIGHT).toBe('A');
    expect(messages(result)).toEqual([
      {
        STATUS: 'A',
        MESSAGE:
          'Nationality CHN without GCSE or IGCSE English at grade 4/C or above: an English language test is needed (IELTS 6.0 or above, or another recognised test). Please provide evidence of English.',
      },
    ]);
  });

  it('treats the test value "no" as no test', () => {
    expect(run('CHN', [englishTest('no', '')]).TRAFFIC_LIGHT).toBe('A');
  });

  it('is met by IELTS at or above the course minimum', () => {
    expect(run('CHN', [englishTest('ielts', '6')]).TRAFFIC_LIGHT).toBe('G');
    expect(run('CHN', [englishTest('ielts', '7.5')], 7).TRAFFIC_LIGHT).toBe('G');
  });

  it('is amber, naming the score and the minimum, when IELTS is too low', () => {
    const result = run('IND', [englishTest('ielts', '6')], 6.5);
    expect(messages(result)).toEqual([
      { STATUS: 'A', MESSAGE: 'IELTS score 6.0 is below the minimum of 6.5 for this course. Please provide evidence of English at the required level.' },
    ]);
  });

  it.each([
    ['toefl', '79', '78'],
    ['pearson', '58', '57'],
    ['cambridge', '176', '175'],
    ['trinity', 'ISE II Distinction', 'ISE II Merit'],
    ['hkdse', '5', '4'],
    ['ib', '5', '4'],
  ])('compares %s through the equivalence table at IELTS 6.5 (%s meets it, %s does not)', (test, meets, below) => {
    expect(run('BRA', [englishTest(test, meets)], 6.5).TRAFFIC_LIGHT).toBe('G');
    const result = run('BRA', [englishTest(test, below)], 6.5);
    expect(result.TRAFFIC_LIGHT).toBe('A');
    expect(messages(result)[0]?.MESSAGE).toMatch(/^.+ score .+ \(equivalent to IELTS 6\.0\) is below the minimum of IELTS 6\.5 for this course\./);
  });

  it('names the test, the score, its IELTS equivalent and the minimum', () => {
    expect(messages(run('VNM', [englishTest('toefl', '70')], 6.5))).toEqual([
      {
        STATUS: 'A',
        MESSAGE:
          'TOEFL score 70 (equivalent to IELTS 6.0) is below the minimum of IELTS 6.5 for this course. Please provide evidence of English at the required level.',
      },
    ]);
  });

  it('takes the best of several tests', () => {
    expect(run('BRA', [englishTest('ielts', '5.5'), englishTest('toefl', '100')], 6.5).TRAFFIC_LIGHT).toBe('G');
  });

  it('is met by IGCSE English at 4/C as a test, and by t4 and englang without a score', () => {
    expect(run('BRA', [englishTest('igcse', 'C')], 7).TRAFFIC_LIGHT).toBe('G');
    expect(run('BRA', [englishTest('igcse', 'D')], 7).TRAFFIC_LIGHT).toBe('A');
    expect(run('BRA', [englishTest('t4', '')]).TRAFFIC_LIGHT).toBe('G');
    expect(run('BRA', [englishTest('englang', '')]).TRAFFIC_LIGHT).toBe('G');
  });

  it('is met by GCSE or IGCSE English Language at 4/C whatever the nationality', () => {
    const result = assessWith({
      course: ARTS,
      form: { NATIONALITY: 'FRA', GCSE_QUALIFICATIONS: [gcse('English Language', 'C', 'IGCSE'), gcse('Mathematics', '7')] },
    });
    expect(result.TRAFFIC_LIGHT).toBe('G');
  });

  it.each(['GBR', 'IRL', 'USA', 'AUS', 'JAM', ''])(
    'is red without GCSE English for home and majority English-speaking nationals (%s), a test does not stand in',
    (nationality) => {
      const result = run(nationality, [englishTest('ielts', '8')]);
      expect(result.TRAFFIC_LIGHT).toBe('R');
      expect(messages(result)).toEqual([{ STATUS: 'R', MESSAGE: 'GCSE English at grade 4/C or above is required.' }]);
    },
  );
});

describe('resits (domain.md: a subject taken more than once counts once, at its best grade)', () => {
  it('meets GCSE Mathematics when a resit reaches 4, whatever the order', () => {
    const first = { ...gcse('Mathematics', '3'), YEAR: '2022' };
    const resit = { ...gcse('Mathematics', '5'), YEAR: '2023' };
    for (const items of [
      [gcse('English Language', '5'), first, resit],
      [gcse('English Language', '5'), resit, first],
    ]) {
      expect(assessWith({ course: ARTS, form: { GCSE_QUALIFICATIONS: items } }).TRAFFIC_LIGHT).toBe('G');
    }
  });

  it('counts an A level taken twice once, at the better grade', () => {
    const result = assessWith({
      course: ARTS,
      form: {
        QUALIFICATIONS: [
          { QUALIFICATION: 'ALEVEL', SUBJECT: 'Mathematics', GRADE: 'C', YEAR: '2023' },
          { QUALIFICATION: 'ALEVEL', SUBJECT: 'Mathematics', GRADE: 'A', YEAR: '2024' },
          { QUALIFICATION: 'ALEVEL', SUBJECT: 'Physics', GRADE: 'A', YEAR: '2024' },
          { QUALIFICATION: 'ALEVEL', SUBJECT: 'Chemistry', GRADE: 'A', YEAR: '2024' },
        ],
      },
    });
    expect(result.UCAS_POINTS_TOTAL).toBe(144);
  });
});
