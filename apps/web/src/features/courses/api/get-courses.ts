import { courseSearchResponseSchema, type CourseSearchResponse } from '@clearing-desk/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import type { CourseSearchFilters } from '../utils/course-search-params';
import { courseKeys } from './course-keys';

/** GET /api/courses?q=&p=&page_size= ; page_size only when chosen, so the server default (20) applies. */
export const getCourses = (filters: CourseSearchFilters, signal?: AbortSignal): Promise<CourseSearchResponse> =>
  api.get(apiPaths.courses(), courseSearchResponseSchema, {
    params: { q: filters.q, p: filters.p, page_size: filters.page_size },
    signal,
  });

export const getCoursesQueryOptions = (filters: CourseSearchFilters) =>
  queryOptions({
    queryKey: courseKeys.list(filters),
    queryFn: ({ signal }) => getCourses(filters, signal),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useCourses = (filters: CourseSearchFilters) => useQuery(getCoursesQueryOptions(filters));
