export const clearingStatusKeys = {
  all: ['clearing-status'] as const,
  status: () => [...clearingStatusKeys.all, 'status'] as const,
  ping: () => [...clearingStatusKeys.all, 'ping'] as const,
};
