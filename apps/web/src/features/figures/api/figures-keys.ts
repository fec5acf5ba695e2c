/** Query keys of the figures screen (general to specific). */
export const figuresKeys = {
  all: ['figures'] as const,
  detail: (margin: number) => [...figuresKeys.all, { margin }] as const,
  /** The wallboard's desk panels: under `all`, so each live event refreshes them with the figures. */
  wallboard: () => [...figuresKeys.all, 'wallboard'] as const,
};
