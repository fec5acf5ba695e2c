/**
 * The demo catalogue's courses that demo scenarios use (apps/courses-svc/src/db/seed/demo-catalogue.ts),
 * copied because this service never reads courses-svc: code, override, title, qualification,
 * department, feedback telephone and start (month and day; the year comes from the intake, as in the
 * catalogue). tools/seed-check/demo-scenarios.test.ts proves each
 * entry equals the catalogue's course, so a catalogue change cannot leave a scenario stale.
 */
export type DemoScenarioCourse = {
  UCAS_CODE: string;
  COURSE_CODE_OVERRIDE: string | null;
  COURSE_TITLE: string;
  COURSE_QUALIFICATION: string;
  DEPT: string;
  DEPT_NAME: string;
  FEEDBACK_TELEPHONE: string | null;
  /** Month and day of the start (mm-dd), in the intake's first year, or its second for a January start. */
  START: string;
  JANUARY_START: boolean;
};

const BSC = 'BSc (Hons)';
const BA = 'BA (Hons)';
const BENG = 'BEng (Hons)';
const LLB = 'LLB (Hons)';

/** `start`: the school's autumn start (mm-dd) in the catalogue. */
type Dept = { code: string; name: string; extension: string; phone: boolean; start: string };
const D = {
  NURS: { code: 'NURS', name: 'Nursing', extension: '5000', phone: true, start: '09-22' },
  MIDW: { code: 'MIDW', name: 'Midwifery', extension: '5100', phone: true, start: '09-22' },
  OPTO: { code: 'OPTO', name: 'Optometry and Visual Sciences', extension: '8340', phone: true, start: '09-22' },
  RADI: { code: 'RADI', name: 'Radiography', extension: '5200', phone: true, start: '09-22' },
  SPLT: { code: 'SPLT', name: 'Language and Communication Science', extension: '8291', phone: true, start: '09-22' },
  CMPS: { code: 'CMPS', name: 'Computer Science', extension: '8716', phone: true, start: '09-29' },
  MATH: { code: 'MATH', name: 'Mathematics', extension: '8457', phone: true, start: '09-29' },
  CIVE: { code: 'CIVE', name: 'Civil Engineering', extension: '8125', phone: true, start: '09-29' },
  MECH: { code: 'MECH', name: 'Mechanical Engineering and Aeronautics', extension: '8133', phone: true, start: '09-29' },
  ELEC: { code: 'ELEC', name: 'Electrical and Electronic Engineering', extension: '8128', phone: true, start: '09-29' },
  BIOE: { code: 'BIOE', name: 'Biomedical Engineering', extension: '8139', phone: true, start: '09-29' },
  ACCF: { code: 'ACCF', name: 'Accounting and Finance', extension: '8610', phone: true, start: '09-22' },
  ACTS: { code: 'ACTS', name: 'Actuarial Science', extension: '8620', phone: true, start: '09-22' },
  MGMT: { code: 'MGMT', name: 'Management', extension: '8630', phone: true, start: '09-22' },
  LAWS: { code: 'LAWS', name: 'Law', extension: '8301', phone: true, start: '10-06' },
  ECON: { code: 'ECON', name: 'Economics', extension: '8510', phone: true, start: '09-29' },
  SOCI: { code: 'SOCI', name: 'Sociology', extension: '8520', phone: true, start: '09-29' },
  CRIM: { code: 'CRIM', name: 'Criminology', extension: '8530', phone: true, start: '09-29' },
  POLI: { code: 'POLI', name: 'International Politics', extension: '8540', phone: true, start: '09-29' },
  ENGL: { code: 'ENGL', name: 'English', extension: '8550', phone: true, start: '09-29' },
  JOUR: { code: 'JOUR', name: 'Journalism', extension: '8221', phone: true, start: '09-30' },
  MUSI: { code: 'MUSI', name: 'Music', extension: '8284', phone: true, start: '09-30' },
  MDIA: { code: 'MDIA', name: 'Media, Culture and Creative Industries', extension: '8270', phone: false, start: '09-30' },
} as const satisfies Record<string, Dept>;

