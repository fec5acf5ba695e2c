import { canManageClearing } from '@clearing-desk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { ClearingSettings } from '@/features/clearing-settings/components/clearing-settings';
import { SubjectAccessForm } from '@/features/data-protection/components/subject-access-form';
import { clearingStatusKeys } from '@/lib/clearing-status';
import { useUser } from '@/lib/auth';

/** /staff/settings: open or close Clearing, and a person's subject access export (Administrator over all courses only). */
export function ClearingSettingsRoute() {
  const user = useUser();
  const queryClient = useQueryClient();
  return (
    <>
      <ClearingSettings
        canManage={canManageClearing(user)}
        // The saved status is already the gate's (one query family); the ping is asked again so it agrees.
        onSaved={() => void queryClient.invalidateQueries({ queryKey: clearingStatusKeys.ping() })}
      />
      {canManageClearing(user) && <SubjectAccessForm action={apiPaths.adminSubjectAccess()} />}
    </>
  );
}

export { ClearingSettingsRoute as Component };
