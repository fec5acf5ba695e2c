import { canManageClearing } from '@clearing-desk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { ClearingSettings } from '@/features/clearing-settings/components/clearing-settings';
import { clearingStatusKeys } from '@/features/clearing-status/api/clearing-status-keys';
import { useUser } from '@/lib/auth';

/** /staff/settings: open or close Clearing (Administrator over all courses only). */
export function ClearingSettingsRoute() {
  const user = useUser();
  const queryClient = useQueryClient();
  return (
    <ClearingSettings
      canManage={canManageClearing(user)}
      // The gate's status and ping: fetched again, so the whole app follows the new setting.
      onSaved={() => void queryClient.invalidateQueries({ queryKey: clearingStatusKeys.all })}
    />
  );
}

export { ClearingSettingsRoute as Component };
