import { createHash } from 'node:crypto';
import type { CourseData } from '../courses/course';
import type { QualOption } from '../qualifications/qual-option';

/** JSON with object keys sorted, so the same requirements always hash the same. */
const canonical = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
};

/**
 * The version of a course's entry requirements as a decision used them: SHA-256 (hex) of the
 * fields the assessment reads (Tariff and IB thresholds, assessmentInfo, second-year entry, start
 * date) and its qualification options. Places and texts are left out: they do not decide.
 */
export function courseRequirementsHash(
  course: Pick<
    CourseData,
    'TARIFF_ADVERTISED' | 'TARIFF_ACCEPTED' | 'IB_ADVERTISED' | 'IB_ACCEPTED' | 'assessmentInfo' | 'ALLOW_SECOND_YEAR_ENTRY' | 'COURSE_START_DATE'
  >,
  qualOptions: readonly QualOption[],
): string {
  const requirements = {
    TARIFF_ADVERTISED: course.TARIFF_ADVERTISED,
    TARIFF_ACCEPTED: course.TARIFF_ACCEPTED,
    IB_ADVERTISED: course.IB_ADVERTISED ?? null,
    IB_ACCEPTED: course.IB_ACCEPTED ?? null,
    assessmentInfo: course.assessmentInfo,
    ALLOW_SECOND_YEAR_ENTRY: course.ALLOW_SECOND_YEAR_ENTRY,
    COURSE_START_DATE: course.COURSE_START_DATE,
    qualOptions,
  };
  return createHash('sha256').update(canonical(requirements)).digest('hex');
}
