/** Query keys of the settings page (general to specific). The gate's own status keys are features/clearing-status's. */
export const clearingSettingsKeys = {
  all: ['clearing-settings'] as const,
  status: () => [...clearingSettingsKeys.all, 'status'] as const,
  audit: () => [...clearingSettingsKeys.all, 'audit'] as const,
};
