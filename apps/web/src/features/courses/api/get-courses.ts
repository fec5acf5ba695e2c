import type { CourseSearchResponse } from '@clearing-desk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api, PUBLIC_SCHEMAS } from '@/lib/api-client';
import { STAFF_QUERY_META, useUser } from '@/lib/auth';
import type { CourseSearchFilters } from '../utils/course-search-params';
import { courseKeys } from './course-keys';

/**
 * GET /api/courses?q=&p=&page_size= ; page_size only when chosen, so the server default (20)
 * applies. With a staff session each row also carries the user's `access` on the course.
 */
export const getCourses = (filters: CourseSearchFilters, signal?: AbortSignal): Promise<CourseSearchResponse> =>
  api.get(apiPaths.courses(), PUBLIC_SCHEMAS.courseSearch, {
    params: { q: filters.q, p: filters.p, page_size: filters.page_size },
    signal,
  });

/**
 * `viewer`: the signed-in username (its answers are removed from the cache on sign-out), or null.
 * No placeholder data on purpose: while a new search loads the list shows that it
 * is loading and never offers the previous search's rows, which a quick click would open instead.
 */
export const getCoursesQueryOptions = (filters: CourseSearchFilters, viewer: string | null = null) =>
  queryOptions({
    queryKey: courseKeys.list(filters, viewer),
    queryFn: ({ signal }) => getCourses(filters, signal),
    meta: viewer ? STAFF_QUERY_META : undefined,
  });

export const useCourses = (filters: CourseSearchFilters) => {
  const user = useUser();
  return useQuery(getCoursesQueryOptions(filters, user?.username ?? null));
};
