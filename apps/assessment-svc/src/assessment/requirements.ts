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
import { ENGLISH, GCSE_LEVEL_EQUIVALENTS, GCSE_LEVEL_TYPES, MATHEMATICS, SCIENCE, gcseCount, meetsAtGcseLevel, type SubjectFamily } from './gcse-equivalents';
import { MESSAGES } from './messages';

export { normaliseSubject };

/** GCSE-group types whose lower grades the messages name ('Grades given: 3, D.'). */
const NAMED_GRADE_TYPES = new Set(['GCSE', 'IGCSE', 'OLEVEL', 'SCOTTISH_NATIONAL_5', 'IRISH_LC_ORDINARY']);

/**
 * GCSE English Language or Mathematics at 4/C or an equivalent of GCSE_LEVEL_EQUIVALENTS (National
 * 5, Leaving Certificate, a higher qualification in the subject), R otherwise (traffic-light rule
 * 3). FUNCTIONAL_SKILLS 'Pass' in the subject stands in where the course's
 * assessmentInfo.functionalSkillsAccepted allows it. The message lists the lower GCSE-level grades given.
 */
function gcseSubjectRequirement(
  items: readonly QualificationItem[],
  family: SubjectFamily,
  name: 'English' | 'Mathematics',
  functionalSkills: boolean,
): Explanation | null {
  const lower: string[] = [];
  for (const item of items) {
    if (item.QUALIFICATION === 'FUNCTIONAL_SKILLS') {
      if (functionalSkills && itemValue(item, 'SUBJECT') === name && itemValue(item, 'GRADE') === 'Pass') return null;
      continue;
    }
    if (meetsAtGcseLevel(item, family)) return null;
    if (NAMED_GRADE_TYPES.has(item.QUALIFICATION) && family.atGcseLevel(normaliseSubject(itemValue(item, 'SUBJECT')))) lower.push(itemValue(item, 'GRADE'));
  }
  return { STATUS: 'R', MESSAGE: MESSAGES.gcseRequired(name, functionalSkills, lower) };
}

/**
 * Traffic-light rule 3 of domain.md, the GCSE-level requirements other than English
 * (englishExplanation), each failing one giving an R explanation; every rule takes the equivalents of
 * GCSE_LEVEL_EQUIVALENTS from both groups, and a resit counts once, at its best grade:
 * - Mathematics at 4/C (FUNCTIONAL_SKILLS Pass stands in where the course accepts it);
 * - engineering courses (assessmentInfo.engineering): Physics or another science at 4/C;
 * - Sciences school courses (SCHOOL === SCHOOL_CODES.SCIENCES): at least 5 GCSE-level subjects at
 *   4/C or above (GCSE Combined Science, the double award, counts as two).
 */
export function gcseRequirementExplanations(
  allGcses: readonly QualificationItem[],
  course: Pick<CourseData, 'SCHOOL' | 'assessmentInfo'>,
  qualifications: readonly QualificationItem[] = [],
): Explanation[] {
  const items = [...bestAttempts(allGcses), ...bestAttempts(qualifications)];
  const out: Explanation[] = [];
  const maths = gcseSubjectRequirement(items, MATHEMATICS, 'Mathematics', course.assessmentInfo.functionalSkillsAccepted);
  if (maths) out.push(maths);
  if (course.assessmentInfo.engineering && !items.some((item) => meetsAtGcseLevel(item, SCIENCE))) {
    out.push({ STATUS: 'R', MESSAGE: MESSAGES.engineeringScience() });
  }
  if (course.SCHOOL === SCHOOL_CODES.SCIENCES) {
    const subjects = new Map<string, number>();
    for (const item of items) {
      if (!GCSE_LEVEL_TYPES.has(item.QUALIFICATION) || !passesAtGcseLevel(item)) continue;
      const subject = normaliseSubject(itemValue(item, 'SUBJECT'));
      subjects.set(subject, Math.max(subjects.get(subject) ?? 0, gcseCount(item)));
    }
    const count = [...subjects.values()].reduce((sum, n) => sum + n, 0);
    if (count < LIMITS.SCIENCES_MIN_GCSES) {
      out.push({ STATUS: 'R', MESSAGE: MESSAGES.sciencesGcseCount(LIMITS.SCIENCES_MIN_GCSES, count) });
    }
  }
  return out;
}

/** True for a GCSE-level item (GCSE_LEVEL_TYPES) at 4/C or its equivalent grade, whatever the subject. */
export function passesAtGcseLevel(item: QualificationItem): boolean {
  return GCSE_LEVEL_EQUIVALENTS[item.QUALIFICATION]?.has(itemValue(item, 'GRADE')) ?? false;
}

/**
 * The GCSE English rule (domain.md "Traffic light"): null when the form holds GCSE/IGCSE English
 * Language at 4/C, O Level English at C or above, an equivalent (National 5, Leaving Certificate,
 * English at a higher level) or FUNCTIONAL_SKILLS English Pass where `functionalSkills` (the course
 * allows it); otherwise the R explanation listing lower grades given.
 */
export function gcseEnglishExplanation(
  gcses: readonly QualificationItem[],
  functionalSkills: boolean,
  qualifications: readonly QualificationItem[] = [],
): Explanation | null {
  return gcseSubjectRequirement([...bestAttempts(gcses), ...bestAttempts(qualifications)], ENGLISH, 'English', functionalSkills);
}
