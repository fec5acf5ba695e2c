/**
 * The demo catalogue's subject requirements (SUBJECT_REQUIREMENTS, domain.md "Traffic light"), a
 * table reviewed course by course against each course's notes (the codes checked are listed in
 * subject-requirements-checked.md beside this file), never parsed from the notes at run time.
 *
 * Each entry states the A Level requirement its notes name; `expandRequirement` adds the
 * equivalents of the other level-3 types the course offers at the grades of EQUIVALENT_GRADES, so
 * an IB, Scottish or Irish applicant meets the same requirement in the same subject.
 */
import type { QualificationCode, RequirementQualification, SubjectRequirement } from '@clearing-desk/contracts';

/**
 * A Level grade -> the grade of each other type UK admissions pages set beside it (e.g. A Level
 * B: IB Higher Level 5, Advanced Higher B, Higher A, Leaving Certificate Higher H3), the common
 * published conversion (UCAS entry-requirement pages of UK universities).
 */
const EQUIVALENT_GRADES: Readonly<Record<string, Partial<Record<RequirementQualification, string>>>> = {
  'A*': { IBO: '7', SCOTTISH_ADVANCED_HIGHER: 'A', SCOTTISH_HIGHER: 'A', IRISH_LC_HIGHER: 'H1' },
  A: { IBO: '6', SCOTTISH_ADVANCED_HIGHER: 'A', SCOTTISH_HIGHER: 'A', IRISH_LC_HIGHER: 'H2' },
  B: { IBO: '5', SCOTTISH_ADVANCED_HIGHER: 'B', SCOTTISH_HIGHER: 'A', IRISH_LC_HIGHER: 'H3' },
  C: { IBO: '4', SCOTTISH_ADVANCED_HIGHER: 'C', SCOTTISH_HIGHER: 'B', IRISH_LC_HIGHER: 'H4' },
};

/** One reviewed requirement: subjects (any of), how many, the A Level grade, and the vocational routes the department accepts. */
type Reviewed = {
  subjects: string[];
  count?: number;
  /** A Level grade, or for a GCSE-level requirement the 9-1 grade (`gcse`). */
  grade: string;
  gcse?: boolean;
  /** BTEC National Extended Diploma subjects that meet the whole requirement (at DMM). */
  btec?: string[];
  /** T Level subjects that meet it (at Merit). */
  tLevel?: string[];
  /** Access to HE Diploma subjects that meet it (credits at Merit or above). */
  access?: string[];
};

const SCIENCES = ['Biology', 'Chemistry', 'Physics'];
const MATHS = ['Mathematics', 'Further Mathematics'];
const ENGINEERING_BTEC = ['Engineering'];
const ENGINEERING_ACCESS = ['Engineering', 'Science', 'Mathematics'];
const HEALTH_BTEC = ['Health and Social Care', 'Applied Science'];
const HEALTH_ACCESS = ['Nursing', 'Midwifery', 'Health', 'Science'];
const HEALTH_T_LEVEL = ['Health', 'Healthcare Science', 'Science'];

const maths = (grade: string): Reviewed => ({ subjects: MATHS, grade, btec: ENGINEERING_BTEC, tLevel: ['Engineering'], access: ENGINEERING_ACCESS });
const scienceOrTechnology: Reviewed = {
  subjects: [...SCIENCES, 'Design and Technology', 'Computer Science', 'Electronics'],
  grade: 'C',
  btec: ENGINEERING_BTEC,
  tLevel: ['Engineering'],
  access: ENGINEERING_ACCESS,
};
const physics: Reviewed = { subjects: ['Physics'], grade: 'C', btec: ENGINEERING_BTEC, tLevel: ['Engineering'], access: ENGINEERING_ACCESS };
const aScience: Reviewed = {
  subjects: SCIENCES,
  grade: 'C',
  btec: ['Engineering', 'Applied Science'],
  tLevel: ['Engineering', 'Science'],
  access: ENGINEERING_ACCESS,
};
const gcseMathsAt6: Reviewed = { subjects: ['Mathematics'], grade: '6', gcse: true };

