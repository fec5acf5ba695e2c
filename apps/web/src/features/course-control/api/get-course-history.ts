import { courseHistoryResponseSchema, type CourseHistoryResponse } from '@clearing-desk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { STAFF_QUERY_META } from '@/lib/auth';
import { courseControlKeys } from './course-control-keys';

/** GET /api/admin/courses/{ucasCode}/history: who changed which fields when, newest first. */
export const getCourseHistory = (ucasCode: string, signal?: AbortSignal): Promise<CourseHistoryResponse> =>
  api.get(apiPaths.deskCourseHistory(ucasCode), courseHistoryResponseSchema, { signal });

export const getCourseHistoryQueryOptions = (ucasCode: string) =>
  queryOptions({
    queryKey: courseControlKeys.history(ucasCode),
    queryFn: ({ signal }) => getCourseHistory(ucasCode, signal),
    staleTime: 0,
    meta: STAFF_QUERY_META,
  });

export const useCourseHistory = (ucasCode: string, enabled: boolean) => useQuery({ ...getCourseHistoryQueryOptions(ucasCode), enabled });
