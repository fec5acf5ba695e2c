/** Query keys, general to specific (TkDodo), so invalidation works at any level. */
export const applicationStatusKeys = {
  all: ['application-status'] as const,
  detail: (applicationHash: string) => [...applicationStatusKeys.all, applicationHash] as const,
};
