import { itemValue, type CourseData, type Explanation, type QualificationItem } from '@clearing-desk/contracts';
import { MESSAGES } from './messages';
import { hasGcseEnglish } from './requirements';

/** The home nationality: no English evidence needed. */
const HOME_NATIONALITY = 'GBR';

/**
 * Traffic-light rule 3 of domain.md, English evidence: an applicant whose NATIONALITY is given and
 * is not GBR, with no GCSE/IGCSE English (Language or Literature) at 4/C, needs an ENGLISH_TEST item:
 * TEST 'ielts' with SCORE at or above course.assessmentInfo.minimumIelts, or any other recognised
 * test value except 'no'. Otherwise one A explanation asks for evidence. A missing nationality is
 * not yet known and asks for nothing.
 */
export function englishEvidenceExplanation(
  nationality: string | undefined,
  gcses: readonly QualificationItem[],
  qualifications: readonly QualificationItem[],
  course: Pick<CourseData, 'assessmentInfo'>,
): Explanation | null {
  if (!nationality || nationality === HOME_NATIONALITY || hasGcseEnglish(gcses)) return null;
  const minimum = course.assessmentInfo.minimumIelts;
  let bestIelts: number | null = null;
  for (const item of qualifications) {
    if (item.QUALIFICATION !== 'ENGLISH_TEST') continue;
    const test = itemValue(item, 'TEST');
    if (test === '' || test === 'no') continue;
    if (test !== 'ielts') return null;
    const raw = itemValue(item, 'SCORE');
    if (raw === '') continue;
    const score = Number(raw);
    if (score >= minimum) return null;
    if (Number.isFinite(score) && (bestIelts === null || score > bestIelts)) bestIelts = score;
  }
  return {
    STATUS: 'A',
    MESSAGE:
      bestIelts === null
        ? MESSAGES.englishEvidenceMissing(nationality, minimum)
        : MESSAGES.englishEvidenceIeltsTooLow(bestIelts, minimum),
  };
}