/** Nursing: 'including a science or social science subject'. */
const NURSING: Reviewed[] = [
  { subjects: [...SCIENCES, 'Psychology', 'Sociology'], grade: 'C', btec: HEALTH_BTEC, tLevel: HEALTH_T_LEVEL, access: HEALTH_ACCESS },
];
/** Midwifery: 'including Biology or another science'. */
const MIDWIFERY: Reviewed[] = [{ subjects: SCIENCES, grade: 'C', btec: HEALTH_BTEC, tLevel: HEALTH_T_LEVEL, access: HEALTH_ACCESS }];
/** Optometry: 'including two sciences from Biology, Chemistry, Physics and Mathematics'. */
const OPTOMETRY: Reviewed[] = [{ subjects: [...SCIENCES, 'Mathematics'], count: 2, grade: 'C' }];
/** Radiography: 'including a science subject'. */
const RADIOGRAPHY: Reviewed[] = [
  { subjects: SCIENCES, grade: 'C', btec: ['Applied Science'], tLevel: HEALTH_T_LEVEL, access: ['Science', 'Health', 'Radiography'] },
];
/** Speech and language: 'including English Language, English Literature, Psychology or a science'. */
const LANGUAGE_SCIENCE: Reviewed[] = [
  {
    subjects: ['English Language', 'English Literature', 'English Language and Literature', 'Psychology', ...SCIENCES],
    grade: 'C',
    access: ['Health', 'Science', 'Humanities', 'Social Science'],
  },
];
/** Mathematics: 'including Mathematics at grade B or above'. */
const MATHEMATICS: Reviewed[] = [{ subjects: MATHS, grade: 'B', access: ['Mathematics', 'Engineering', 'Science'] }];
/** Civil and electrical engineering: 'including Mathematics and a science or technology subject'. */
const ENGINEERING: Reviewed[] = [maths('C'), scienceOrTechnology];
/** Mechanical engineering and aeronautics: 'including Mathematics and Physics'. */
const MECHANICAL: Reviewed[] = [maths('C'), physics];
/** Biomedical engineering: 'including Mathematics and Biology, Chemistry or Physics'. */
const BIOMEDICAL: Reviewed[] = [maths('C'), aScience];
/** Accounting and finance: 'including Mathematics at grade B or above in GCSE'; economics: 'Mathematics at GCSE grade 6/B'. */
const GCSE_MATHS_B: Reviewed[] = [gcseMathsAt6];
/** Actuarial science: 'including Mathematics at grade A'. */
const ACTUARIAL: Reviewed[] = [{ subjects: MATHS, grade: 'A' }];
/** English: 'including English Literature or English Language and Literature'. */
const ENGLISH: Reviewed[] = [{ subjects: ['English Literature', 'English Language and Literature'], grade: 'C', access: ['Humanities', 'English'] }];
/** Journalism: 'including an essay-based subject'. */
const JOURNALISM: Reviewed[] = [
  {
    subjects: [
      'English Literature',
      'English Language',
      'English Language and Literature',
      'History',
      'Politics',
      'Sociology',
      'Psychology',
      'Geography',
      'Philosophy',
      'Religious Studies',
      'Economics',
      'Law',
      'Classical Civilisation',
      'Media Studies',
    ],
    grade: 'C',
    access: ['Humanities', 'Social Science', 'Journalism', 'Media'],
  },
];
/** Music: 'including Music A Level or ABRSM Grade 8 theory or practical'. */
const MUSIC: Reviewed[] = [{ subjects: ['Music'], grade: 'C' }];

/**
 * Graduate and registered-professional entry (assessmentInfo.priorEntry): not assessed on
 * school-leaver points; their notes state this sentence instead of a typical offer.
 */
export const PRIOR_ENTRY: Readonly<Record<string, string>> = {
  B721: 'Registration as an adult nurse with the Nursing and Midwifery Council (NMC) is required.',
  M120: 'A first degree at 2:2 or above in any subject is required.',
};

