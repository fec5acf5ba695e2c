import { canManageClearing } from '@clearing-desk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { ClearingSettings } from '@/features/clearing-settings/components/clearing-settings';
import { clearingStatusKeys } from '@/lib/clearing-status';
import { useUser } from '@/lib/auth';

/** /staff/settings: open or close Clearing (Administrator over all courses only). */
export function ClearingSettingsRoute() {
  const user = useUser();
  const queryClient = useQueryClient();
  return (
    <ClearingSettings
      canManage={canManageClearing(user)}
      // The saved status is already the gate's (one query family); the ping is asked again so it agrees.
      onSaved={() => void queryClient.invalidateQueries({ queryKey: clearingStatusKeys.ping() })}
    />
  );
}

export { ClearingSettingsRoute as Component };
