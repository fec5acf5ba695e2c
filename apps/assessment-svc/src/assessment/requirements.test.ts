import { FIVE_GCSES, assessWith, englishTest, gcse } from './test-fixtures';

/** A course outside the Sciences school, so that the 5-GCSE rule stays out of the way. */
const ARTS = { SCHOOL: 'ART' };
const ENGLISH_AND_MATHS = [gcse('English Language', '5'), gcse('Mathematics', '5')];
const messages = (result: ReturnType<typeof assessWith>) => result.EXPLANATION.slice(1);

describe('requirement: GCSE English and Mathematics at 4/C (domain.md traffic light rule 3)', () => {
  it('is met by grade 4 or above, or C or above', () => {
    for (const grades of [['4', '9'], ['C', 'A*'], ['5', 'B']] as const) {
      const result = assessWith({ course: ARTS, form: { GCSE_QUALIFICATIONS: [gcse('English Language', grades[0]), gcse('Mathematics', grades[1])] } });
      expect(result.TRAFFIC_LIGHT).toBe('G');
    }
  });

  it('accepts English Literature, IGCSE and O Level A-C', () => {
    const result = assessWith({
      course: ARTS,
      form: { GCSE_QUALIFICATIONS: [gcse('English Literature', 'C', 'IGCSE'), gcse('Mathematics', 'B', 'OLEVEL')] },
    });
    expect(result.TRAFFIC_LIGHT).toBe('G');
  });

  it('is red without GCSE English', () => {
    const result = assessWith({ course: ARTS, form: { GCSE_QUALIFICATIONS: [gcse('Mathematics', '5')] } });
    expect(result.TRAFFIC_LIGHT).toBe('R');
    expect(messages(result)).toEqual([{ STATUS: 'R', MESSAGE: 'GCSE English at grade 4/C or above is required.' }]);
  });

  it('names the grades given when they are below 4/C', () => {
    const result = assessWith({
      course: ARTS,
      form: { GCSE_QUALIFICATIONS: [gcse('English Language', '3'), gcse('English Literature', 'D', 'OLEVEL'), gcse('Mathematics', 'D')] },
    });
    expect(messages(result)).toEqual([
      { STATUS: 'R', MESSAGE: 'GCSE English at grade 4/C or above is required. Grades given: 3, D.' },
      { STATUS: 'R', MESSAGE: 'GCSE Mathematics at grade 4/C or above is required. Grade given: D.' },
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

  it.each([['Physics', '4', 'GCSE'], ['Chemistry', 'B', 'IGCSE'], ['Biology', 'C', 'OLEVEL'], ['Combined Science', '5', 'GCSE']])(
    'is met by %s at %s (%s)',
    (subject, grade, type) => {
      const result = assessWith({ ...engineering, form: { GCSE_QUALIFICATIONS: [...ENGLISH_AND_MATHS, gcse(subject, grade, type)] } });
      expect(result.TRAFFIC_LIGHT).toBe('G');
    },
  );

  it('does not apply to other courses', () => {
    expect(assessWith({ course: ARTS, form: { GCSE_QUALIFICATIONS: ENGLISH_AND_MATHS } }).TRAFFIC_LIGHT).toBe('G');
  });
});

describe('requirement: Sciences school courses need at least 5 GCSEs', () => {
  it('is red with 4 GCSEs and names both numbers', () => {
    const result = assessWith({ form: { GCSE_QUALIFICATIONS: FIVE_GCSES.slice(0, 4) } });
    expect(messages(result)).toEqual([{ STATUS: 'R', MESSAGE: 'Courses in the Sciences school require at least 5 GCSEs; 4 were given.' }]);
  });

  it('says "was" for one', () => {
    const result = assessWith({ form: { GCSE_QUALIFICATIONS: [gcse('English Language', '5')] } });
    expect(result.EXPLANATION.at(-1)).toEqual({ STATUS: 'R', MESSAGE: 'Courses in the Sciences school require at least 5 GCSEs; 1 was given.' });
  });

  it('counts GCSE, IGCSE and O Level items of any grade, but not Functional Skills', () => {
    const mixed = [gcse('English Language', '5'), gcse('Mathematics', '5'), gcse('Physics', 'B', 'IGCSE'), gcse('Art', 'E', 'OLEVEL')];
    expect(assessWith({ form: { GCSE_QUALIFICATIONS: [...mixed, gcse('History', '2')] } }).TRAFFIC_LIGHT).toBe('G');
    const withSkills = assessWith({ form: { GCSE_QUALIFICATIONS: [...mixed, gcse('English', 'Pass', 'FUNCTIONAL_SKILLS')] } });
    expect(withSkills.EXPLANATION.at(-1)?.MESSAGE).toBe('Courses in the Sciences school require at least 5 GCSEs; 4 were given.');
  });

  it('does not apply outside the Sciences school', () => {
    expect(assessWith({ course: ARTS, form: { GCSE_QUALIFICATIONS: ENGLISH_AND_MATHS } }).TRAFFIC_LIGHT).toBe('G');
  });
});

describe('requirement: English evidence for nationalities other than GBR', () => {
  /** English only at O Level: meets the English requirement, but is not GCSE/IGCSE English. */
  const noGcseEnglish = [gcse('English Language', 'B', 'OLEVEL'), gcse('Mathematics', '7')];
  const run = (NATIONALITY: string | undefined, tests: ReturnType<typeof englishTest>[] = [], minimumIelts = 6) =>
    assessWith({
      course: ARTS,
      assessmentInfo: { minimumIelts },
      form: { NATIONALITY, GCSE_QUALIFICATIONS: noGcseEnglish, QUALIFICATIONS: [...createALevels(), ...tests] },
    });
  const createALevels = () => [
    { QUALIFICATION: 'ALEVEL', SUBJECT: 'Mathematics', GRADE: 'A*', YEAR: '2024' },
    { QUALIFICATION: 'ALEVEL', SUBJECT: 'Physics', GRADE: 'A', YEAR: '2024' },
    { QUALIFICATION: 'ALEVEL', SUBJECT: 'Chemistry', GRADE: 'B', YEAR: '2024' },
  ];

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
    expect(run('CHN', [englishTest('no', 'none')]).TRAFFIC_LIGHT).toBe('A');
  });

  it('is met by IELTS at or above the course minimum', () => {
    expect(run('CHN', [englishTest('ielts', '6')]).TRAFFIC_LIGHT).toBe('G');
    expect(run('CHN', [englishTest('ielts', '7.5')], 7).TRAFFIC_LIGHT).toBe('G');
  });

  it('names the score and the minimum when IELTS is too low', () => {
    const result = run('IND', [englishTest('ielts', '6')], 6.5);
    expect(messages(result)).toEqual([
      { STATUS: 'A', MESSAGE: 'IELTS score 6.0 is below the minimum of 6.5 for this course. Please provide evidence of English at the required level.' },
    ]);
  });

  it.each(['toefl', 'pearson', 'cambridge', 'englang', 'igcse', 't4'])('is met by any other recognised test (%s)', (test) => {
    expect(run('BRA', [englishTest(test, '100')]).TRAFFIC_LIGHT).toBe('G');
  });

  it('is met by GCSE or IGCSE English at 4/C', () => {
    const result = assessWith({ course: ARTS, form: { NATIONALITY: 'FRA', GCSE_QUALIFICATIONS: [gcse('English Language', 'C', 'IGCSE'), gcse('Mathematics', '7')] } });
    expect(result.TRAFFIC_LIGHT).toBe('G');
  });

  it('does not apply to GBR or to a nationality not yet given', () => {
    expect(run('GBR').TRAFFIC_LIGHT).toBe('G');
    expect(run('').TRAFFIC_LIGHT).toBe('G');
    expect(run(undefined).TRAFFIC_LIGHT).toBe('G');
  });
});
