import { courseDetailResponseSchema, type CourseDetailResponse } from '@clearing-desk/contracts';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

/**
 * GET /api/admin/courses/{ucasCode} (staff session): courseData, qualOptions and the user's
 * `access`. Its query options and hook are `get-course.ts`'s, which picks the call by session.
 */
export const getAdminCourse = (ucasCode: string, signal?: AbortSignal): Promise<CourseDetailResponse> =>
  api.get(apiPaths.adminCourse(ucasCode), courseDetailResponseSchema, { signal });
