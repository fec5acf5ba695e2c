import type { CourseSearchFilters } from '../utils/course-search-params';

/** Query keys, general to specific, so invalidation works at any level (TkDodo). */
export const courseKeys = {
  all: ['courses'] as const,
  lists: () => [...courseKeys.all, 'list'] as const,
  list: (filters: CourseSearchFilters) => [...courseKeys.lists(), filters] as const,
  details: () => [...courseKeys.all, 'detail'] as const,
  detail: (ucasCode: string) => [...courseKeys.details(), ucasCode] as const,
};
