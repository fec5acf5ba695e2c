/** Query keys of the figures screen (general to specific). */
export const figuresKeys = {
  all: ['figures'] as const,
  detail: (margin: number) => [...figuresKeys.all, { margin }] as const,
};
