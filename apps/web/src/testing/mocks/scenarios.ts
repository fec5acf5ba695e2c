import type { Scenario, ScenarioCompletion, ScenarioLists } from '@clearing-desk/contracts';

/** A valid scenario (contracts' scenarioSchema): a green GBR caller on G400, overridable. */
export function createScenario(overrides: Partial<Scenario> = {}): Scenario {
  return {
    SCENARIO_ID: 'SC-01',
    HASH: '0123456789abcdef0123456789abcdef',
    NAME1: 'Priya',
    NAME2: 'Shah',
    DOB: '2006-03-14',
    GENDER: 'F',
    FEEDBACK_TELEPHONE: '020 7040 8716',
    COURSE_QUALIFICATION: 'BSc (Hons)',
    COURSE_TITLE: 'Computer Science',
    UCAS_CODE: 'G400',
    COURSE_CODE_OVERRIDE: null,
    DEPT: 'CMPS',
    SECOND_YEAR_ENTRY: '0',
    UCAS_PERSONAL_ID: '1234567890',
    OVER18: 1,
    EEA: 1,
    NATIONALITY: 'GBR',
    EMAIL: 'priya.shah@example.com',
    TEL1: '07700 900456',
    STAGE_DIRECTION: 'You are calmly confident: you got A*AB and want Computer Science.',
    ADDITIONAL_INSTRUCTION: 'Check the GCSE Mathematics grade.',
    COURSE_START_DATE: '2026-09-28',
    GCSE_QUALIFICATIONS: [
      { QUALIFICATION: 'GCSE', SUBJECT: 'English Language', GRADE: '5', YEAR: '2022' },
      { QUALIFICATION: 'GCSE', SUBJECT: 'Mathematics', GRADE: '6', YEAR: '2022' },
    ],
    QUALIFICATIONS: [{ QUALIFICATION: 'ALEVEL', SUBJECT: 'Mathematics', GRADE: 'A*', YEAR: '2024' }],
    SCENARIOQUESTIONS: [
      { STATUS: 'G', QUESTION: 'Which A levels did you take, and what grades?' },
      { STATUS: 'G', QUESTION: 'Do you have GCSE Mathematics at grade 4 or above?' },
    ],
    ...overrides,
  };
}

/** DEPT_LIST and COURSE_LIST as scenarios-svc answers them (no HSRM, PSYC or FBUA). */
export const createScenarioLists = (): ScenarioLists => ({
  DEPT_LIST: {
    DEPARTMENTS: [
      { DEPT_ID: 'CMPS', DEPT_NAME: 'Computer Science' },
      { DEPT_ID: 'LAWS', DEPT_NAME: 'Law' },
    ],
  },
  COURSE_LIST: { COURSES: [{ UCAS_CODE: 'G400', QUALIFICATION: 'BSc (Hons)', TITLE: 'Computer Science' }] },
});

/** The scenarios behind the msw handlers: the catalogue, each user's completions, failures to answer. */
export type MockScenarios = {
  rows: Scenario[];
  lists: ScenarioLists;
  /** Completions by username (PUT /api/scenario-completed/ adds; GET skips them). */
  completions: Record<string, ScenarioCompletion[]>;
  /** How many of the next completions answer 500. */
  failCompletions: number;
};

export const initialScenarios = (): MockScenarios => ({ rows: [createScenario()], lists: createScenarioLists(), completions: {}, failCompletions: 0 });
