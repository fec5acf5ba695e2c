/**
 * The demo scenarios (apps/scenarios-svc) against the demo catalogue (apps/courses-svc) and the
 * real assessment engine (apps/assessment-svc): every scenario parses with the contract, its
 * course exists with the same fields, its caller assesses to the light its SCENARIOQUESTIONS
 * expect with the same OVER18, and together they rehearse every outcome script.
 * Lives in tools/ because only tools may import several services (eslint.config.mjs, type:tool).
 */
import {
  buildCallScript,
  chooseScript,
  courseScriptValues,
  expectedScenarioLight,
  isEeaOrHomeNationality,
  SCENARIO_EXCLUDED_DEPARTMENTS,
  scenarioSchema,
  type ScriptVariant,
} from '@clearing-desk/contracts';
import { assess } from '@clearing-desk/assessment-svc/engine';
import { demoCatalogue } from '@clearing-desk/courses-svc/seed';
import { demoScenarioSeeds, demoScenarios } from '@clearing-desk/scenarios-svc/seed';

const courses = new Map(demoCatalogue().courses.map((c) => [c.course.UCAS_CODE, c]));
const seeds = demoScenarioSeeds();

describe('demo scenarios', () => {
  it('are at least 40, each valid against the scenario contract, with unique ids and hashes', () => {
    expect(seeds.length).toBeGreaterThanOrEqual(40);
    for (const { rehearses: _r, DEPT_NAME: _n, ...scenario } of seeds) expect(scenarioSchema.parse(scenario)).toEqual(scenario);
    expect(new Set(seeds.map((s) => s.SCENARIO_ID)).size).toBe(seeds.length);
    expect(new Set(seeds.map((s) => s.HASH)).size).toBe(seeds.length);
    expect(demoScenarios()).toHaveLength(seeds.length);
  });

  it.each(seeds.map((s) => [s.SCENARIO_ID, s] as const))('%s is on a course of the demo catalogue with the same details', (_id, s) => {
    const demo = courses.get(s.UCAS_CODE);
    expect(demo).toBeDefined();
    const course = demo!.course;
    expect({
      COURSE_TITLE: s.COURSE_TITLE,
      COURSE_QUALIFICATION: s.COURSE_QUALIFICATION,
      COURSE_CODE_OVERRIDE: s.COURSE_CODE_OVERRIDE,
      DEPT: s.DEPT,
      DEPT_NAME: s.DEPT_NAME,
      FEEDBACK_TELEPHONE: s.FEEDBACK_TELEPHONE,
      COURSE_START_DATE: s.COURSE_START_DATE,
    }).toEqual({
      COURSE_TITLE: course.COURSE_TITLE,
      COURSE_QUALIFICATION: course.QUALIFICATION,
      COURSE_CODE_OVERRIDE: course.COURSE_CODE_OVERRIDE,
      DEPT: course.DEPT,
      DEPT_NAME: course.DEPT_NAME,
      FEEDBACK_TELEPHONE: course.FEEDBACK_TELEPHONE,
      COURSE_START_DATE: course.COURSE_START_DATE,
    });
    expect(course.SUSPENDED).toBe(false);
    expect(SCENARIO_EXCLUDED_DEPARTMENTS).not.toContain(s.DEPT);
  });

  it.each(seeds.map((s) => [s.SCENARIO_ID, s] as const))('%s assesses to the light its questions expect, with the same OVER18 and EEA', (_id, s) => {
    const demo = courses.get(s.UCAS_CODE)!;
    const result = assess({
      course: demo.course,
      qualOptions: demo.qualOptions,
      form: {
        NATIONALITY: s.NATIONALITY,
        DOB: s.DOB,
        SECOND_YEAR_ENTRY: s.SECOND_YEAR_ENTRY,
        GCSE_QUALIFICATIONS: s.GCSE_QUALIFICATIONS,
        QUALIFICATIONS: s.QUALIFICATIONS,
      },
      access: s.rehearses.access,
    });
    expect({ light: result.TRAFFIC_LIGHT, over18: result.OVER18 }).toEqual({ light: expectedScenarioLight(s.SCENARIOQUESTIONS), over18: s.OVER18 });
    expect(s.EEA).toBe(isEeaOrHomeNationality(s.NATIONALITY) ? 1 : 0);
  });

  it('rehearse every outcome script, every light, both genders, EEA and non-EEA, and the special callers', () => {
    const variants = new Set<string>();
    for (const s of seeds) {
      const demo = courses.get(s.UCAS_CODE)!;
      const choice = chooseScript({
        status: s.rehearses.status,
        nationality: s.NATIONALITY,
        over18: s.OVER18,
        secondYearEntry: s.SECOND_YEAR_ENTRY === '1',
        allowSecondYearEntry: demo.course.ALLOW_SECOND_YEAR_ENTRY,
        school: demo.course.SCHOOL,
        trafficLight: expectedScenarioLight(s.SCENARIOQUESTIONS),
        access: s.rehearses.access,
        appliedToUcas: s.UCAS_PERSONAL_ID !== '',
      });
      if (choice.outcome) variants.add(choice.rejectForm ? `${choice.outcome} ${choice.rejectForm}` : choice.outcome);
    }
    const every: string[] = [
      'OFFER',
      'INVITE',
      'OFFER_NONEEA',
      'INVITE_NONEEA',
      'POOL',
      'REJECT EEA',
      'REJECT GENERAL',
      'REFER_SHS',
      'REFER',
      'OFFER_CALLBACK',
      'DELETED',
    ] satisfies (ScriptVariant | `REJECT ${'EEA' | 'GENERAL'}`)[];
    expect([...variants].sort()).toEqual([...every].sort());

    const lights = new Set(seeds.map((s) => expectedScenarioLight(s.SCENARIOQUESTIONS)));
    expect([...lights].sort()).toEqual(['A', 'G', 'R']);
    expect(new Set(seeds.map((s) => s.GENDER))).toEqual(new Set(['M', 'F']));
    expect(new Set(seeds.map((s) => s.EEA))).toEqual(new Set([0, 1]));
    expect(seeds.some((s) => s.OVER18 === 0)).toBe(true);
    expect(seeds.some((s) => s.SECOND_YEAR_ENTRY === '1')).toBe(true);
    expect(seeds.some((s) => s.UCAS_PERSONAL_ID === '')).toBe(true);
    expect(seeds.some((s) => s.rehearses.status === 'D')).toBe(true);
    const types = new Set(seeds.flatMap((s) => s.QUALIFICATIONS.map((item) => item.QUALIFICATION)));
    for (const type of [
      'IBO',
      'ACCESS_HE',
      'BTEC_EXTENDED_DIPLOMA',
      'T_LEVEL',
      'ALEVEL',
      'ENGLISH_TEST',
      'SCOTTISH_HIGHER',
      'SCOTTISH_ADVANCED_HIGHER',
      'IRISH_LC_HIGHER',
    ])
      expect(types).toContain(type);
    const gcseTypes = new Set(seeds.flatMap((s) => s.GCSE_QUALIFICATIONS.map((item) => item.QUALIFICATION)));
    for (const type of ['GCSE', 'IGCSE', 'SCOTTISH_NATIONAL_5', 'IRISH_LC_ORDINARY']) expect(gcseTypes).toContain(type);
    // An IB caller who knows only the Diploma total is assessed on the total (domain.md "IB").
    const ibItems = seeds.flatMap((s) => s.QUALIFICATIONS.filter((item) => item.QUALIFICATION === 'IBO'));
    expect(ibItems.some((item) => item.IB_TOTAL && !item.HL_SUBJECT_1)).toBe(true);
    expect(ibItems.some((item) => item.HL_SUBJECT_1)).toBe(true);
    // Northern Ireland's CCEA C* grade and an Irish national (English met by nationality).
    expect(seeds.some((s) => s.GCSE_QUALIFICATIONS.some((item) => item.GRADE === 'C*'))).toBe(true);
    expect(seeds.some((s) => s.NATIONALITY === 'IRL')).toBe(true);
    expect(new Set(seeds.map((s) => s.DEPT)).size).toBeGreaterThanOrEqual(20);
  });

  it("move with the intake: for 2027/28 the start dates are the catalogue's and the lights and OVER18 stay", () => {
    const later = new Map(demoCatalogue('2027/28').courses.map((c) => [c.course.UCAS_CODE, c]));
    for (const s of demoScenarioSeeds('2027/28')) {
      const demo = later.get(s.UCAS_CODE)!;
      expect(s.COURSE_START_DATE).toBe(demo.course.COURSE_START_DATE);
      const result = assess({
        course: demo.course,
        qualOptions: demo.qualOptions,
        form: {
          NATIONALITY: s.NATIONALITY,
          DOB: s.DOB,
          SECOND_YEAR_ENTRY: s.SECOND_YEAR_ENTRY,
          GCSE_QUALIFICATIONS: s.GCSE_QUALIFICATIONS,
          QUALIFICATIONS: s.QUALIFICATIONS,
        },
        access: s.rehearses.access,
      });
      expect([s.SCENARIO_ID, result.TRAFFIC_LIGHT, result.OVER18]).toEqual([s.SCENARIO_ID, expectedScenarioLight(s.SCENARIOQUESTIONS), s.OVER18]);
    }
  });

  it('SC014 can be trained as written: on Law (no second-year entry) the notes say to end the call politely for a caller who wants only Year 2', () => {
    const s = seeds.find((seed) => seed.SCENARIO_ID === 'SC014')!;
    const course = courses.get(s.UCAS_CODE)!.course;
    expect([s.SECOND_YEAR_ENTRY, course.ALLOW_SECOND_YEAR_ENTRY, course.SCHOOL]).toEqual(['1', false, 'LAW']);
    // The trainee's form forces first-year entry on this course (spec section 4); the note is there all the same.
    const script = buildCallScript(
      {
        status: s.rehearses.status,
        nationality: s.NATIONALITY,
        over18: s.OVER18,
        secondYearEntry: false,
        allowSecondYearEntry: course.ALLOW_SECOND_YEAR_ENTRY,
        school: course.SCHOOL,
        trafficLight: expectedScenarioLight(s.SCENARIOQUESTIONS),
        access: s.rehearses.access,
        appliedToUcas: true,
      },
      courseScriptValues(course, '020 7040 4000'),
    );
    expect(script.notes.find((n) => n.id === 'second-year')?.paragraphs[1]).toMatch(
      /^Adviser: if the caller wants only the Second Year, end the call politely/,
    );
    expect(script.choice.outcome).toBe('REFER');
  });
});
