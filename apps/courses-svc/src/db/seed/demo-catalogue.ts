/**
 * Demo catalogue: the schools, departments and ~160 undergraduate courses (with their
 * qualification options) that the dev stack, the service tests and the browser tests run on.
 * Modelled on a London university (City, University of London). Deterministic: no randomness,
 * no clock; every value below is derived from the tables in this file.
 *
 * Course states the rules must exercise (UCAS code in brackets, title as COURSE_TITLE):
 * - Plain open course (DEMO_FIXTURES.open / openComputer): Computer Science BSc (Hons) [G400].
 * - (a) Suspended with external vacancies ('Check back later'): Aeronautical Engineering MEng
 *   [H401], Sociology and Social Policy [L3L4]. Also suspended with no external vacancies
 *   ('Closed' in search, suspended on the course page): Air Transport Engineering [H410].
 * - (b) Closed, not suspended (VACANCIES_EXTERNAL 0): Investment and Financial Risk Management
 *   [NN34] (no internal vacancies either), Optometry MOptom [B511] (internal vacancies left).
 * - (c) External vacancies but no internal ones (Apply disabled): Mathematics with Statistics
 *   [G1G3], Sports Journalism [P510].
 * - (d) EXTERNAL + INTERMEDIARY (information page, no apply): English and Theatre [Q3W4],
 *   Entrepreneurship and Innovation [N230].
 * - (e) EXTERNAL, not INTERMEDIARY, with EXTERNAL_URL (Apply opens the URL; page 'not found'):
 *   Music Performance [W310] (Guildhall School), Global Business and Economics [N1L1] (INTO City).
 * - (f) ALLOW_SECOND_YEAR_ENTRY true: Software Engineering [G600], Midwifery (Shortened Programme
 *   for Registered Nurses) [B721], Civil Engineering BEng [H200], Management [N210],
 *   Law (Graduate Entry) [M120], Financial Economics [L110], English [Q300]. All others false.
 * - (g) School of Health Sciences (SHS, always shows the advertised tariff): Adult Nursing [B740],
 *   Children's Nursing [B730], Mental Health Nursing [B760], Learning Disability Nursing [B750],
 *   Adult Nursing (January start) [B741], Mental Health Nursing (January start) [B761],
 *   Nursing (Adult and Mental Health) MNurs [B702], Midwifery [B720], [B721], Optometry BSc [B510],
 *   Optometry MOptom [B511], Radiography (Diagnostic Imaging) [B821], Radiography (Radiotherapy
 *   and Oncology) [B822], Speech and Language Therapy [B620], Language and Communication Science
 *   [Q150], Healthcare Management [L511], Healthcare Management with Placement [L512],
 *   Public Health [B900], Public Health with Placement [B901], Health and Social Care Management
 *   [L431].
 * - (h) Engineering (assessmentInfo.engineering): every School of Engineering course (Civil,
 *   Mechanical, Aeronautical, Electrical and Electronic, Biomedical; e.g. Mechanical Engineering
 *   BEng [H300]) plus Computer Systems Engineering [H6G4] (Sciences school).
 * - (i) Sciences school (SCI, at least 5 GCSEs): Computer Science and Mathematics departments,
 *   e.g. Computer Science [G400], Mathematics [G100], Data Science [G413].
 * - (j) Interviewing (assessmentInfo.interviews): all Nursing, Midwifery, Radiography and
 *   Speech and Language Therapy courses, Music BMus [W300], Music Performance [W310].
 * - (k) DOCUMENT_TYPES vary: 'ALEVELS,GCSE5' (e.g. G400), 'ALEVELS,ENGLISHTEST,GCSE5',
 *   'ALEVELS,ENGLISHTEST,GCSE2,OTHER', 'ALEVELS,GCSE2', 'ALEVELS,GCSE5,OTHER', and all five
 *   'ALEVELS,ENGLISHTEST,GCSE2,GCSE5,OTHER' (every SHS course).
 * - Tariff display (spec section 5): difference 0: Law [M100], Law (Graduate Entry) [M120];
 *   1-24: Computer Science [G400] (16), Computer Science with Artificial Intelligence [G4G7] (24);
 *   25-48 (advertised on the page, accepted in results): Data Science [G413] (32), Banking and
 *   International Finance [N320] (32), Philosophy, Politics and Economics [L0V0] (48);
 *   over 48 (advertised in both): Real Estate Finance and Investment [N390] (56), Creative
 *   Industries [P390] (56); SHS with a wide gap: Healthcare Management [L511] (40).
 * - Every qualification type is offered somewhere; Business Management [N200] offers all 22.
 * - IB requirement (IB_ADVERTISED, IB_ACCEPTED): every course that offers IBO states Diploma
 *   points derived from its tariffs (TARIFF_TO_IB_POINTS), e.g. Computer Science [G400] 128/112
 *   -> 30/28; a course without IBO states none (null).
 */
import {
  INTAKE_YEAR,
  SCHOOL_CODES,
  addCalendarDays,
  daysBetween,
  buildQualOption,
  intakeYears,
  type AssessmentInfo,
  type CourseData,
  type QualificationCode,
  type QualOption,
  type QualOptionOverrides,
  type SubjectRequirement,
  type TariffColour,
} from '@clearing-desk/contracts';
import { PRIOR_ENTRY, REVIEWED_REQUIREMENTS, expandRequirement } from './subject-requirements';

/** A school (faculty). `code` is what courses carry in SCHOOL. */
export type DemoSchool = { code: string; name: string };
/** A department; `school` is the code of the school it belongs to. */
export type DemoDepartment = { code: string; name: string; school: string };
/** One course with the qualification options it offers, built from the contracts catalogue. */
export type DemoCourse = { course: CourseData; qualOptions: QualOption[] };
/** Everything the courses service seeds. */
export type DemoCatalogue = { schools: DemoSchool[]; departments: DemoDepartment[]; courses: DemoCourse[] };

/**
 * One UCAS code per case the rules distinguish, for service tests and browser tests
 * (the file comment above lists the other courses of each case).
 */
export const DEMO_FIXTURES = {
  open: 'G400',
  openComputer: 'G400',
  suspended: 'H401',
  closed: 'NN34',
  noInternalVacancies: 'G1G3',
  externalIntermediary: 'Q3W4',
  externalNonIntermediary: 'W310',
  secondYearAllowed: 'G600',
  healthSciences: 'B740',
  engineering: 'H300',
  sciences: 'G100',
  interviewing: 'W300',
  allQualifications: 'N200',
} as const;

// ---------------------------------------------------------------------------------------------
// Reference tables

