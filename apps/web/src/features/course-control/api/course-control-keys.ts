/** Query keys of course control (general to specific). */
export const courseControlKeys = {
  all: ['course-control'] as const,
  course: (ucasCode: string) => [...courseControlKeys.all, 'course', ucasCode.toUpperCase()] as const,
  history: (ucasCode: string) => [...courseControlKeys.all, 'history', ucasCode.toUpperCase()] as const,
};
