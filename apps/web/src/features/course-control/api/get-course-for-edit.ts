import { courseDetailResponseSchema, type CourseDetailResponse } from '@clearing-desk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { STAFF_QUERY_META } from '@/lib/auth';
import { courseControlKeys } from './course-control-keys';

/** GET /api/admin/courses/{ucasCode}: the course as it is now, with the user's access. */
export const getCourseForEdit = (ucasCode: string, signal?: AbortSignal): Promise<CourseDetailResponse> =>
  api.get(apiPaths.adminCourse(ucasCode), courseDetailResponseSchema, { signal });

export const getCourseForEditQueryOptions = (ucasCode: string) =>
  queryOptions({
    queryKey: courseControlKeys.course(ucasCode),
    queryFn: ({ signal }) => getCourseForEdit(ucasCode, signal),
    // The form edits what was read; a background refetch must not swap the version under it.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    meta: STAFF_QUERY_META,
  });

export const useCourseForEdit = (ucasCode: string) => useQuery(getCourseForEditQueryOptions(ucasCode));