const SCHOOLS = [
  { code: SCHOOL_CODES.HEALTH_SCIENCES, name: 'School of Health Sciences' },
  { code: SCHOOL_CODES.SCIENCES, name: 'School of Science and Technology' },
  { code: 'ENG', name: 'School of Engineering' },
  { code: 'BUS', name: 'Business School' },
  { code: 'LAW', name: 'The City Law School' },
  { code: 'SAS', name: 'School of Arts and Social Sciences' },
  { code: 'SCC', name: 'School of Communication and Creativity' },
] as const;
type SchoolCode = (typeof SCHOOLS)[number]['code'];

const CAMPUSES = {
  NH: 'Northampton Square',
  MG: 'Moorgate',
  SB: 'Sebastian Street',
  GR: "Gray's Inn Place",
  BA: 'Bartholomew Close',
} as const;
type CampusCode = keyof typeof CAMPUSES;

const DOCS = {
  A_G5: 'ALEVELS,GCSE5',
  A_E_G5: 'ALEVELS,ENGLISHTEST,GCSE5',
  A_E_G2_O: 'ALEVELS,ENGLISHTEST,GCSE2,OTHER',
  A_G2: 'ALEVELS,GCSE2',
  A_G5_O: 'ALEVELS,GCSE5,OTHER',
  ALL: 'ALEVELS,ENGLISHTEST,GCSE2,GCSE5,OTHER',
} as const;

/** Per-course settings beyond code, title, qualification and tariffs. */
type ProgrammeExtra = {
  override?: string;
  start?: string;
  interviews?: boolean;
  engineering?: boolean;
  automaticOffer?: boolean;
  automaticRejection?: boolean;
  ielts?: number;
  secondYear?: boolean;
  allQualifications?: boolean;
};
type Programme = { ucas: string; title: string; qual: string; adv: number; acc: number } & ProgrammeExtra;

const p = (ucas: string, title: string, qual: string, adv: number, acc: number, extra: ProgrammeExtra = {}): Programme => ({
  ucas,
  title,
  qual,
  adv,
  acc,
  ...extra,
});

type DeptSpec = {
  code: string;
  name: string;
  school: SchoolCode;
  departNumber: string;
  extension: string;
  campus: CampusCode;
  /** Whether the department publishes a clearing feedback line. */
  phone: boolean;
  interviews: boolean;
  automaticRejection: boolean;
  functionalSkills: boolean;
  ielts: number;
  /** Subject requirement sentence used in NOTES. */
  requirement: string;
  programmes: Programme[];
};

const BSC = 'BSc (Hons)';
const BA = 'BA (Hons)';
const BENG = 'BEng (Hons)';
const MENG = 'MEng';
const LLB = 'LLB (Hons)';
const BMUS = 'BMus (Hons)';
/** January starts: the January of the intake's second year (month-day; the year comes from the intake). */
const JAN_START = '01-26';

