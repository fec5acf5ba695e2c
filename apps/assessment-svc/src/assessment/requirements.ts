import {
  LIMITS,
  SCHOOL_CODES,
  bestAttempts,
  normaliseSubject,
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

/**
 * GCSE-group subjects that are English Language (domain.md: "GCSE/IGCSE English Language at 4/C or
 * above, O Level English at C"): free text, so the usual names of the IGCSE papers too. English
 * Literature alone is not English Language.
 */
const ENGLISH = new Set([
  'english language',
  'english',
  'english language and literature',
  'english first language',
  'english as a first language',
  'english as a second language',
  'english second language',
]);
const MATHEMATICS = new Set(['mathematics', 'maths']);
const SCIENCES = new Set(['physics', 'chemistry', 'biology', 'combined science']);

export { normaliseSubject };

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
 * Traffic-light rule 3 of domain.md, the GCSE requirements other than English (englishExplanation),
 * each failing one giving an R explanation; a resit counts once, at its best grade:
 * - GCSE Mathematics at 4/C (GCSE/IGCSE 9-4 or A*-C, O Level A-C; FUNCTIONAL_SKILLS Pass stands in
 *   where the course accepts it);
 * - engineering courses (assessmentInfo.engineering): GCSE Physics or a science (Physics,
 *   Chemistry, Biology, Combined Science) at 4/C;
 * - Sciences school courses (SCHOOL === SCHOOL_CODES.SCIENCES): at least 5 GCSEs (GCSE, IGCSE or
 *   OLEVEL items, different subjects) at grade 4/C or above.
 */
export function gcseRequirementExplanations(allGcses: readonly QualificationItem[], course: Pick<CourseData, 'SCHOOL' | 'assessmentInfo'>): Explanation[] {
  const gcses = bestAttempts(allGcses);
  const out: Explanation[] = [];
  const maths = gcseSubjectRequirement(gcses, MATHEMATICS, 'Mathematics', course.assessmentInfo.functionalSkillsAccepted);
  if (maths) out.push(maths);
  if (course.assessmentInfo.engineering && !gcses.some((item) => passesAt4C(item) && SCIENCES.has(normaliseSubject(itemValue(item, 'SUBJECT'))))) {
    out.push({ STATUS: 'R', MESSAGE: MESSAGES.engineeringScience() });
  }
  if (course.SCHOOL === SCHOOL_CODES.SCIENCES) {
    const subjects = new Set<string>();
    for (const item of gcses) if (isGcseType(item) && passesAt4C(item)) subjects.add(normaliseSubject(itemValue(item, 'SUBJECT')));
    if (subjects.size < LIMITS.SCIENCES_MIN_GCSES) {
      out.push({ STATUS: 'R', MESSAGE: MESSAGES.sciencesGcseCount(LIMITS.SCIENCES_MIN_GCSES, subjects.size) });
    }
  }
  return out;
}

/**
 * The GCSE English rule (domain.md "Traffic light"): null when the GCSE group holds GCSE/IGCSE
 * English Language at 4/C, O Level English at C or above, or FUNCTIONAL_SKILLS English Pass where
 * `functionalSkills` (the course allows it); otherwise the R explanation listing lower grades given.
 */
export function gcseEnglishExplanation(gcses: readonly QualificationItem[], functionalSkills: boolean): Explanation | null {
  return gcseSubjectRequirement(bestAttempts(gcses), ENGLISH, 'English', functionalSkills);
}