const c = (dept: Dept, ucas: string, title: string, qual: string, override: string | null = null, januaryStart?: string): DemoScenarioCourse => ({
  UCAS_CODE: ucas,
  COURSE_CODE_OVERRIDE: override,
  COURSE_TITLE: title,
  COURSE_QUALIFICATION: qual,
  DEPT: dept.code,
  DEPT_NAME: dept.name,
  FEEDBACK_TELEPHONE: dept.phone ? `020 7040 ${dept.extension}` : null,
  START: januaryStart ?? dept.start,
  JANUARY_START: januaryStart !== undefined,
});

/** Keyed by UCAS code. */
export const DEMO_SCENARIO_COURSES = {
  B740: c(D.NURS, 'B740', 'Adult Nursing', BSC),
  B760: c(D.NURS, 'B760', 'Mental Health Nursing', BSC),
  B720: c(D.MIDW, 'B720', 'Midwifery', BSC),
  B510: c(D.OPTO, 'B510', 'Optometry', BSC),
  B821: c(D.RADI, 'B821', 'Radiography (Diagnostic Imaging)', BSC),
  B620: c(D.SPLT, 'B620', 'Speech and Language Therapy', BSC),
  Q150: c(D.SPLT, 'Q150', 'Language and Communication Science', BSC),
  G400: c(D.CMPS, 'G400', 'Computer Science', BSC),
  G600: c(D.CMPS, 'G600', 'Software Engineering', BSC),
  G413: c(D.CMPS, 'G413', 'Data Science', BSC),
  G408: c(D.CMPS, 'G408', 'Computer Science with Foundation Year', BSC, 'G40F'),
  G550: c(D.CMPS, 'G550', 'Cyber Security', BSC),
  G100: c(D.MATH, 'G100', 'Mathematics', BSC),
  G120: c(D.MATH, 'G120', 'Mathematical Science', BSC),
  H200: c(D.CIVE, 'H200', 'Civil Engineering', BENG),
  H300: c(D.MECH, 'H300', 'Mechanical Engineering', BENG),
  H400: c(D.MECH, 'H400', 'Aeronautical Engineering', BENG),
  H600: c(D.ELEC, 'H600', 'Electrical and Electronic Engineering', BENG),
  HB18: c(D.BIOE, 'HB18', 'Biomedical Engineering', BENG),
  NN43: c(D.ACCF, 'NN43', 'Accounting and Finance', BSC),
  N321: c(D.ACTS, 'N321', 'Actuarial Science', BSC),
  N210: c(D.MGMT, 'N210', 'Management', BSC),
  N500: c(D.MGMT, 'N500', 'Marketing', BSC),
  M100: c(D.LAWS, 'M100', 'Law', LLB),
  MM19: c(D.LAWS, 'MM19', 'Law and Criminology', LLB),
  M120: c(D.LAWS, 'M120', 'Law (Graduate Entry)', LLB),
  L100: c(D.ECON, 'L100', 'Economics', BSC),
  L110: c(D.ECON, 'L110', 'Financial Economics', BSC),
  L300: c(D.SOCI, 'L300', 'Sociology', BSC),
  M900: c(D.CRIM, 'M900', 'Criminology', BSC),
  L250: c(D.POLI, 'L250', 'International Politics', BSC),
  Q300: c(D.ENGL, 'Q300', 'English', BA),
  Q320: c(D.ENGL, 'Q320', 'English Literature', BA),
  P500: c(D.JOUR, 'P500', 'Journalism', BA),
  W300: c(D.MUSI, 'W300', 'Music', 'BMus (Hons)'),
  W350: c(D.MUSI, 'W350', 'Music, Sound and Technology', BSC),
  P300: c(D.MDIA, 'P300', 'Media and Communication', BA),
  P390: c(D.MDIA, 'P390', 'Creative Industries', BA),
} as const satisfies Record<string, DemoScenarioCourse>;
export type DemoScenarioCourseCode = keyof typeof DEMO_SCENARIO_COURSES;
