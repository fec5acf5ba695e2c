import { Outlet } from 'react-router-dom';
import { RequireStaff } from '@/features/auth/components/require-staff';

/** Every staff page: the login screen until a user exists (spec section 2). Not behind the Clearing gate. */
export function StaffOutlet() {
  return (
    <RequireStaff>
      <Outlet />
    </RequireStaff>
  );
}
