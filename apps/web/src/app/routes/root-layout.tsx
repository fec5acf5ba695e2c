import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router-dom';
import { Layout } from '@/components/layout/layout';
import { MAIN_CONTENT_ID } from '@/config/site';
import { useUser } from '@/lib/auth';
import type { RouteHandle } from '../router';

/** Root route: page frame around every page. */
export function RootLayout() {
  const user = useUser();
  const { pathname } = useLocation();
  const firstRender = useRef(true);
  // Pages that place focus themselves (the form steps: their heading, a field or the error summary).
  const matches = useMatches();
  const pageManagesFocus = useRef(false);
  pageManagesFocus.current = matches.some((match) => (match.handle as RouteHandle | undefined)?.managesFocus);

  // After client-side navigation, start screen readers and keyboard users at the new page's content.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (pageManagesFocus.current) return;
    document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <Layout user={user}>
      <Outlet />
      <ScrollRestoration />
    </Layout>
  );
}
