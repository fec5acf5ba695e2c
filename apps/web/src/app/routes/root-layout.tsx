import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigate } from 'react-router-dom';
import { Layout } from '@/components/layout/layout';
import { paths } from '@/config/paths';
import { MAIN_CONTENT_ID } from '@/config/site';
import { CONFIRMATION_TEXTS, SCROLL_POSITIONS_KEY } from '@clearing-desk/contracts';
import { ConfirmDialog } from '@clearing-desk/ui';
import { useLogout } from '@/features/auth/api/logout';
import { AUTH_TEXTS } from '@/features/auth/texts';
import { FORM_TEXTS } from '@/features/application-form/texts';
import { SessionWarning } from '@/features/auth/components/session-warning';
import { formatApiError } from '@/lib/api-client';
import { useSignInRequest, useUser } from '@/lib/auth';
import { callInProgressElsewhere, callInProgressHere } from '@/lib/drafts';
import { keepScrollPosition, scrollPositionKey } from '@/lib/scroll-positions';
import type { RouteHandle } from '../router';

// Loaded only when a session ends over a staff form: the sign-in call's schemas stay out of the
// public pages' first download.
const SessionEndedDialog = lazy(() => import('@/features/auth/components/session-ended-dialog').then((m) => ({ default: m.SessionEndedDialog })));

/**
 * The page the app started on keeps its scroll position when the app mounts (a pre-rendered page
 * being read, or one the browser restored): its position is saved for ScrollRestoration, which
 * would otherwise scroll to the top. Later navigations are ScrollRestoration's as before.
 */
function KeepFirstScrollPosition() {
  const location = useLocation();
  const firstKey = useRef(scrollPositionKey(location));
  useLayoutEffect(() => keepScrollPosition(firstKey.current, window.scrollY), []);
  return null;
}

/** Root route: page frame around every page; the header's 'Sign out' lands on /staff (the login screen). */
export function RootLayout() {
  const user = useUser();
  const { signInRequested } = useSignInRequest();
  const navigate = useNavigate();
  // Sign-out lands on /staff only after the render that dropped the user: dialogs opened under the
  // user are closed by then, and the leave-application question the navigation may raise belongs
  // to the signed-out page, whatever order the two updates are scheduled in.
  const [signedOut, setSignedOut] = useState(false);
  const logout = useLogout({ onSuccess: () => setSignedOut(true) });
  // A sign-out ends every staff draft of the browser (domain.md 'Staff sessions on results day'):
  // with a call in progress it asks first, this tab's the leave-application question of spec
  // section 2, another tab's its own.
  const [confirmSignOut, setConfirmSignOut] = useState<'here' | 'elsewhere' | null>(null);
  const signOut = () => {
    if (callInProgressHere()) setConfirmSignOut('here');
    else if (callInProgressElsewhere()) setConfirmSignOut('elsewhere');
    else logout.mutate();
  };
  useEffect(() => {
    if (!signedOut || user !== null) return;
    setSignedOut(false);
    void navigate(paths.staff.getHref());
    // The 'Sign out' button is gone: start again at the page content (the login screen), unless
    // something took focus meanwhile (the leave-application question).
    window.setTimeout(() => {
      if (document.activeElement === null || document.activeElement === document.body) {
        document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
      }
    }, 0);
  }, [signedOut, user, navigate]);
  const { pathname } = useLocation();
  const firstRender = useRef(true);
  // Pages that place focus themselves (the form steps: their heading, a field or the error summary).
  const matches = useMatches();
  const pageManagesFocus = useRef(false);
  pageManagesFocus.current = matches.some((match) => (match.handle as RouteHandle | undefined)?.managesFocus);

  // After client-side navigation, start screen readers and keyboard users at the new page's content.
  useLayoutEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (pageManagesFocus.current) return;
    document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <Layout
      user={user}
      onSignOut={signOut}
      signingOut={logout.isPending}
      signOutError={logout.isError ? `Sign out failed: ${formatApiError(logout.error)}` : null}
    >
      <Outlet />
      {user && <SessionWarning key={user.username} onSignOut={signOut} />}
      <ConfirmDialog
        open={confirmSignOut !== null && user !== null}
        title={confirmSignOut === 'here' ? CONFIRMATION_TEXTS.LEAVE_PAGE : AUTH_TEXTS.SIGN_OUT_CALL_IN_PROGRESS}
        confirmLabel={confirmSignOut === 'here' ? FORM_TEXTS.LEAVE_CONFIRM : AUTH_TEXTS.SIGN_OUT_CONFIRM}
        cancelLabel={confirmSignOut === 'here' ? FORM_TEXTS.LEAVE_CANCEL : AUTH_TEXTS.SIGN_OUT_CANCEL}
        confirmVariant="warning"
        onConfirm={() => {
          setConfirmSignOut(null);
          logout.mutate();
        }}
        onCancel={() => setConfirmSignOut(null)}
      >
        {confirmSignOut === 'here' && <p className="cd-body">{FORM_TEXTS.LEAVE_BODY}</p>}
      </ConfirmDialog>
      {/* Also without a user: a staff form opened without a session asks to sign in over its draft. */}
      {signInRequested && (
        <Suspense fallback={null}>
          <SessionEndedDialog />
        </Suspense>
      )}
      {/* Before ScrollRestoration, so its layout effect has run when ScrollRestoration's read the positions. */}
      <KeepFirstScrollPosition />
      <ScrollRestoration storageKey={SCROLL_POSITIONS_KEY} getKey={scrollPositionKey} />
    </Layout>
  );
}
