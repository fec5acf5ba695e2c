import { LIMITS, pageNumberOf, pageSizeOf } from '@clearing-desk/contracts';

/** The search as the URL holds it: keyword q, page p, and page_size only when the user chose one. */
export type CourseSearchFilters = { q: string; p: number; page_size?: number };

/** Reads q, p and page_size from the URL with the contract rules (bad values fall back, never throw). */
export function parseCourseSearchParams(params: URLSearchParams): CourseSearchFilters {
  const q = (params.get('q') ?? '').trim().slice(0, LIMITS.TEXT_MAX);
  const p = pageNumberOf(params.get('p') ?? undefined);
  const rawSize = params.get('page_size');
  const filters: CourseSearchFilters = { q, p };
  if (rawSize !== null && rawSize !== '') filters.page_size = pageSizeOf(rawSize, LIMITS.COURSE_SEARCH_PAGE_SIZE_DEFAULT);
  return filters;
}

/** Page size actually in force: the chosen one, else the server's default for course search (20). */
export const effectivePageSize = (filters: CourseSearchFilters): number => filters.page_size ?? LIMITS.COURSE_SEARCH_PAGE_SIZE_DEFAULT;

/** URL query for a search; p=1 is written out so a new search visibly starts at page 1. */
export function courseSearchParams(filters: CourseSearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  params.set('p', String(filters.p));
  if (filters.page_size !== undefined) params.set('page_size', String(filters.page_size));
  return params;
}
