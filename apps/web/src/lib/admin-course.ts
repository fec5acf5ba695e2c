import { courseDetailResponseSchema, type CourseDetailResponse } from '@clearing-desk/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from './api-client';
import { STAFF_QUERY_META } from './auth';

/**
 * GET /api/admin/courses/{ucasCode} is read by the course pages (features/courses) and by course
 * control (features/course-control): one cache entry per course and user for both, so a saved
 * change is what the course page shows next. Shared code, because features never import each
 * other. Under the 'courses' root, so invalidating every course query reaches it; keyed by the
 * viewer because the answer carries the user's `access`.
 */
export const adminCourseKeys = {
  all: ['courses', 'admin-detail'] as const,
  detail: (ucasCode: string, viewer: string) => [...adminCourseKeys.all, viewer, ucasCode.toUpperCase()] as const,
};

/** GET /api/admin/courses/{ucasCode} (staff session): courseData, qualOptions and the user's `access`. */
export const getAdminCourse = (ucasCode: string, signal?: AbortSignal): Promise<CourseDetailResponse> =>
  api.get(apiPaths.deskCourse(ucasCode), courseDetailResponseSchema, { signal });

/** The query of one course as `viewer` (username) sees it; removed from the cache at sign-out. */
export const getAdminCourseQueryOptions = (ucasCode: string, viewer: string) =>
  queryOptions({
    queryKey: adminCourseKeys.detail(ucasCode, viewer),
    queryFn: ({ signal }) => getAdminCourse(ucasCode, signal),
    meta: STAFF_QUERY_META,
  });
