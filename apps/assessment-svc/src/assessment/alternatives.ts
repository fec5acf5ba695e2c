import { MAX_ALTERNATES, type AlternativeCandidate, type Alternate, type CourseData } from '@clearing-desk/contracts';

/** Open for applications: vacancies both external and internal, not suspended, not external. */
export const isOpenCourse = (c: AlternativeCandidate): boolean =>
  c.VACANCIES_EXTERNAL > 0 && c.VACANCIES_INTERNAL > 0 && !c.SUSPENDED && !c.EXTERNAL;

/**
 * ALTERNATE (domain.md "Submit buttons"), for a red light: up to 5 open courses in the same school
 * as `course` (not the course itself) whose TARIFF_ACCEPTED the effective points meet, best match
 * first: highest accepted tariff not above the points, then highest advertised tariff, then title
 * and UCAS code (so the order never depends on the order of `candidates`).
 */
export function alternativeCourses(
  course: Pick<CourseData, 'UCAS_CODE' | 'SCHOOL'>,
  candidates: readonly AlternativeCandidate[],
  effectivePoints: number,
): Alternate[] {
  const seen = new Set<string>([course.UCAS_CODE]);
  const matches: AlternativeCandidate[] = [];
  for (const c of candidates) {
    if (c.SCHOOL !== course.SCHOOL || seen.has(c.UCAS_CODE)) continue;
    if (!isOpenCourse(c) || c.TARIFF_ACCEPTED > effectivePoints) continue;
    seen.add(c.UCAS_CODE);
    matches.push(c);
  }
  matches.sort(
    (a, b) =>
      b.TARIFF_ACCEPTED - a.TARIFF_ACCEPTED ||
      b.TARIFF_ADVERTISED - a.TARIFF_ADVERTISED ||
      (a.COURSE_TITLE < b.COURSE_TITLE ? -1 : a.COURSE_TITLE > b.COURSE_TITLE ? 1 : 0) ||
      (a.UCAS_CODE < b.UCAS_CODE ? -1 : a.UCAS_CODE > b.UCAS_CODE ? 1 : 0),
  );
  return matches.slice(0, MAX_ALTERNATES).map((c) => ({
    COURSE: c.UCAS_CODE,
    SCHOOL: c.SCHOOL,
    EXTENSION: c.EXTENSION_NO ?? null,
    TITLE: c.COURSE_TITLE,
  }));
}
