/**
 * Query keys of the settings page's own endpoint, GET /api/admin/status/audit (general to
 * specific). The setting itself, GET /api/admin/status, is the one clearing-status family of
 * `@/lib/clearing-status`, shared with the gate.
 */
export const clearingStatusAuditKeys = {
  all: ['clearing-status-audit'] as const,
  audit: () => [...clearingStatusAuditKeys.all, 'audit'] as const,
};
