import {
  isCourseOpen,
  MAX_ALTERNATES,
  TRAFFIC_LIGHT_RANK,
  type AlternativeCandidate,
  type Alternate,
  type CourseData,
  type TrafficLight,
} from '@clearing-desk/contracts';

/** The light the same form gets on a candidate, or null when the form does not fit its qualOptions. */
export type LightOn = (candidate: AlternativeCandidate) => TrafficLight | null;

/**
 * ALTERNATE (domain.md "Submit buttons"), for a red light: up to 5 open courses (contracts'
 * isCourseOpen: a course a person can apply to; not the course itself) that this same form would pass, assessed G or A against each candidate by `lightOn` (so
 * never a course that fails for the same reason, and never one whose qualOptions do not take the
 * form's qualifications). Same school first, then best match: G before A, then the highest
 * accepted and advertised tariffs, then title and UCAS code (so the order never depends on the
 * order of `candidates`).
 */
export function alternativeCourses(
  course: Pick<CourseData, 'UCAS_CODE' | 'SCHOOL'>,
  candidates: readonly AlternativeCandidate[],
  lightOn: LightOn,
): Alternate[] {
  const seen = new Set<string>([course.UCAS_CODE]);
  const matches: { c: AlternativeCandidate; light: TrafficLight }[] = [];
  for (const c of candidates) {
    if (seen.has(c.UCAS_CODE) || !isCourseOpen(c)) continue;
    seen.add(c.UCAS_CODE);
    const light = lightOn(c);
    if (light === 'G' || light === 'A') matches.push({ c, light });
  }
  const sameSchool = (c: AlternativeCandidate) => (c.SCHOOL === course.SCHOOL ? 0 : 1);
  matches.sort(
    ({ c: a, light: la }, { c: b, light: lb }) =>
      sameSchool(a) - sameSchool(b) ||
      TRAFFIC_LIGHT_RANK[lb] - TRAFFIC_LIGHT_RANK[la] ||
      b.TARIFF_ACCEPTED - a.TARIFF_ACCEPTED ||
      b.TARIFF_ADVERTISED - a.TARIFF_ADVERTISED ||
      (a.COURSE_TITLE < b.COURSE_TITLE ? -1 : a.COURSE_TITLE > b.COURSE_TITLE ? 1 : 0) ||
      (a.UCAS_CODE < b.UCAS_CODE ? -1 : a.UCAS_CODE > b.UCAS_CODE ? 1 : 0),
  );
  return matches.slice(0, MAX_ALTERNATES).map(({ c }) => ({
    COURSE: c.UCAS_CODE,
    SCHOOL: c.SCHOOL,
    EXTENSION: c.EXTENSION_NO ?? null,
    TITLE: c.COURSE_TITLE,
    SCHOOL_NAME: c.SCHOOL_NAME,
  }));
}
