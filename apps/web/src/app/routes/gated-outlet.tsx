import { Outlet } from 'react-router-dom';
import { ClearingGate } from '@/features/clearing-status/components/clearing-gate';
import { useUser } from '@/lib/auth';

/** Pages that need clearing to be open, unless a staff user is logged in. */
export function GatedOutlet() {
  const user = useUser();
  return (
    <ClearingGate isStaff={user !== null}>
      <Outlet />
    </ClearingGate>
  );
}
