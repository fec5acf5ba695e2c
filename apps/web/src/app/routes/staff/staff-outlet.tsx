import { Outlet } from 'react-router-dom';
import { RequireStaff } from '@/features/auth/components/require-staff';
import { CycleWindowBanner } from '@/features/clearing-status/components/cycle-window-banner';

/**
 * Every staff page: the login screen until a user exists (spec section 2). Not behind the Clearing
 * gate; outside the cycle's Clearing window a warning says the public cannot apply.
 */
export function StaffOutlet() {
  return (
    <RequireStaff>
      <CycleWindowBanner />
      <Outlet />
    </RequireStaff>
  );
}
