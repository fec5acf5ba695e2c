import { courseDetailResponseSchema, type CourseDetailResponse } from '@clearing-desk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { courseKeys } from './course-keys';

/** GET /api/courses/{ucasCode}: courseData, qualOptions, access; an unknown code answers 404. */
export const getCourse = (ucasCode: string, signal?: AbortSignal): Promise<CourseDetailResponse> =>
  api.get(apiPaths.course(ucasCode), courseDetailResponseSchema, { signal });

export const getCourseQueryOptions = (ucasCode: string) =>
  queryOptions({
    queryKey: courseKeys.detail(ucasCode),
    queryFn: ({ signal }) => getCourse(ucasCode, signal),
  });

export const useCourse = (ucasCode: string) => useQuery(getCourseQueryOptions(ucasCode));
