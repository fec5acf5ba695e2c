import { hasAnyRole } from '@clearing-desk/contracts';
import { Spinner } from '@clearing-desk/ui';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { MAIN_CONTENT_ID } from '@/config/site';
import { useStaffSession } from '@/lib/auth';
import { AUTH_TEXTS } from '../texts';
import { LoginScreen } from './login-screen';
import { NoRoleNotice } from './no-role-notice';

/** Moves focus to the page's h1 (made focusable for this), else to <main>. */
function focusPageHeading(): void {
  const main = document.getElementById(MAIN_CONTENT_ID);
  const heading = main?.querySelector('h1');
  if (heading) {
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus();
  } else {
    main?.focus();
  }
}

/**
 * Wraps every staff page: a spinner while the session is restored, the login screen until a user
 * exists (spec section 2), a notice for an account with no role, else the page. After signing in
 * here, focus goes to the page's heading.
 */
export function RequireStaff({ children }: { children: ReactNode }) {
  const { user, isPending } = useStaffSession();
  const justSignedIn = useRef(false);

  useLayoutEffect(() => {
    if (user && justSignedIn.current) {
      justSignedIn.current = false;
      focusPageHeading();
    }
  }, [user]);

  if (isPending) return <Spinner label={AUTH_TEXTS.LOADING_SESSION} />;
  if (!user) {
    return (
      <LoginScreen
        onSignedIn={() => {
          justSignedIn.current = true;
        }}
      />
    );
  }
  if (!hasAnyRole(user)) return <NoRoleNotice user={user} />;
  return <>{children}</>;
}