const DEPARTMENTS: DeptSpec[] = [
  // School of Health Sciences
  {
    code: 'NURS',
    name: 'Nursing',
    school: 'SHS',
    departNumber: '21',
    extension: '5000',
    campus: 'BA',
    phone: true,
    interviews: true,
    automaticRejection: true,
    functionalSkills: true,
    ielts: 7,
    requirement: 'including a science or social science subject at grade C or above',
    programmes: [
      p('B740', 'Adult Nursing', BSC, 120, 112),
      p('B730', "Children's Nursing", BSC, 120, 112),
      p('B760', 'Mental Health Nursing', BSC, 112, 104),
      p('B750', 'Learning Disability Nursing', BSC, 112, 96),
      p('B741', 'Adult Nursing (January start)', BSC, 120, 112, { override: 'B74J', start: JAN_START }),
      p('B761', 'Mental Health Nursing (January start)', BSC, 112, 104, { override: 'B76J', start: JAN_START }),
      p('B702', 'Nursing (Adult and Mental Health)', 'MNurs', 128, 120),
    ],
  },
  {
    code: 'MIDW',
    name: 'Midwifery',
    school: 'SHS',
    departNumber: '22',
    extension: '5100',
    campus: 'BA',
    phone: true,
    interviews: true,
    automaticRejection: true,
    functionalSkills: true,
    ielts: 7,
    requirement: 'including Biology or another science at grade C or above',
    programmes: [
      p('B720', 'Midwifery', BSC, 128, 120),
      p('B721', 'Midwifery (Shortened Programme for Registered Nurses)', BSC, 112, 104, { secondYear: true }),
    ],
  },
  {
    code: 'OPTO',
    name: 'Optometry and Visual Sciences',
    school: 'SHS',
    departNumber: '23',
    extension: '8340',
    campus: 'NH',
    phone: true,
    interviews: false,
    automaticRejection: false,
    functionalSkills: false,
    ielts: 6.5,
    requirement: 'including two sciences from Biology, Chemistry, Physics and Mathematics at grade C or above',
    programmes: [p('B510', 'Optometry', BSC, 136, 128), p('B511', 'Optometry', 'MOptom', 144, 136)],
  },
  {
    code: 'RADI',
    name: 'Radiography',
    school: 'SHS',
    departNumber: '24',
    extension: '5200',
    campus: 'SB',
    phone: true,
    interviews: true,
    automaticRejection: true,
    functionalSkills: true,
    ielts: 7,
    requirement: 'including a science subject at grade C or above',
    programmes: [p('B821', 'Radiography (Diagnostic Imaging)', BSC, 120, 112), p('B822', 'Radiography (Radiotherapy and Oncology)', BSC, 112, 104)],
  },
  {
    code: 'SPLT',
    name: 'Language and Communication Science',
    school: 'SHS',
    departNumber: '25',
    extension: '8291',
    campus: 'SB',
    phone: true,
    interviews: true,
    automaticRejection: true,
    functionalSkills: true,
    ielts: 7,
    requirement: 'including English Language, English Literature, Psychology or a science at grade C or above',
    programmes: [
      // HCPC registration as a speech and language therapist requires IELTS 8.0 overall (HCPC
      // standards of proficiency), not the 7.0 of the other Health Sciences courses.
      p('B620', 'Speech and Language Therapy', BSC, 128, 120, { ielts: 8 }),
      p('Q150', 'Language and Communication Science', BSC, 112, 96, { interviews: false, ielts: 6.5 }),
    ],
  },
  {
    code: 'HSRM',
    name: 'Health Services Research and Management',
    school: 'SHS',
    departNumber: '26',
    extension: '5350',
    campus: 'SB',
    phone: false,
    interviews: false,
    automaticRejection: false,
    functionalSkills: true,
    ielts: 6.5,
    requirement: 'in any subjects',
    programmes: [
      p('L511', 'Healthcare Management', BSC, 120, 80),
      p('L512', 'Healthcare Management with Placement', BSC, 120, 88),
      p('B900', 'Public Health', BSC, 112, 96),
      p('B901', 'Public Health with Placement', BSC, 112, 96),
      p('L431', 'Health and Social Care Management', BSC, 104, 88),
    ],
  },
  // School of Science and Technology (the Sciences school)
  {
    code: 'CMPS',
    name: 'Computer Science',
    school: 'SCI',
    departNumber: '31',
    extension: '8716',
    campus: 'NH',
    phone: true,
    interviews: false,
    automaticRejection: true,
    functionalSkills: false,
    ielts: 6,
    requirement: 'Mathematics or Computer Science at A Level is welcome but not required',
    programmes: [
      p('G400', 'Computer Science', BSC, 128, 112),
      p('G401', 'Computer Science with Placement', BSC, 128, 112),
      p('G404', 'Computer Science', 'MSci (Hons)', 136, 120),
      p('G408', 'Computer Science with Foundation Year', BSC, 96, 80, { override: 'G40F' }),
      p('G450', 'Computer Science with Games Technology', BSC, 128, 112),
      p('G4G5', 'Computer Science with Cyber Security', BSC, 128, 104),
      p('G4G7', 'Computer Science with Artificial Intelligence', BSC, 136, 112),
      p('G600', 'Software Engineering', BSC, 128, 112, { secondYear: true }),
      p('G601', 'Software Engineering with Placement', BSC, 128, 112),
      p('G550', 'Cyber Security', BSC, 120, 104),
      p('G552', 'Cyber Security with Placement', BSC, 120, 104),
      p('G413', 'Data Science', BSC, 128, 96),
      p('H6G4', 'Computer Systems Engineering', BENG, 120, 104, { engineering: true }),
      p('G4N1', 'Computer Science with Business', BSC, 120, 104),
      p('GN51', 'Business Computing and Information Systems', BSC, 112, 96),
    ],
  },
  {
    code: 'MATH',
    name: 'Mathematics',
    school: 'SCI',
    departNumber: '32',
    extension: '8457',
    campus: 'NH',
    phone: true,
    interviews: false,
    automaticRejection: true,
    functionalSkills: false,
    ielts: 6,
    requirement: 'including Mathematics at grade B or above',
    programmes: [
      p('G100', 'Mathematics', BSC, 136, 120),
      p('G101', 'Mathematics with Placement', BSC, 136, 120),
      p('G103', 'Mathematics', 'MMath', 144, 128),
      p('G1NH', 'Mathematics with Finance and Economics', BSC, 136, 112),
      p('G1G3', 'Mathematics with Statistics', BSC, 128, 112),
      p('G1G4', 'Mathematical Science with Computer Science', BSC, 128, 112),
      p('G300', 'Statistics and Data Science', BSC, 128, 104),
      p('G120', 'Mathematical Science', BSC, 120, 96),
      p('G108', 'Mathematics with Foundation Year', BSC, 96, 80, { override: 'G10F' }),
    ],
  },
  // School of Engineering
  {
    code: 'CIVE',
    name: 'Civil Engineering',
    school: 'ENG',
    departNumber: '51',
    extension: '8125',
    campus: 'NH',
    phone: true,
    interviews: false,
    automaticRejection: true,
    functionalSkills: false,
    ielts: 6,
    requirement: 'including Mathematics and a science or technology subject at grade C or above',
    programmes: [
      p('H200', 'Civil Engineering', BENG, 128, 112, { secondYear: true }),
      p('H201', 'Civil Engineering', MENG, 136, 120),
      p('H202', 'Civil Engineering with Placement', BENG, 128, 112),
      p('H2K1', 'Civil Engineering with Architecture', BENG, 128, 104),
      p('H2N2', 'Civil Engineering and Construction Management', BENG, 120, 96),
      p('H208', 'Civil Engineering with Foundation Year', BENG, 96, 80, { override: 'H20F' }),
    ],
  },
  {
    code: 'MECH',
    name: 'Mechanical Engineering and Aeronautics',
    school: 'ENG',
    departNumber: '52',
    extension: '8133',
    campus: 'NH',
    phone: true,
    interviews: false,
    automaticRejection: true,
    functionalSkills: false,
    ielts: 6,
    requirement: 'including Mathematics and Physics at grade C or above',
    programmes: [
      p('H300', 'Mechanical Engineering', BENG, 128, 112),
      p('H301', 'Mechanical Engineering', MENG, 136, 120),
      p('H302', 'Mechanical Engineering with Placement', BENG, 128, 112),
      p('H308', 'Mechanical Engineering with Foundation Year', BENG, 96, 80, { override: 'H30F' }),
      p('H400', 'Aeronautical Engineering', BENG, 136, 112),
      p('H401', 'Aeronautical Engineering', MENG, 144, 128),
      p('H403', 'Aeronautical Engineering with Placement', BENG, 136, 112),
      p('H405', 'Aeronautical Engineering with Pilot Studies', BENG, 136, 112),
      p('H330', 'Automotive and Motorsport Engineering', BENG, 128, 104),
      p('H410', 'Air Transport Engineering', BENG, 112, 96),
    ],
  },
  {
    code: 'ELEC',
    name: 'Electrical and Electronic Engineering',
    school: 'ENG',
    departNumber: '53',
    extension: '8128',
    campus: 'NH',
    phone: true,
    interviews: false,
    automaticRejection: true,
    functionalSkills: false,
    ielts: 6,
    requirement: 'including Mathematics and a science or technology subject at grade C or above',
    programmes: [
      p('H600', 'Electrical and Electronic Engineering', BENG, 120, 104),
      p('H601', 'Electrical and Electronic Engineering', MENG, 136, 120),
      p('H602', 'Electrical and Electronic Engineering with Placement', BENG, 120, 104),
      p('H610', 'Electronic Engineering', BENG, 120, 96),
      p('H671', 'Robotics Engineering', BENG, 128, 104),
      p('H608', 'Electrical and Electronic Engineering with Foundation Year', BENG, 96, 80, { override: 'H60F' }),
    ],
  },
  {
    code: 'BIOE',
    name: 'Biomedical Engineering',
    school: 'ENG',
    departNumber: '54',
    extension: '8139',
    campus: 'NH',
    phone: true,
    interviews: false,
    automaticRejection: true,
    functionalSkills: false,
    ielts: 6,
    requirement: 'including Mathematics and Biology, Chemistry or Physics at grade C or above',
    programmes: [
      p('HB18', 'Biomedical Engineering', BENG, 128, 104),
      p('HB19', 'Biomedical Engineering', MENG, 136, 120),
      p('HB11', 'Biomedical Engineering with Placement', BENG, 128, 104),
      p('HB10', 'Biomedical Engineering with Foundation Year', BENG, 96, 80, { override: 'HB1F' }),
    ],
  },
  // Business School
  {
    code: 'FBUA',
    name: 'Business Undergraduate Admissions',
    school: 'BUS',
    departNumber: '61',
    extension: '8600',
    campus: 'MG',
    phone: false,
    interviews: false,
    automaticRejection: true,
    functionalSkills: true,
    ielts: 6,
    requirement: 'in any subjects',
    programmes: [
      p('N200', 'Business Management', BSC, 128, 112, { allQualifications: true }),
      p('N201', 'Business Management with Placement', BSC, 128, 112),
      p('N2N3', 'Business Management with Finance', BSC, 128, 112),
      p('N2N5', 'Business Management with Marketing', BSC, 128, 104),
      p('N2N6', 'Business Management with Human Resource Management', BSC, 120, 104),
      p('N2N9', 'Business Management with Entrepreneurship', BSC, 120, 96),
      p('N120', 'International Business', BSC, 128, 112),
      p('N121', 'International Business with Placement', BSC, 128, 112),
      p('N203', 'Business Management (January start)', BSC, 128, 112, { override: 'N20J', start: JAN_START }),
      p('N108', 'Business with Foundation Year', BSC, 96, 80, { override: 'N10F' }),
      p('N1L1', 'Global Business and Economics', BSC, 120, 104),
    ],
  },
  {
    code: 'ACCF',
    name: 'Accounting and Finance',
    school: 'BUS',
    departNumber: '62',
    extension: '8610',
    campus: 'MG',
    phone: true,
    interviews: false,
    automaticRejection: true,
    functionalSkills: false,
    ielts: 6.5,
    requirement: 'including Mathematics at grade B or above in GCSE',
    programmes: [
      p('NN43', 'Accounting and Finance', BSC, 136, 120),
      p('N4N1', 'Accounting and Finance with Placement', BSC, 136, 120),
      p('N300', 'Finance', BSC, 136, 112),
      p('N302', 'Finance with Placement', BSC, 136, 112),
      p('N320', 'Banking and International Finance', BSC, 136, 104),
      p('NN34', 'Investment and Financial Risk Management', BSC, 144, 128),
      p('N390', 'Real Estate Finance and Investment', BSC, 136, 80),
    ],
  },
  {
    code: 'ACTS',
    name: 'Actuarial Science',
    school: 'BUS',
    departNumber: '63',
    extension: '8620',
    campus: 'MG',
    phone: true,
    interviews: false,
    automaticRejection: true,
    functionalSkills: false,
    ielts: 6.5,
    requirement: 'including Mathematics at grade A',
    programmes: [
      p('N321', 'Actuarial Science', BSC, 144, 128),
      p('N326', 'Actuarial Science with Placement', BSC, 144, 128),
      p('N325', 'Actuarial Science', 'MSci (Hons)', 152, 136, { automaticOffer: false }),
    ],
  },
  {
    code: 'MGMT',
    name: 'Management',
    school: 'BUS',
    departNumber: '64',
    extension: '8630',
    campus: 'MG',
    phone: true,
    interviews: false,
    automaticRejection: true,
    functionalSkills: false,
    ielts: 6,
    requirement: 'in any subjects',
    programmes: [
      p('N210', 'Management', BSC, 120, 104, { secondYear: true }),
      p('N211', 'Management with Placement', BSC, 120, 104),
      p('N500', 'Marketing', BSC, 120, 96),
      p('N600', 'Human Resource Management', BSC, 112, 96),
      p('N290', 'Business Analytics', BSC, 128, 104),
      p('N291', 'Business Analytics with Placement', BSC, 128, 104),
      p('N230', 'Entrepreneurship and Innovation', BSC, 112, 88),
    ],
  },
  // The City Law School
  {
    code: 'LAWS',
    name: 'Law',
    school: 'LAW',
    departNumber: '71',
    extension: '8301',
    campus: 'GR',
    phone: true,
    interviews: false,
    automaticRejection: true,
    functionalSkills: false,
    ielts: 6.5,
    requirement: 'in any subjects; Law A Level is not required',
    programmes: [
      p('M100', 'Law', LLB, 136, 136),
      p('M101', 'Law with Placement', LLB, 136, 128),
      p('M1N1', 'Law with Business', LLB, 136, 120),
      p('M1L2', 'Law and International Politics', LLB, 136, 112),
      p('M1R1', 'Law with French Law', LLB, 136, 120),
      p('MM19', 'Law and Criminology', LLB, 128, 120),
      p('M1V5', 'Law with Philosophy', LLB, 128, 112),
      p('M190', 'Law and Human Rights', LLB, 128, 112),
      p('M1C8', 'Law and Psychology', LLB, 128, 112),
      p('M120', 'Law (Graduate Entry)', LLB, 120, 120, { secondYear: true, automaticOffer: false, automaticRejection: false, ielts: 7 }),
      p('M108', 'Law with Foundation Year', LLB, 96, 80, { override: 'M10F' }),
    ],
  },
  // School of Arts and Social Sciences
  {
    code: 'PSYC',
    name: 'Psychology',
    school: 'SAS',
    departNumber: '41',
    extension: '8500',
    campus: 'NH',
    phone: false,
    interviews: false,
    automaticRejection: true,
    functionalSkills: false,
    ielts: 6.5,
    requirement: 'in any subjects; Psychology A Level is not required',
    programmes: [
      p('C800', 'Psychology', BSC, 128, 112),
      p('C801', 'Psychology with Placement', BSC, 128, 112),
      p('CL83', 'Psychology and Sociology', BSC, 120, 104),
      p('CM89', 'Psychology and Criminology', BSC, 128, 104),
      p('C840', 'Psychology with Counselling', BSC, 120, 96),
      p('C808', 'Psychology with Foundation Year', BSC, 96, 80, { override: 'C80F' }),
    ],
  },
  {
    code: 'ECON',
    name: 'Economics',
    school: 'SAS',
    departNumber: '42',
    extension: '8510',
    campus: 'NH',
    phone: true,
    interviews: false,
    automaticRejection: true,
    functionalSkills: false,
    ielts: 6,
    requirement: 'including Mathematics at GCSE grade 6/B or above',
    programmes: [
      p('L100', 'Economics', BSC, 136, 112),
      p('L101', 'Economics with Placement', BSC, 136, 112),
      p('L110', 'Financial Economics', BSC, 136, 104, { secondYear: true }),
      p('L112', 'Financial Economics with Placement', BSC, 136, 104),
      p('LN14', 'Economics with Accountancy', BSC, 136, 120),
      p('L1L2', 'Economics and International Politics', BSC, 128, 104),
      p('L1G1', 'Economics and Mathematics', BSC, 144, 128),
      p('L108', 'Economics with Foundation Year', BSC, 96, 80, { override: 'L10F' }),
    ],
  },
  {
    code: 'SOCI',
    name: 'Sociology',
    school: 'SAS',
    departNumber: '43',
    extension: '8520',
    campus: 'NH',
    phone: true,
    interviews: false,
    automaticRejection: true,
    functionalSkills: true,
    ielts: 6,
    requirement: 'in any subjects',
    programmes: [
      p('L300', 'Sociology', BSC, 112, 96),
      p('L301', 'Sociology with Placement', BSC, 112, 96),
      p('L3L4', 'Sociology and Social Policy', BSC, 112, 88),
      p('L3L2', 'Sociology and International Politics', BSC, 112, 96),
      p('L390', 'Sociology with Foundation Year', BSC, 96, 80, { override: 'L30F' }),
    ],
  },
  {
    code: 'CRIM',
    name: 'Criminology',
    school: 'SAS',
    departNumber: '44',
    extension: '8530',
    campus: 'NH',
    phone: true,
    interviews: false,
    automaticRejection: true,
    functionalSkills: true,
    ielts: 6,
    requirement: 'in any subjects',
    programmes: [
      p('M900', 'Criminology', BSC, 120, 104),
      p('M901', 'Criminology with Placement', BSC, 120, 104),
      p('M9L3', 'Criminology and Sociology', BSC, 112, 96),
      p('M9L4', 'Criminology and Social Policy', BSC, 112, 88),
    ],
  },
  {
    code: 'POLI',
    name: 'International Politics',
    school: 'SAS',
    departNumber: '45',
    extension: '8540',
    campus: 'NH',
    phone: true,
    interviews: false,
    automaticRejection: true,
    functionalSkills: false,
    ielts: 6,
    requirement: 'in any subjects',
    programmes: [
      p('L250', 'International Politics', BSC, 128, 112),
      p('L251', 'International Politics with Placement', BSC, 128, 112),
      p('L2L3', 'International Politics and Sociology', BSC, 120, 104),
      p('L200', 'Politics', BSC, 120, 104),
      p('L2M1', 'International Politics and Human Rights', BSC, 120, 96),
      p('L0V0', 'Philosophy, Politics and Economics', BSC, 144, 96),
    ],
  },
  {
    code: 'ENGL',
    name: 'English',
    school: 'SAS',
    departNumber: '46',
    extension: '8550',
    campus: 'NH',
    phone: true,
    interviews: false,
    automaticRejection: true,
    functionalSkills: false,
    ielts: 6.5,
    requirement: 'including English Literature or English Language and Literature at grade C or above',
    programmes: [
      p('Q300', 'English', BA, 128, 112, { secondYear: true }),
      p('Q320', 'English Literature', BA, 128, 104),
      p('Q3W8', 'English and Creative Writing', BA, 120, 104),
      p('Q3V1', 'English and History', BA, 128, 112),
      p('Q3W6', 'English and Film', BA, 120, 96),
      p('Q3W4', 'English and Theatre', BA, 120, 96),
    ],
  },
  // School of Communication and Creativity
  {
    code: 'JOUR',
    name: 'Journalism',
    school: 'SCC',
    departNumber: '81',
    extension: '8221',
    campus: 'NH',
    phone: true,
    interviews: false,
    automaticRejection: true,
    functionalSkills: false,
    ielts: 7,
    requirement: 'including an essay-based subject at grade C or above',
    programmes: [
      p('P500', 'Journalism', BA, 136, 120),
      p('P5L3', 'Journalism and Sociology', BA, 128, 112),
      p('P5Q3', 'Journalism and English', BA, 128, 112),
      p('P5L2', 'Journalism and International Politics', BA, 128, 104),
      p('P510', 'Sports Journalism', BA, 128, 104),
      p('P590', 'Journalism with Foundation Year', BA, 96, 80, { override: 'P50F' }),
    ],
  },
  {
    code: 'MUSI',
    name: 'Music',
    school: 'SCC',
    departNumber: '82',
    extension: '8284',
    campus: 'NH',
    phone: true,
    interviews: false,
    automaticRejection: false,
    functionalSkills: false,
    ielts: 6,
    requirement: 'including Music A Level at grade C or above or ABRSM Grade 8 theory or practical',
    programmes: [
      p('W300', 'Music', BMUS, 120, 96, { interviews: true }),
      p('W310', 'Music Performance', BMUS, 120, 104, { interviews: true }),
      p('W350', 'Music, Sound and Technology', BSC, 120, 104),
      p('W351', 'Music, Sound and Technology with Placement', BSC, 120, 104),
      p('W3P3', 'Music and Media', BA, 112, 96),
    ],
  },
  {
    code: 'MDIA',
    name: 'Media, Culture and Creative Industries',
    school: 'SCC',
    departNumber: '83',
    extension: '8270',
    campus: 'NH',
    phone: false,
    interviews: false,
    automaticRejection: true,
    functionalSkills: false,
    ielts: 6,
    requirement: 'in any subjects',
    programmes: [
      p('P300', 'Media and Communication', BA, 120, 104),
      p('P3L3', 'Media, Communication and Sociology', BSC, 120, 96),
      p('P310', 'Television and Digital Media Production', BA, 112, 96),
      p('P3N5', 'Media and Marketing', BA, 120, 104),
      p('P210', 'Public Relations', BA, 120, 96),
      p('P390', 'Creative Industries', BA, 120, 64),
    ],
  },
];

