import {
  LIMITS,
  SCHOOL_CODES,
  itemValue,
  type CourseData,
  type Explanation,
  type QualificationItem,
} from '@clearing-desk/contracts';
import { MESSAGES } from './messages';

/** GCSE and IGCSE grades at 4/C or above (9-1 and A*-G scales). */
const GCSE_PASS = new Set(['9', '8', '7', '6', '5', '4', 'A*', 'A', 'B', 'C']);
/** O Level grades at C or above. */
const OLEVEL_PASS = new Set(['A', 'B', 'C']);
/** The GCSE-group types that count as "GCSEs" (domain.md: Sciences school needs at least 5). */
const GCSE_TYPES = new Set(['GCSE', 'IGCSE', 'OLEVEL']);

const ENGLISH = new Set(['english language', 'english literature', 'english']);
const MATHEMATICS = new Set(['mathematics', 'maths']);
const SCIENCES = new Set(['physics', 'chemistry', 'biology', 'combined science']);

/** Subject as the rules compare it: case and spacing do not matter (O Level subjects are free text). */
export const normaliseSubject = (subject: string) => subject.toLowerCase().replace(/\s+/g, ' ');

/** True for a GCSE or IGCSE at 9-4 / A*-C, or an O Level at A-C (domain.md "grade 4/C or above"). */
export function passesAt4C(item: QualificationItem): boolean {
  const grade = itemValue(item, 'GRADE');
  switch (item.QUALIFICATION) {
    case 'GCSE':
    case 'IGCSE':
      return GCSE_PASS.has(grade);
    case 'OLEVEL':
      return OLEVEL_PASS.has(grade);
    default:
      return false;
  }
}

const isGcseType = (item: QualificationItem) => GCSE_TYPES.has(item.QUALIFICATION);

/**
 * GCSE English (English Language or Literature) or Mathematics at 4/C, R otherwise (traffic-light
 * rule 3). FUNCTIONAL_SKILLS 'Pass' in the subject stands in where the course's
 * assessmentInfo.functionalSkillsAccepted allows it. The message lists the lower grades given.
 */
function gcseSubjectRequirement(
  gcses: readonly QualificationItem[],
  subjects: ReadonlySet<string>,
  name: 'English' | 'Mathematics',
  functionalSkills: boolean,
): Explanation | null {
  const lower: string[] = [];
  for (const item of gcses) {
    if (functionalSkills && item.QUALIFICATION === 'FUNCTIONAL_SKILLS') {
      if (itemValue(item, 'SUBJECT') === name && itemValue(item, 'GRADE') === 'Pass') return null;
      continue;
    }
    if (!isGcseType(item) || !subjects.has(normaliseSubject(itemValue(item, 'SUBJECT')))) continue;
    if (passesAt4C(item)) return null;
    lower.push(itemValue(item, 'GRADE'));
  }
  return { STATUS: 'R', MESSAGE: MESSAGES.gcseRequired(name, functionalSkills, lower) };
}

/**
 * Traffic-light rule 3 of domain.md, the GCSE requirements, each failing one giving an R explanation:
 * - GCSE English and Mathematics at 4/C (GCSE/IGCSE 9-4 or A*-C, O Level A-C; FUNCTIONAL_SKILLS
 *   Pass stands in where the course accepts it);
 * - engineering courses (assessmentInfo.engineering): GCSE Physics or a science (Physics,
 *   Chemistry, Biology, Combined Science) at 4/C;
 * - Sciences school courses (SCHOOL === SCHOOL_CODES.SCIENCES): at least 5 GCSEs (GCSE_QUALIFICATIONS
 *   items of type GCSE, IGCSE or OLEVEL, any grade).
 */
export function gcseRequirementExplanations(
  gcses: readonly QualificationItem[],
  course: Pick<CourseData, 'SCHOOL' | 'assessmentInfo'>,
): Explanation[] {
  const out: Explanation[] = [];
  const functionalSkills = course.assessmentInfo.functionalSkillsAccepted;
  const english = gcseSubjectRequirement(gcses, ENGLISH, 'English', functionalSkills);
  if (english) out.push(english);
  const maths = gcseSubjectRequirement(gcses, MATHEMATICS, 'Mathematics', functionalSkills);
  if (maths) out.push(maths);
  if (
    course.assessmentInfo.engineering &&
    !gcses.some((item) => passesAt4C(item) && SCIENCES.has(normaliseSubject(itemValue(item, 'SUBJECT'))))
  ) {
    out.push({ STATUS: 'R', MESSAGE: MESSAGES.engineeringScience() });
  }
  if (course.SCHOOL === SCHOOL_CODES.SCIENCES) {
    let count = 0;
    for (const item of gcses) if (isGcseType(item)) count++;
    if (count < LIMITS.SCIENCES_MIN_GCSES) {
      out.push({ STATUS: 'R', MESSAGE: MESSAGES.sciencesGcseCount(LIMITS.SCIENCES_MIN_GCSES, count) });
    }
  }
  return out;
}

/** True when the GCSE group holds GCSE or IGCSE English (Language or Literature) at 4/C. */
export function hasGcseEnglish(gcses: readonly QualificationItem[]): boolean {
  return gcses.some(
    (item) =>
      (item.QUALIFICATION === 'GCSE' || item.QUALIFICATION === 'IGCSE') &&
      passesAt4C(item) &&
      ENGLISH.has(normaliseSubject(itemValue(item, 'SUBJECT'))),
  );
}
