import { GRADES } from '../qualifications/catalogue';

/*
 * Subject requirements as course data (domain.md "Traffic light"): their shape, grades and the one
 * sentence every surface shows. No zod here: the course page (in /apply's first load) renders the
 * sentence. The schema is subject-requirements.ts beside it; the rule that judges a form is
 * assessment/subject-requirements.ts.
 */

/**
 * Qualification types a subject requirement may name a minimum grade for (domain.md "Traffic
 * light", subject requirements: A Level, with IB Higher Level, Scottish Advanced Higher and BTEC
 * equivalents where the course names them; GCSE for a course that asks more than 4/C in a subject;
 * ABRSM Grade 8 for music). Listed in the order the sentence names them.
 */
export const REQUIREMENT_QUALIFICATIONS = [
  'ALEVEL',
  'IBO',
  'SCOTTISH_ADVANCED_HIGHER',
  'SCOTTISH_HIGHER',
  'IRISH_LC_HIGHER',
  'BTEC_EXTENDED_DIPLOMA',
  'T_LEVEL',
  'ACCESS_HE',
  'ABRSM_GRADE_8',
  'GCSE',
] as const;
export type RequirementQualification = (typeof REQUIREMENT_QUALIFICATIONS)[number];

/**
 * The grades a requirement may set per type, best first. IBO is a Higher Level subject grade;
 * ACCESS_HE is the grade of the subject's credits (Distinction, Merit or Pass); GCSE is the 9-1
 * scale (a letter grade meets it through REQUIREMENT_GCSE_LETTER).
 */
export const REQUIREMENT_GRADES: Readonly<Record<RequirementQualification, readonly string[]>> = {
  ALEVEL: GRADES.ALEVEL.filter((g) => g !== 'U'),
  IBO: GRADES.IB_SUBJECT,
  SCOTTISH_ADVANCED_HIGHER: GRADES.SCOTTISH,
  SCOTTISH_HIGHER: GRADES.SCOTTISH,
  IRISH_LC_HIGHER: GRADES.IRISH_LC_HIGHER,
  BTEC_EXTENDED_DIPLOMA: GRADES.BTEC_TRIPLE,
  T_LEVEL: GRADES.T_LEVEL,
  ACCESS_HE: ['Distinction', 'Merit', 'Pass'],
  ABRSM_GRADE_8: GRADES.ABRSM,
  GCSE: ['9', '8', '7', '6', '5', '4'],
};

/** How the sentence names each type. */
export const REQUIREMENT_QUALIFICATION_NAMES: Readonly<Record<RequirementQualification, string>> = {
  ALEVEL: 'A Level',
  IBO: 'IB Higher Level',
  SCOTTISH_ADVANCED_HIGHER: 'Scottish Advanced Higher',
  SCOTTISH_HIGHER: 'Scottish Higher',
  IRISH_LC_HIGHER: 'Irish Leaving Certificate Higher',
  BTEC_EXTENDED_DIPLOMA: 'BTEC National Extended Diploma',
  T_LEVEL: 'T Level',
  ACCESS_HE: 'Access to HE Diploma',
  ABRSM_GRADE_8: 'ABRSM Grade 8',
  GCSE: 'GCSE',
};

/**
 * The letter grade that goes with each 9-1 grade in a GCSE requirement ('grade 6/B'): the pairing
 * UK admissions pages publish (9 and 8 A*, 7 A, 6 and 5 B, 4 C), so a B meets a 6/B requirement.
 */
export const REQUIREMENT_GCSE_LETTER: Readonly<Record<string, string>> = { '9': 'A*', '8': 'A*', '7': 'A', '6': 'B', '5': 'B', '4': 'C' };

/**
 * One subject requirement of a course (SUBJECT_REQUIREMENTS, domain.md "Traffic light"): `count`
 * of `subjects` (any of them), each at or above the minimum grade of a type in `minimumGrade`
 * (the first type is the one the sentence leads with). `equivalentSubjects` names, per type, other
 * subjects that meet the whole requirement in that type (a BTEC Extended Diploma in Engineering for
 * A Level Mathematics and Physics); without it a type uses `subjects`.
 */
export type SubjectRequirement = {
  subjects: string[];
  count: number;
  minimumGrade: Partial<Record<RequirementQualification, string>>;
  equivalentSubjects?: Partial<Record<RequirementQualification, string[]>> | undefined;
};

const NUMBER_WORDS = ['', 'One', 'Two', 'Three', 'Four', 'Five'];

/** 'Biology, Chemistry or Physics'. */
function orList(items: readonly string[], conjunction = 'or'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

/** The grade as a sentence writes it: GCSE '6' -> '6/B'. */
function gradeWords(type: RequirementQualification, grade: string): string {
  return type === 'GCSE' && REQUIREMENT_GCSE_LETTER[grade] ? `${grade}/${REQUIREMENT_GCSE_LETTER[grade]}` : grade;
}

/** The types of a requirement in sentence order. */
const typesOf = (requirement: SubjectRequirement): RequirementQualification[] =>
  REQUIREMENT_QUALIFICATIONS.filter((type) => requirement.minimumGrade[type] !== undefined);

/**
 * The sentence the course page, course control's preview and the assessment's R explanation show
 * for one requirement, e.g. 'A Level Mathematics at grade B or above is required.', 'Two of A
 * Level Biology, Chemistry or Physics at grade C or above are required.', followed by the
 * equivalents the course names: types in the same subjects first ('Also accepted in the same
 * subject: IB Higher Level at grade 5 or above or Scottish Advanced Higher at grade B or above.'),
 * then types in subjects of their own ('BTEC National Extended Diploma in Engineering at grade DDM
 * or above.'). Pure; one wording for every surface.
 */
export function subjectRequirementSentence(requirement: SubjectRequirement): string {
  const [lead, ...others] = typesOf(requirement);
  if (!lead) return '';
  const grade = (type: RequirementQualification) => `at grade ${gradeWords(type, requirement.minimumGrade[type] ?? '')} or above`;
  const name = (type: RequirementQualification) => REQUIREMENT_QUALIFICATION_NAMES[type];
  const own = (type: RequirementQualification) => requirement.equivalentSubjects?.[type];
  const many = requirement.count > 1;
  const sentences: string[] = [];
  const leadOwn = own(lead);
  if (leadOwn) sentences.push(`${name(lead)} in ${orList(leadOwn)} ${grade(lead)} is required.`);
  else {
    const countWord = many ? `${NUMBER_WORDS[requirement.count] ?? requirement.count} of ` : '';
    sentences.push(`${countWord}${name(lead)} ${orList(requirement.subjects)} ${grade(lead)} ${many ? 'are' : 'is'} required.`);
  }
  const same = others.filter((type) => !own(type));
  if (same.length > 0) {
    sentences.push(`Also accepted in the same ${many ? 'subjects' : 'subject'}: ${orList(same.map((type) => `${name(type)} ${grade(type)}`))}.`);
  }
  const apart = others.filter((type) => own(type));
  if (apart.length > 0) sentences.push(`Also accepted: ${orList(apart.map((type) => `${name(type)} in ${orList(own(type) ?? [])} ${grade(type)}`))}.`);
  return sentences.join(' ');
}

/** The sentences of every requirement of a course, in order (nothing for a course without any). */
export const subjectRequirementSentences = (requirements: readonly SubjectRequirement[] | undefined | null): string[] =>
  (requirements ?? []).map(subjectRequirementSentence).filter(Boolean);