/** Course states of the file comment, keyed by UCAS code; everything else is plain open. */
const STATE_OVERRIDES: Record<string, Partial<CourseData>> = {
  H401: { SUSPENDED: true },
  L3L4: { SUSPENDED: true },
  H410: { SUSPENDED: true, VACANCIES_EXTERNAL: 0, VACANCIES_INTERNAL: 0 },
  NN34: { VACANCIES_EXTERNAL: 0, VACANCIES_INTERNAL: 0 },
  B511: { VACANCIES_EXTERNAL: 0, VACANCIES_INTERNAL: 3 },
  G1G3: { VACANCIES_INTERNAL: 0 },
  P510: { VACANCIES_INTERNAL: 0 },
  // The busiest demo course (most tests and the benchmarks apply to it): offers count against its
  // places, so it has enough for every suite's automatic offers.
  G400: { VACANCIES_INTERNAL: 1000 },
  Q3W4: { EXTERNAL: true, INTERMEDIARY: true },
  N230: { EXTERNAL: true, INTERMEDIARY: true },
  W310: {
    EXTERNAL: true,
    INTERMEDIARY: false,
    EXTERNAL_URL: 'https://www.gsmd.ac.uk/study-with-guildhall/music/undergraduate-music-programmes',
  },
  N1L1: {
    EXTERNAL: true,
    INTERMEDIARY: false,
    EXTERNAL_URL: 'https://www.intostudy.com/en/universities/city-university-of-london',
  },
};

