import { compareTimeToFull, type FiguresCourseRow } from '@clearing-desk/contracts';

/** Which courses the per-course table shows: all, only the full ones, or only those filling fast. */
export type CourseShow = 'all' | 'full' | 'filling-fast';
/** The per-course table's order: as the figures answer them, or by time to full (soonest first). */
export type CourseSort = 'course' | 'time-to-full';

export type CourseView = { search: string; show: CourseShow; sort: CourseSort };

/**
 * The rows of the per-course table for a view: a search matches the course title, UCAS code or
 * its override (case-insensitive, anywhere); 'full' and 'filling-fast' keep courses in that fill
 * state; 'time-to-full' sorts with contracts' `compareTimeToFull` (full first, not filling last),
 * ties in the answer's order. Pure, so the screen's tests need no network.
 */
export function courseView(rows: readonly FiguresCourseRow[], { search, show, sort }: CourseView): FiguresCourseRow[] {
  const needle = search.trim().toLocaleLowerCase('en-GB');
  const matches = (r: FiguresCourseRow) =>
    !needle || [r.COURSE_TITLE, r.UCAS_CODE, r.COURSE_CODE_OVERRIDE ?? ''].some((text) => text.toLocaleLowerCase('en-GB').includes(needle));
  const shown = rows.filter((r) => matches(r) && (show === 'all' || r.FILL_STATE === show));
  return sort === 'time-to-full' ? [...shown].sort((a, b) => compareTimeToFull(a.MINUTES_TO_FULL, b.MINUTES_TO_FULL)) : shown;
}
