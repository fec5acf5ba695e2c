import { FIVE_GCSES, alevel, assessWith as assessAny, englishTest, gcse, type AssessWith } from './test-fixtures';

/** A levels (144 points) in no subject a GCSE-level rule names, so only the GCSE group can meet them. */
const HUMANITIES = [alevel('History', 'A*'), alevel('Geography', 'A'), alevel('Sociology', 'B')];
const assessWith = (input: AssessWith = {}) => assessAny({ ...input, form: { QUALIFICATIONS: HUMANITIES, ...input.form } });

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

  it("takes Northern Ireland's CCEA C* (between B and C) as meeting 4/C, and D as not", () => {
    const met = assessWith({ course: ARTS, form: { GCSE_QUALIFICATIONS: [gcse('English Language', 'C*'), gcse('Mathematics', 'C*')] } });
    expect(met.TRAFFIC_LIGHT).toBe('G');
    const below = assessWith({ course: ARTS, form: { GCSE_QUALIFICATIONS: [gcse('English Language', 'C*'), gcse('Mathematics', 'D')] } });
    expect(messages(below)).toEqual([{ STATUS: 'R', MESSAGE: 'GCSE Mathematics at grade 4/C or above is required. Grade given: D.' }]);
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

  it.each(['USA', 'CAN', 'AUS', 'NZL', 'JAM'])(
    'meets English by nationality for %s (UKVI majority English-speaking list): no GCSE and no test asked',
    (nationality) => {
      const result = run(nationality);
      expect(result.TRAFFIC_LIGHT).toBe('G');
      expect(messages(result)).toEqual([]);
      // A test they give is still shown, never held against them.
      expect(run(nationality, [englishTest('ielts', '4')]).TRAFFIC_LIGHT).toBe('G');
    },
  );

  it.each(['GBR', 'IRL', ''])('is red for a UK or Irish applicant (%s) with no English evidence at all', (nationality) => {
    const result = run(nationality);
    expect(result.TRAFFIC_LIGHT).toBe('R');
    expect(messages(result)).toEqual([{ STATUS: 'R', MESSAGE: 'GCSE English at grade 4/C or above is required.' }]);
  });

  it.each(['GBR', 'IRL'])('takes a test at the minimum as English evidence from a UK or Irish applicant (%s); one below it is amber', (nationality) => {
    expect(run(nationality, [englishTest('ielts', '7')]).TRAFFIC_LIGHT).toBe('G');
    const low = run(nationality, [englishTest('ielts', '5')]);
    expect(low.TRAFFIC_LIGHT).toBe('A');
    expect(messages(low)).toEqual([
      { STATUS: 'A', MESSAGE: 'IELTS score 5.0 is below the minimum of 6.0 for this course. Please provide evidence of English at the required level.' },
    ]);
  });

  it('asks an Indian national with no test for evidence (amber), and takes IELTS 6.5 (green)', () => {
    expect(run('IND').TRAFFIC_LIGHT).toBe('A');
    expect(run('IND', [englishTest('ielts', '6.5')]).TRAFFIC_LIGHT).toBe('G');
  });
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

describe('GCSE-level equivalents (one table: National 5, Leaving Certificate, a higher qualification in the subject)', () => {
  const item = (QUALIFICATION: string, SUBJECT: string, GRADE: string) => ({ QUALIFICATION, SUBJECT, GRADE, YEAR: '2024' });
  const engineering = { course: ARTS, assessmentInfo: { engineering: true } };

  it('decides a Scottish engineering caller (Highers AABB, Advanced Higher B, National 5s) green, not red', () => {
    const result = assessWith({
      ...engineering,
      course: { ...ARTS, TARIFF_ADVERTISED: 128, TARIFF_ACCEPTED: 112 },
      form: {
        GCSE_QUALIFICATIONS: [
          item('SCOTTISH_NATIONAL_5', 'Mathematics', 'B'),
          item('SCOTTISH_NATIONAL_5', 'English', 'C'),
          item('SCOTTISH_NATIONAL_5', 'Physics', 'A'),
        ],
        QUALIFICATIONS: [
          item('SCOTTISH_HIGHER', 'Mathematics', 'A'),
          item('SCOTTISH_HIGHER', 'Physics', 'A'),
          item('SCOTTISH_HIGHER', 'English', 'B'),
          item('SCOTTISH_HIGHER', 'Chemistry', 'B'),
          item('SCOTTISH_ADVANCED_HIGHER', 'Mathematics', 'B'),
        ],
      },
    });
    expect(result.UCAS_POINTS_TOTAL).toBe(33 + 33 + 27 + 27 + 48);
    expect(result.TRAFFIC_LIGHT).toBe('G');
    expect(result.EXPLANATION).toEqual([{ STATUS: 'G', MESSAGE: 'Effective UCAS points 168 meet the advertised tariff of 128.' }]);
  });

  it('does not take National 5 at D, and names the grade', () => {
    const result = assessWith({
      course: ARTS,
      form: { GCSE_QUALIFICATIONS: [item('SCOTTISH_NATIONAL_5', 'Mathematics', 'D'), gcse('English Language', '5')] },
    });
    expect(messages(result)).toEqual([{ STATUS: 'R', MESSAGE: 'GCSE Mathematics at grade 4/C or above is required. Grade given: D.' }]);
  });

  it('prices an Irish caller (Higher H1 H1 H2 H2 H3 H3, Ordinary O3 Mathematics) at 190 and meets every GCSE-level rule', () => {
    const result = assessWith({
      ...engineering,
      course: { ...ARTS, TARIFF_ADVERTISED: 128, TARIFF_ACCEPTED: 112 },
      form: {
        NATIONALITY: 'IRL',
        GCSE_QUALIFICATIONS: [item('IRISH_LC_ORDINARY', 'Mathematics', 'O3')],
        QUALIFICATIONS: ['English', 'Physics', 'Irish', 'French', 'History', 'Geography'].map((subject, i) =>
          item('IRISH_LC_HIGHER', subject, ['H1', 'H1', 'H2', 'H2', 'H3', 'H3'][i] as string),
        ),
      },
    });
    expect(result.UCAS_POINTS_TOTAL).toBe(190);
    expect(result.TRAFFIC_LIGHT).toBe('G');
  });

  it('takes Leaving Certificate Ordinary O4 and Higher H6, not O5 or H7', () => {
    const form = (maths: ReturnType<typeof item>) => ({ GCSE_QUALIFICATIONS: [gcse('English Language', '5'), maths] });
    expect(assessWith({ course: ARTS, form: form(item('IRISH_LC_ORDINARY', 'Mathematics', 'O4')) }).TRAFFIC_LIGHT).toBe('G');
    expect(assessWith({ course: ARTS, form: form(item('IRISH_LC_ORDINARY', 'Mathematics', 'O5')) }).TRAFFIC_LIGHT).toBe('R');
    const higher = (grade: string) =>
      assessWith({
        course: ARTS,
        form: { GCSE_QUALIFICATIONS: [gcse('English Language', '5')], QUALIFICATIONS: [...HUMANITIES, item('IRISH_LC_HIGHER', 'Mathematics', grade)] },
      });
    expect(higher('H6').TRAFFIC_LIGHT).toBe('G');
    expect(higher('H7').TRAFFIC_LIGHT).toBe('R');
  });

  it('meets GCSE Mathematics with A level Mathematics (a higher qualification in the subject), even at E, but not U', () => {
    const result = (grade: string) =>
      assessWith({
        course: ARTS,
        form: { GCSE_QUALIFICATIONS: [gcse('English Language', '5')], QUALIFICATIONS: [...HUMANITIES, alevel('Mathematics', grade)] },
      });
    expect(result('E').TRAFFIC_LIGHT).toBe('G');
    expect(result('U').TRAFFIC_LIGHT).toBe('R');
  });

  it('meets GCSE English and Mathematics with IB Standard Level at 4 or above', () => {
    const ib = {
      QUALIFICATION: 'IBO',
      IB_TOTAL: '34',
      IB_TOTAL_YEAR: '2025',
      SL_SUBJECT_1: 'Mathematics: Analysis and Approaches',
      SL_GRADE_1: '5',
      SL_SUBJECT_2: 'English A: Literature',
      SL_GRADE_2: '4',
    };
    const result = assessWith({ course: ARTS, form: { GCSE_QUALIFICATIONS: [], QUALIFICATIONS: [...HUMANITIES, ib] } });
    expect(messages(result)).toEqual([]);
    const low = assessWith({ course: ARTS, form: { GCSE_QUALIFICATIONS: [], QUALIFICATIONS: [...HUMANITIES, { ...ib, SL_GRADE_1: '3' }] } });
    expect(messages(low)).toEqual([{ STATUS: 'R', MESSAGE: 'GCSE Mathematics at grade 4/C or above is required.' }]);
  });

  it('counts GCSE Combined Science (double award) as two GCSEs for the Sciences school', () => {
    const four = [gcse('English Language', '5'), gcse('Mathematics', '5'), gcse('Combined Science', '5'), gcse('History', '5')];
    expect(assessWith({ form: { GCSE_QUALIFICATIONS: four } }).TRAFFIC_LIGHT).toBe('G');
    const result = assessWith({ form: { GCSE_QUALIFICATIONS: four.slice(0, 3) } });
    expect(result.EXPLANATION.at(-1)?.MESSAGE).toBe('Courses in the Sciences school require at least 5 GCSEs at grade 4/C or above; 4 were given.');
  });

  it('counts National 5 and Leaving Certificate subjects at their GCSE-level grades towards the Sciences school five', () => {
    const scottish = ['English', 'Mathematics', 'Physics', 'Chemistry', 'Biology'].map((s) => item('SCOTTISH_NATIONAL_5', s, 'C'));
    expect(assessWith({ form: { GCSE_QUALIFICATIONS: scottish } }).TRAFFIC_LIGHT).toBe('G');
  });
});