/** Autumn start per school (month-day, in the intake's first year; domain.md "Intake"). */
const SCHOOL_START: Record<SchoolCode, string> = {
  SHS: '09-22',
  SCI: '09-29',
  ENG: '09-29',
  BUS: '09-22',
  LAW: '10-06',
  SAS: '09-29',
  SCC: '09-30',
};

/** The default course start (month-day of the intake's first year) the school starts above are set against. */
const DEFAULT_START = '09-22';

/**
 * A course's start date: autumn of the intake's first year, or January of its second (domain.md
 * "Intake"). Given the cycle's default course start date (domain.md "Recruitment cycles"), the
 * course starts as many days after it as its month-day lies after DEFAULT_START (a demo cycle
 * open today moves every start past today, January starts included).
 */
function startDate(monthDay: string, intake: string, cycleStart?: string): string {
  const { first, second } = intakeYears(intake);
  const inIntake = `${monthDay.startsWith('01-') ? second : first}-${monthDay}`;
  if (!cycleStart) return inIntake;
  return addCalendarDays(cycleStart, daysBetween(`${first}-${DEFAULT_START}`, inIntake));
}

const SCHOOL_FEEDBACK_NOTE: Partial<Record<SchoolCode, string>> = {
  SHS: 'The Health Sciences admissions team is available Monday to Friday, 9am to 5pm.',
  LAW: 'Please have your UCAS Personal ID ready when you call.',
  BUS: 'Business School clearing lines are open 8am to 8pm on results day.',
};