/**
 * Every demo course's reviewed requirements, by UCAS code (the 161 courses of DEPARTMENTS, in their
 * order). [] where the notes name no required subject ('in any subjects', 'welcome but not
 * required'), or the course is graduate entry (PRIOR_ENTRY).
 */
export const REVIEWED_REQUIREMENTS: Readonly<Record<string, readonly Reviewed[]>> = {
  // Nursing
  B740: NURSING,
  B730: NURSING,
  B760: NURSING,
  B750: NURSING,
  B741: NURSING,
  B761: NURSING,
  B702: NURSING,
  // Midwifery; the shortened programme is for registered nurses (PRIOR_ENTRY)
  B720: MIDWIFERY,
  B721: [],
  // Optometry
  B510: OPTOMETRY,
  B511: OPTOMETRY,
  // Radiography
  B821: RADIOGRAPHY,
  B822: RADIOGRAPHY,
  // Language and Communication Science
  B620: LANGUAGE_SCIENCE,
  Q150: LANGUAGE_SCIENCE,
  // Health Services Research and Management: any subjects
  L511: [],
  L512: [],
  B900: [],
  B901: [],
  L431: [],
  // Computer Science: Mathematics or Computer Science welcome but not required
  G400: [],
  G401: [],
  G404: [],
  G408: [],
  G450: [],
  G4G5: [],
  G4G7: [],
  G600: [],
  G601: [],
  G550: [],
  G552: [],
  G413: [],
  H6G4: [],
  G4N1: [],
  GN51: [],
  // Mathematics
  G100: MATHEMATICS,
  G101: MATHEMATICS,
  G103: MATHEMATICS,
  G1NH: MATHEMATICS,
  G1G3: MATHEMATICS,
  G1G4: MATHEMATICS,
  G300: MATHEMATICS,
  G120: MATHEMATICS,
  G108: MATHEMATICS,
  // Civil Engineering
  H200: ENGINEERING,
  H201: ENGINEERING,
  H202: ENGINEERING,
  H2K1: ENGINEERING,
  H2N2: ENGINEERING,
  H208: ENGINEERING,
  // Mechanical Engineering and Aeronautics
  H300: MECHANICAL,
  H301: MECHANICAL,
  H302: MECHANICAL,
  H308: MECHANICAL,
  H400: MECHANICAL,
  H401: MECHANICAL,
  H403: MECHANICAL,
  H405: MECHANICAL,
  H330: MECHANICAL,
  H410: MECHANICAL,
  // Electrical and Electronic Engineering
  H600: ENGINEERING,
  H601: ENGINEERING,
  H602: ENGINEERING,
  H610: ENGINEERING,
  H671: ENGINEERING,
  H608: ENGINEERING,
  // Biomedical Engineering
  HB18: BIOMEDICAL,
  HB19: BIOMEDICAL,
  HB11: BIOMEDICAL,
  HB10: BIOMEDICAL,
  // Business Undergraduate Admissions: any subjects
  N200: [],
  N201: [],
  N2N3: [],
  N2N5: [],
  N2N6: [],
  N2N9: [],
  N120: [],
  N121: [],
  N203: [],
  N108: [],
  N1L1: [],
  // Accounting and Finance: GCSE Mathematics at B
  NN43: GCSE_MATHS_B,
  N4N1: GCSE_MATHS_B,
  N300: GCSE_MATHS_B,
  N302: GCSE_MATHS_B,
  N320: GCSE_MATHS_B,
  NN34: GCSE_MATHS_B,
  N390: GCSE_MATHS_B,
  // Actuarial Science
  N321: ACTUARIAL,
  N326: ACTUARIAL,
  N325: ACTUARIAL,
  // Management: any subjects
  N210: [],
  N211: [],
  N500: [],
  N600: [],
  N290: [],
  N291: [],
  N230: [],
  // Law: any subjects; the graduate LLB is PRIOR_ENTRY
  M100: [],
  M101: [],
  M1N1: [],
  M1L2: [],
  M1R1: [],
  MM19: [],
  M1V5: [],
  M190: [],
  M1C8: [],
  M120: [],
  M108: [],
  // Psychology: Psychology A Level not required
  C800: [],
  C801: [],
  CL83: [],
  CM89: [],
  C840: [],
  C808: [],
  // Economics: GCSE Mathematics at 6/B
  L100: GCSE_MATHS_B,
  L101: GCSE_MATHS_B,
  L110: GCSE_MATHS_B,
  L112: GCSE_MATHS_B,
  LN14: GCSE_MATHS_B,
  L1L2: GCSE_MATHS_B,
  L1G1: GCSE_MATHS_B,
  L108: GCSE_MATHS_B,
  // Sociology, Criminology, International Politics: any subjects
  L300: [],
  L301: [],
  L3L4: [],
  L3L2: [],
  L390: [],
  M900: [],
  M901: [],
  M9L3: [],
  M9L4: [],
  L250: [],
  L251: [],
  L2L3: [],
  L200: [],
  L2M1: [],
  L0V0: [],
  // English
  Q300: ENGLISH,
  Q320: ENGLISH,
  Q3W8: ENGLISH,
  Q3V1: ENGLISH,
  Q3W6: ENGLISH,
  Q3W4: ENGLISH,
  // Journalism
  P500: JOURNALISM,
  P5L3: JOURNALISM,
  P5Q3: JOURNALISM,
  P5L2: JOURNALISM,
  P510: JOURNALISM,
  P590: JOURNALISM,
  // Music (A Level Music, or ABRSM Grade 8)
  W300: MUSIC,
  W310: MUSIC,
  W350: MUSIC,
  W351: MUSIC,
  W3P3: MUSIC,
  // Media, Culture and Creative Industries: any subjects
  P300: [],
  P3L3: [],
  P310: [],
  P3N5: [],
  P210: [],
  P390: [],
};

