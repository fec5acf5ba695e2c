import { courseDetailResponseSchema, type CourseDetailResponse } from '@clearing-desk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { adminCourseKeys, getAdminCourse } from '@/lib/admin-course';
import { STAFF_QUERY_META, useUser } from '@/lib/auth';
import { courseKeys } from './course-keys';

/** GET /api/courses/{ucasCode}: courseData, qualOptions, access; an unknown code answers 404. */
export const getCourse = (ucasCode: string, signal?: AbortSignal): Promise<CourseDetailResponse> =>
  api.get(apiPaths.course(ucasCode), courseDetailResponseSchema, { signal });

/**
 * The course of a page: with a signed-in `viewer` (username) the staff call, which carries the
 * user's `access`, under its own key (removed from the cache on sign-out); else the public call.
 * When sign-in or sign-out switches between them for the same code, the course already shown
 * stays until the other answer arrives, so an open form is not remounted.
 */
export const getCourseQueryOptions = (ucasCode: string, viewer: string | null = null) =>
  queryOptions({
    queryKey: viewer ? adminCourseKeys.detail(ucasCode, viewer) : courseKeys.detail(ucasCode),
    queryFn: ({ signal }) => (viewer ? getAdminCourse(ucasCode, signal) : getCourse(ucasCode, signal)),
    meta: viewer ? STAFF_QUERY_META : undefined,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey.at(-1) === ucasCode.toUpperCase() ? previous : undefined),
  });

export const useCourse = (ucasCode: string) => {
  const user = useUser();
  return useQuery(getCourseQueryOptions(ucasCode, user?.username ?? null));
};