// ---------------------------------------------------------------------------------------------
// Qualification options

/** Form order: QUALIFICATIONS types (A Level first), then GCSE-group types. */
const QUAL_ORDER: readonly QualificationCode[] = [
  'ALEVEL',
  'ASLEVEL',
  'BTEC_EXTENDED_DIPLOMA',
  'BTEC_DIPLOMA',
  'BTEC_FOUNDATION_DIPLOMA',
  'BTEC_EXTENDED_CERTIFICATE',
  'BTEC_CERTIFICATE',
  'OCR_EXTENDED_DIPLOMA',
  'OCR_DIPLOMA',
  'OCR_EXTENDED_CERTIFICATE',
  'IBO',
  'ACCESS_HE',
  'SCOTTISH_HIGHER',
  'SCOTTISH_ADVANCED_HIGHER',
  'IRISH_LC_HIGHER',
  'EPQ',
  'T_LEVEL',
  'ABRSM_GRADE_8',
  'ENGLISH_TEST',
  'OTHER',
  'GCSE',
  'IGCSE',
  'OLEVEL',
  'SCOTTISH_NATIONAL_5',
  'IRISH_LC_ORDINARY',
  'FUNCTIONAL_SKILLS',
];

/**
 * Offered by every course: a course that takes A levels takes the other UK and Irish school-leaving
 * qualifications too (Scottish Highers, Advanced Highers and National 5; the Irish Leaving
 * Certificate at both levels), so no applicant from Scotland or Ireland is turned away by the form.
 */
const CORE_QUALS: readonly QualificationCode[] = [
  'ALEVEL',
  'BTEC_EXTENDED_DIPLOMA',
  'IBO',
  'SCOTTISH_HIGHER',
  'SCOTTISH_ADVANCED_HIGHER',
  'IRISH_LC_HIGHER',
  'ENGLISH_TEST',
  'OTHER',
  'GCSE',
  'SCOTTISH_NATIONAL_5',
  'IRISH_LC_ORDINARY',
];
/** Offered by most courses. */
const STANDARD_QUALS: readonly QualificationCode[] = ['ASLEVEL', 'BTEC_DIPLOMA', 'ACCESS_HE', 'EPQ', 'IGCSE'];

const SCHOOL_QUALS: Record<SchoolCode, readonly QualificationCode[]> = {
  // Health Sciences take Access to HE (Nursing, Midwifery, Health, Science) on every course.
  SHS: ['T_LEVEL', 'SCOTTISH_HIGHER', 'ACCESS_HE'],
  SCI: ['SCOTTISH_HIGHER', 'SCOTTISH_ADVANCED_HIGHER'],
  ENG: ['BTEC_FOUNDATION_DIPLOMA', 'OCR_EXTENDED_DIPLOMA', 'T_LEVEL', 'SCOTTISH_HIGHER', 'SCOTTISH_ADVANCED_HIGHER'],
  BUS: ['BTEC_EXTENDED_CERTIFICATE', 'OCR_EXTENDED_DIPLOMA', 'OCR_DIPLOMA', 'T_LEVEL', 'SCOTTISH_HIGHER'],
  LAW: ['SCOTTISH_HIGHER', 'SCOTTISH_ADVANCED_HIGHER'],
  SAS: ['BTEC_EXTENDED_CERTIFICATE', 'SCOTTISH_HIGHER'],
  SCC: ['BTEC_FOUNDATION_DIPLOMA', 'BTEC_EXTENDED_CERTIFICATE', 'OCR_EXTENDED_CERTIFICATE'],
};

const DEPT_QUALS: Partial<Record<string, readonly QualificationCode[]>> = {
  CMPS: ['OCR_EXTENDED_DIPLOMA', 'T_LEVEL'],
  HSRM: ['OLEVEL', 'BTEC_EXTENDED_CERTIFICATE'],
  FBUA: ['BTEC_CERTIFICATE', 'OCR_EXTENDED_CERTIFICATE'],
  MDIA: ['OCR_EXTENDED_DIPLOMA'],
  // The Music department's notes ask for Music A Level or ABRSM Grade 8 theory or practical.
  MUSI: ['ABRSM_GRADE_8'],
};

/** Foundation years take a wider range of level-3 and mature-student qualifications. */
const FOUNDATION_QUALS: readonly QualificationCode[] = [
  // Their notes invite Access to HE Diplomas.
  'ACCESS_HE',
  'BTEC_FOUNDATION_DIPLOMA',
  'BTEC_EXTENDED_CERTIFICATE',
  'BTEC_CERTIFICATE',
  'T_LEVEL',
  'OLEVEL',
  'FUNCTIONAL_SKILLS',
];

