import type { CourseSearchFilters } from '../utils/course-search-params';

/**
 * Query keys, general to specific, so invalidation works at any level (TkDodo). Answers fetched
 * with a staff session carry the user's `access`, so they are keyed by the username too. GET
 * /api/admin/courses/{id}, shared with course control, is `@/lib/admin-course`'s (same root).
 */
export const courseKeys = {
  all: ['courses'] as const,
  lists: () => [...courseKeys.all, 'list'] as const,
  list: (filters: CourseSearchFilters, viewer: string | null = null) => [...courseKeys.lists(), viewer, filters] as const,
  details: () => [...courseKeys.all, 'detail'] as const,
  detail: (ucasCode: string) => [...courseKeys.details(), ucasCode.toUpperCase()] as const,
};
