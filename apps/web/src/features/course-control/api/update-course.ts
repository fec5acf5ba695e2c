import { courseDetailResponseSchema, courseEtag, type CourseData, type CourseDetailResponse, type CourseUpdateData } from '@clearing-desk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { adminCourseKeys } from '@/lib/admin-course';
import { courseControlKeys } from './course-control-keys';

export type UpdateCourseInput = {
  ucasCode: string;
  data: CourseUpdateData;
  /** The course as it was read: its ETag goes in If-Match. */
  opened: CourseData;
  /** The signed-in user (the course's cache entry is theirs: it carries their access). */
  viewer: string;
};

/**
 * PUT /api/admin/courses/{ucasCode} with `{ data, token }` and If-Match (the ETag of the course as
 * it was read, computed with the contracts' `courseEtag` exactly as the gateway does), so a change
 * someone else saved meanwhile answers 412 instead of being overwritten.
 * @throws ApiError with the server's message (400, 403, 412 ...).
 */
export const updateCourse = ({ ucasCode, data, opened }: UpdateCourseInput): Promise<CourseDetailResponse> =>
  api.put(apiPaths.deskCourse(ucasCode), data, courseDetailResponseSchema, { headers: { 'If-Match': courseEtag(opened) } });

/** Saves a course: the answer becomes the course being edited, and its history is fetched again. */
export const useUpdateCourse = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCourse,
    onSuccess: (saved, { ucasCode, viewer }) => {
      queryClient.setQueryData(adminCourseKeys.detail(ucasCode, viewer), saved);
      void queryClient.invalidateQueries({ queryKey: courseControlKeys.history(ucasCode) });
      // Searches and course pages show vacancies: let them fetch again.
      void queryClient.invalidateQueries({ queryKey: ['courses'] });
    },
  });
};
