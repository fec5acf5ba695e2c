import {
  courseDetailResponseSchema,
  courseEtag,
  errorResponseSchema,
  type CourseData,
  type CourseDetailResponse,
  type CourseUpdateData,
} from '@clearing-desk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { ApiError, readCookie, ResponseValidationError, XSRF_COOKIE } from '@/lib/api-client';
import { courseControlKeys } from './course-control-keys';

export type UpdateCourseInput = { ucasCode: string; data: CourseUpdateData; /** The course as it was read: its ETag goes in If-Match. */ opened: CourseData };

/**
 * PUT /api/admin/courses/{ucasCode} with `{ data, token }` and If-Match (the ETag of the course as
 * it was read, computed with the contracts' `courseEtag` exactly as the gateway does), so a change
 * someone else saved meanwhile answers 412 instead of being overwritten. The shared api client
 * sends no extra headers, hence this one fetch.
 * @throws ApiError with the server's message (400, 403, 412 ...).
 */
export async function updateCourse({ ucasCode, data, opened }: UpdateCourseInput): Promise<CourseDetailResponse> {
  const url = new URL(apiPaths.adminCourse(ucasCode), window.location.origin).href;
  const response = await fetch(url, {
    method: 'PUT',
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'If-Match': courseEtag(opened) },
    body: JSON.stringify({ data, token: readCookie(XSRF_COOKIE) ?? '' }),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const error = errorResponseSchema.safeParse(json);
    throw new ApiError(response.status, error.success ? error.data.message : response.statusText || 'Request failed');
  }
  const parsed = courseDetailResponseSchema.safeParse(json);
  if (!parsed.success) throw new ResponseValidationError(url, parsed.error.issues);
  return parsed.data;
}

/** Saves a course: the answer becomes the course being edited, and its history is fetched again. */
export const useUpdateCourse = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCourse,
    onSuccess: (saved, { ucasCode }) => {
      queryClient.setQueryData(courseControlKeys.course(ucasCode), saved);
      void queryClient.invalidateQueries({ queryKey: courseControlKeys.history(ucasCode) });
      // Searches and course pages show vacancies: let them fetch again.
      void queryClient.invalidateQueries({ queryKey: ['courses'] });
    },
  });
};
