/**
 * Query keys of course control's own endpoint, GET /api/admin/courses/{ucasCode}/history (general
 * to specific). The course itself is the one GET /api/admin/courses/{id} family of
 * `@/lib/admin-course`, shared with the course pages.
 */
export const courseControlKeys = {
  all: ['course-control'] as const,
  history: (ucasCode: string) => [...courseControlKeys.all, 'history', ucasCode.toUpperCase()] as const,
};