/**
 * A reviewed requirement as course data for a course offering `offered`: the A Level grade with
 * the equivalents of EQUIVALENT_GRADES for the types offered, and the course's BTEC, T Level,
 * Access to HE and ABRSM routes where offered. A GCSE-level requirement reads GCSE and IGCSE.
 */
export function expandRequirement(reviewed: Reviewed, offered: readonly QualificationCode[]): SubjectRequirement {
  const has = (code: QualificationCode) => offered.includes(code);
  const minimumGrade: Partial<Record<RequirementQualification, string>> = {};
  const equivalentSubjects: Partial<Record<RequirementQualification, string[]>> = {};
  if (reviewed.gcse) {
    minimumGrade.GCSE = reviewed.grade;
    return { subjects: reviewed.subjects, count: reviewed.count ?? 1, minimumGrade };
  }
  minimumGrade.ALEVEL = reviewed.grade;
  for (const [type, grade] of Object.entries(EQUIVALENT_GRADES[reviewed.grade] ?? {}) as [RequirementQualification, string][]) {
    if (has(type as QualificationCode)) minimumGrade[type] = grade;
  }
  if (reviewed.btec && has('BTEC_EXTENDED_DIPLOMA')) {
    minimumGrade.BTEC_EXTENDED_DIPLOMA = 'DMM';
    equivalentSubjects.BTEC_EXTENDED_DIPLOMA = reviewed.btec;
  }
  if (reviewed.tLevel && has('T_LEVEL')) {
    minimumGrade.T_LEVEL = 'Merit';
    equivalentSubjects.T_LEVEL = reviewed.tLevel;
  }
  if (reviewed.access && has('ACCESS_HE')) {
    minimumGrade.ACCESS_HE = 'Merit';
    equivalentSubjects.ACCESS_HE = reviewed.access;
  }
  if (reviewed.subjects.includes('Music') && has('ABRSM_GRADE_8')) {
    minimumGrade.ABRSM_GRADE_8 = 'Pass';
    equivalentSubjects.ABRSM_GRADE_8 = ['Music'];
  }
  const requirement: SubjectRequirement = { subjects: reviewed.subjects, count: reviewed.count ?? 1, minimumGrade };
  if (Object.keys(equivalentSubjects).length > 0) requirement.equivalentSubjects = equivalentSubjects;
  return requirement;
}