/**
 * Option colours name only what a real course's entry requirements name (domain.md "Traffic light"):
 * A level Mathematics below B on a mathematics or actuarial degree (C amber, D-U red), and a
 * BTEC Extended Diploma profile below what a selective course accepts. No colour on GCSE grades or
 * on A level grades of any subject: a grade 3 in GCSE French or an E in an unrelated A level never
 * makes a strong applicant red (the GCSE rules and the points rule judge those).
 */
const MATHS_ALEVEL_BELOW_B: Record<string, TariffColour> = { C: 'A', D: 'R', E: 'R', U: 'R' };
const MATHS_SUBJECTS = ['Mathematics'] as const;
const WEAK_BTEC_TRIPLE: Record<string, TariffColour> = { PPP: 'R', MPP: 'R', MMP: 'A' };

/** `index` counts courses across the catalogue, `position` within the department. */
type CourseContext = {
  dept: DeptSpec;
  prog: Programme;
  index: number;
  position: number;
  foundation: boolean;
  functionalSkills: boolean;
};

function qualCodes(ctx: CourseContext): QualificationCode[] {
  const { dept, prog, index, foundation, functionalSkills } = ctx;
  if (prog.allQualifications) return [...QUAL_ORDER];
  const chosen = new Set<QualificationCode>(CORE_QUALS);
  // Every fifth course keeps to the core list plus IGCSE; the rest take the standard list.
  for (const code of index % 5 === 4 ? (['IGCSE'] as const) : STANDARD_QUALS) chosen.add(code);
  for (const code of SCHOOL_QUALS[dept.school]) chosen.add(code);
  for (const code of DEPT_QUALS[dept.code] ?? []) chosen.add(code);
  if (foundation) for (const code of FOUNDATION_QUALS) chosen.add(code);
  if (functionalSkills) chosen.add('FUNCTIONAL_SKILLS');
  else chosen.delete('FUNCTIONAL_SKILLS');
  return QUAL_ORDER.filter((code) => chosen.has(code));
}

function qualOverrides(code: QualificationCode, ctx: CourseContext): QualOptionOverrides {
  const { dept, prog } = ctx;
  const school = dept.school;
  const selective = prog.adv >= 128 && school !== 'SHS';
  switch (code) {
    case 'ALEVEL': {
      const colours: Record<string, Record<string, TariffColour>> = {};
      if (dept.code === 'MATH' || dept.code === 'ACTS') {
        colours['SUBJECT'] = { Mathematics: 'G', 'Further Mathematics': 'G' };
        colours['GRADE'] = MATHS_ALEVEL_BELOW_B;
        return { colours, colourSubjects: { GRADE: MATHS_SUBJECTS } };
      }
      if (school === 'ENG') colours['SUBJECT'] = { Mathematics: 'G', Physics: 'G' };
      return { colours };
    }
    case 'ASLEVEL':
      // Nursing and Mathematics do not count AS Levels towards the effective tariff.
      return { countsTowardsTariff: !(dept.code === 'NURS' || dept.code === 'MATH') };
    case 'EPQ':
      return { countsTowardsTariff: !(school === 'SHS' || school === 'LAW' || dept.code === 'MATH' || dept.code === 'ACCF') };
    case 'BTEC_EXTENDED_DIPLOMA':
      return selective ? { colours: { GRADE: WEAK_BTEC_TRIPLE } } : {};
    case 'GCSE':
    case 'IGCSE':
      // Arts and communication courses do not insist on the year of a GCSE.
      return school === 'SAS' || school === 'SCC' ? { required: { YEAR: false } } : {};
    case 'IBO':
      if (school === 'LAW') return { required: { EE_GRADE: true, TOK_GRADE: true } };
      if (dept.code === 'MATH') return { required: { HL_SUBJECT_1: true, HL_GRADE_1: true, HL_YEAR_1: true } };
      return {};
    case 'OTHER':
      return ctx.foundation ? { required: { YEAR: false } } : {};
    default:
      return {};
  }
}

// ---------------------------------------------------------------------------------------------
// Course records

const slugify = (text: string): string =>
  text
    .toLowerCase()
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

function documentTypes(ctx: CourseContext): string {
  const { dept, index, position, foundation } = ctx;
  if (dept.school === 'SHS' || foundation) return DOCS.ALL;
  // The Sciences school asks for five GCSEs, so it always takes GCSE5.
  if (dept.school === 'SCI') return position % 3 === 2 ? DOCS.A_E_G5 : DOCS.A_G5;
  const cycle = [DOCS.A_E_G2_O, DOCS.A_G5, DOCS.A_G2, DOCS.A_G5_O, DOCS.A_E_G5] as const;
  return cycle[index % cycle.length] ?? DOCS.A_G5;
}

function notes(ctx: CourseContext): string | null {
  const { dept, prog, index, foundation } = ctx;
  if (index % 10 === 7) return null;
  const items = ['<li>GCSE English and Mathematics at grade 4/C or above</li>'];
  if (dept.school === 'SCI') items.push('<li>At least five GCSEs at grade 4/C or above</li>');
  if (dept.school === 'ENG' || prog.engineering) items.push('<li>GCSE Physics or Combined Science at grade 4/C or above</li>');
  if (dept.school === 'SHS' && (prog.interviews ?? dept.interviews)) {
    items.push('<li>A satisfactory values-based interview, occupational health clearance and an enhanced DBS check</li>');
  }
  if (foundation) items.push('<li>Access to HE Diplomas and mature applicants with relevant experience are welcome</li>');
  const entry = PRIOR_ENTRY[prog.ucas];
  // Graduate and registered-nurse entry: the prior qualification, not a school-leaver offer.
  if (entry) return `<p>${entry} School-leaver qualifications are not assessed for this course.</p><ul>${items.join('')}</ul>`;
  return `<p>Typical offer: ${prog.adv} UCAS Tariff points ${dept.requirement}.</p><ul>${items.join('')}</ul>`;
}

