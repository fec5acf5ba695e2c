import {
  ENGLISH_EVIDENCE_WITHOUT_SCORE,
  englishScoreIssue,
  englishTestLabel,
  ieltsEquivalent,
  isHomeNationality,
  meetsEnglishByNationality,
  isScoredEnglishTest,
  itemValue,
  type CourseData,
  type Explanation,
  type QualificationItem,
} from '@clearing-desk/contracts';
import { MESSAGES } from './messages';
import { gcseEnglishExplanation } from './requirements';

/** The best English test below the minimum, for the message. */
type Shortfall = { test: string; score: string; equivalent: number };

/**
 * Traffic-light rule 3 of domain.md, English, in one place:
 * - nationals of UKVI's majority English-speaking countries other than GBR and IRL meet it by
 *   nationality (meetsEnglishByNationality): no GCSE and no test is asked of them;
 * - met by GCSE/IGCSE English Language at 4/C, O Level English at C, an equivalent (National 5,
 *   Leaving Certificate, English at a higher level) or FUNCTIONAL_SKILLS English Pass where the
 *   course allows it (gcseEnglishExplanation), or by an ENGLISH_TEST at or above the course's
 *   minimum IELTS band (assessmentInfo.minimumIelts; other tests through ENGLISH_TEST_EQUIVALENCE;
 *   't4' and 'englang' are evidence without a score);
 * - a test below the minimum gives A naming the score and the minimum;
 * - no evidence at all: R for a UK or Irish applicant (or a form whose NATIONALITY is not given
 *   yet), with the GCSE message; A asking for evidence for everyone else.
 */
export function englishExplanation(
  nationality: string | undefined,
  gcses: readonly QualificationItem[],
  qualifications: readonly QualificationItem[],
  course: Pick<CourseData, 'assessmentInfo'>,
): Explanation | null {
  if (meetsEnglishByNationality(nationality)) return null;
  const gcse = gcseEnglishExplanation(gcses, course.assessmentInfo.functionalSkillsAccepted, qualifications);
  if (!gcse) return null;
  const minimum = course.assessmentInfo.minimumIelts;
  let best: Shortfall | null = null;
  for (const item of qualifications) {
    if (item.QUALIFICATION !== 'ENGLISH_TEST') continue;
    const test = itemValue(item, 'TEST');
    if (ENGLISH_EVIDENCE_WITHOUT_SCORE.has(test)) return null;
    const score = itemValue(item, 'SCORE');
    if (!isScoredEnglishTest(test) || englishScoreIssue(test, score) !== null) continue;
    const equivalent = ieltsEquivalent(test, score);
    if (equivalent >= minimum) return null;
    if (!best || equivalent > best.equivalent) best = { test, score, equivalent };
  }
  if (!best) return !nationality || isHomeNationality(nationality) ? gcse : { STATUS: 'A', MESSAGE: MESSAGES.englishEvidenceMissing(nationality, minimum) };
  const message =
    best.test === 'ielts'
      ? MESSAGES.englishEvidenceIeltsTooLow(best.equivalent, minimum)
      : MESSAGES.englishEvidenceTestTooLow(englishTestLabel(best.test), best.score, best.equivalent, minimum);
  return { STATUS: 'A', MESSAGE: message };
}
