import { Outlet } from 'react-router-dom';
import { ClearingGate } from '@/features/clearing-status/components/clearing-gate';
import { useAuth } from '@/lib/auth';

/**
 * Pages that need clearing to be open, unless a staff user is logged in. While the session is
 * still being restored, an open Clearing shows the page at once; a closed one waits for it, so a
 * signed-in user reloading a page never sees the closed message.
 */
export function GatedOutlet() {
  const { user, isPending } = useAuth();
  return (
    <ClearingGate isStaff={user !== null} isStaffPending={isPending}>
      <Outlet />
    </ClearingGate>
  );
}