function considerationText(ctx: CourseContext, interviews: boolean): string | null {
  const { dept, prog } = ctx;
  if (dept.school === 'SHS') {
    return interviews ? 'Shortlisted applicants will be invited to an interview before an offer is made.' : null;
  }
  if (prog.adv - prog.acc > 24) {
    return `Applicants with ${prog.acc} UCAS Tariff points or more and strong GCSE results will also be considered.`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// IB requirement

/**
 * IB Diploma points a course states beside a UCAS Tariff figure, as UK universities publish them
 * (an A level offer and its IB equivalent side by side, e.g. ABB / 128 points / IB 30): one
 * Diploma point per A level grade step (8 Tariff points), 30 at 128, and never below 24, the least
 * total for which the Diploma is awarded. The UCAS Tariff itself does not price the Diploma total
 * (only its components), so the step is the universities' convention, not a UCAS table. Rows are
 * [lowest Tariff points, Diploma points]; a figure between rows takes the lower row.
 */
export const TARIFF_TO_IB_POINTS: readonly (readonly [tariff: number, ib: number])[] = [
  [0, 24],
  [88, 25],
  [96, 26],
  [104, 27],
  [112, 28],
  [120, 29],
  [128, 30],
  [136, 31],
  [144, 32],
  [152, 33],
  [160, 34],
  [168, 35],
];

/** The Diploma points of TARIFF_TO_IB_POINTS for a Tariff figure (the highest row at or below it). */
export function ibPointsForTariff(tariff: number): number {
  let points = 24;
  for (const [from, ib] of TARIFF_TO_IB_POINTS) if (tariff >= from) points = ib;
  return points;
}

/** IB_ADVERTISED and IB_ACCEPTED from the tariffs for a course that offers IBO; none otherwise. */
function ibRequirement(prog: Programme, codes: readonly QualificationCode[]): Pick<CourseData, 'IB_ADVERTISED' | 'IB_ACCEPTED'> {
  if (!codes.includes('IBO')) return { IB_ADVERTISED: null, IB_ACCEPTED: null };
  return { IB_ADVERTISED: ibPointsForTariff(prog.adv), IB_ACCEPTED: ibPointsForTariff(prog.acc) };
}

/** The reviewed requirements of a course (subject-requirements.ts) with the equivalents of the types it offers. */
function subjectRequirements(ucas: string, codes: readonly QualificationCode[]): SubjectRequirement[] {
  const reviewed = REVIEWED_REQUIREMENTS[ucas];
  if (!reviewed) throw new Error(`course ${ucas} has no reviewed subject requirements (subject-requirements.ts)`);
  return reviewed.map((r) => expandRequirement(r, codes));
}

function buildCourse(ctx: CourseContext, slugs: Set<string>, intake: string, cycleStart?: string): DemoCourse {
  const { dept, prog, index, functionalSkills } = ctx;
  const school = SCHOOLS.find((s) => s.code === dept.school);
  if (!school) throw new Error(`unknown school ${dept.school}`);
  const interviews = prog.interviews ?? dept.interviews;
  const assessmentInfo: AssessmentInfo = {
    interviews,
    automaticOffer: prog.automaticOffer ?? !interviews,
    automaticRejection: prog.automaticRejection ?? dept.automaticRejection,
    engineering: prog.engineering ?? dept.school === 'ENG',
    functionalSkillsAccepted: functionalSkills,
    minimumIelts: prog.ielts ?? dept.ielts,
    priorEntry: PRIOR_ENTRY[prog.ucas] ?? null,
  };

  const codes = qualCodes(ctx);
  let slug = slugify(prog.title);
  if (slugs.has(slug)) slug = `${slug}-${slugify(prog.qual)}`;
  slugs.add(slug);

  const course: CourseData = {
    UCAS_CODE: prog.ucas,
    COURSE_CODE_OVERRIDE: prog.override ?? null,
    COURSE_TITLE: prog.title,
    QUALIFICATION: prog.qual,
    SCHOOL: school.code,
    SCHOOL_NAME: school.name,
    DEPT: dept.code,
    DEPT_NAME: dept.name,
    CAMPUS_CODE: dept.campus,
    CAMPUS_NAME: CAMPUSES[dept.campus],
    TARIFF_ADVERTISED: prog.adv,
    TARIFF_ACCEPTED: prog.acc,
    SUSPENDED: false,
    VACANCIES_EXTERNAL: 10 + ((index * 13) % 51),
    VACANCIES_INTERNAL: 2 + ((index * 7) % 14),
    EXTERNAL: false,
    EXTERNAL_URL: null,
    INTERMEDIARY: true,
    ALLOW_SECOND_YEAR_ENTRY: prog.secondYear ?? false,
    URL: `https://www.city.ac.uk/study/courses/undergraduate/${slug}`,
    NOTES: notes(ctx),
    CONSIDERATION_TEXT: considerationText(ctx, interviews),
    DOCUMENT_TYPES: documentTypes(ctx),
    EXTENSION_NO: dept.extension,
    FEEDBACK_TELEPHONE: dept.phone ? `020 7040 ${dept.extension}` : null,
    FEEDBACK_NOTE: SCHOOL_FEEDBACK_NOTE[dept.school] ?? null,
    COURSE_START_DATE: startDate(prog.start ?? SCHOOL_START[dept.school], intake, cycleStart),
    DEPART_NUMBER: dept.departNumber,
    assessmentInfo,
    CLEARING_PLACES: 0,
    OFFER_ALLOWANCE: 1,
    ...ibRequirement(prog, codes),
    SUBJECT_REQUIREMENTS: subjectRequirements(prog.ucas, codes),
    ...STATE_OVERRIDES[prog.ucas],
  };
  // No offers yet: the places are the internal vacancies (the ledger starts from them).
  course.CLEARING_PLACES = course.VACANCIES_INTERNAL;
  const qualOptions = codes.map((code) => buildQualOption(code, qualOverrides(code, ctx)));
  return { course, qualOptions };
}

/**
 * The demo catalogue for the intake `intake` ('2025/26' by default; every start date lies in it,
 * or with `cycleStart`, the cycle's default course start date, lies that many days after it):
 * 7 schools, 26 departments and 161 courses covering every course state,
 * tariff-display case and qualification type the rules distinguish (see the file comment).
 * Deterministic: the same catalogue on every call (no Math.random, no Date.now); each call
 * returns fresh objects, so callers may mutate what they get.
 */
export function demoCatalogue(intake: string = INTAKE_YEAR, cycleStart?: string): DemoCatalogue {
  const slugs = new Set<string>();
  const courses: DemoCourse[] = [];
  let index = 0;
  for (const dept of DEPARTMENTS) {
    for (const [position, prog] of dept.programmes.entries()) {
      const foundation = prog.title.includes('Foundation Year');
      const functionalSkills = dept.functionalSkills || foundation || prog.allQualifications === true;
      courses.push(buildCourse({ dept, prog, index, position, foundation, functionalSkills }, slugs, intake, cycleStart));
      index += 1;
    }
  }
  return {
    schools: SCHOOLS.map((s) => ({ code: s.code, name: s.name })),
    departments: DEPARTMENTS.map((d) => ({ code: d.code, name: d.name, school: d.school })),
    courses,
  };
}
