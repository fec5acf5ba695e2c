import { canManageClearing, UCAS_TEXTS } from '@clearing-desk/contracts';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { apiPaths, paths } from '@/config/paths';
import { AdviserShifts } from '@/features/callbacks/components/adviser-shifts';
import { ClearingStatusSettings } from '@/features/clearing-status/components/clearing-status-settings';
import { ErasureForm } from '@/features/data-protection/components/erasure-form';
import { RetentionSchedule } from '@/features/data-protection/components/retention-schedule';
import { SubjectAccessForm } from '@/features/data-protection/components/subject-access-form';
import { SignInLockouts } from '@/features/sign-in-lockouts/components/sign-in-lockouts';
import { EventApiKeys } from '@/features/event-api-keys/components/event-api-keys';
import { Webhooks } from '@/features/webhooks/components/webhooks';
import { clearingStatusKeys } from '@/lib/clearing-status';
import { useUser } from '@/lib/auth';

/**
 * /staff/settings: open or close Clearing, then (Administrators over all courses only) the advisers
 * on shift for booked calls, the sign-in
 * lockouts, data protection (a person's subject access export, erasure, and the retention
 * schedule with the retention job's runs) and the record system's API keys and webhooks.
 */
export function ClearingStatusRoute() {
  const user = useUser();
  const queryClient = useQueryClient();
  const canManage = canManageClearing(user);
  return (
    <>
      <ClearingStatusSettings
        canManage={canManage}
        // The saved status is already the gate's (one query family); the ping is asked again so it agrees.
        onSaved={() => void queryClient.invalidateQueries({ queryKey: clearingStatusKeys.ping() })}
      />
      {canManage && (
        <p className="cd-body">
          <Link to={paths.staffUcas.getHref()}>{UCAS_TEXTS.PAGE_TITLE}</Link>: {UCAS_TEXTS.SETTINGS_LINK_HINT}
        </p>
      )}
      {canManage && <AdviserShifts />}
      {canManage && <SignInLockouts />}
      {canManage && <SubjectAccessForm action={apiPaths.deskSubjectAccess()} />}
      {canManage && <ErasureForm />}
      {canManage && <RetentionSchedule />}
      {canManage && <EventApiKeys />}
      {canManage && <Webhooks />}
    </>
  );
}

export { ClearingStatusRoute as Component };
