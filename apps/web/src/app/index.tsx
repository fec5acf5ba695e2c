import type { QueryClient } from '@tanstack/react-query';
import { APP_STARTED_ATTRIBUTE } from '@clearing-desk/contracts';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { ShowPageWhileStatusLoadsContext } from '@/features/clearing-status/components/clearing-gate';
import { AppProvider } from './provider';
import { createAppRouter, type AppRouter } from './router';

type AppProps = {
  /** main.tsx passes the router and client it already started (a pre-rendered page waits for them). */
  router?: AppRouter;
  queryClient?: QueryClient;
  /** The page on screen was pre-rendered open and is being hydrated: show it while the Clearing status loads. */
  hydrating?: boolean;
};

export function App({ router: startedRouter, queryClient, hydrating = false }: AppProps = {}) {
  const [router] = useState(() => startedRouter ?? createAppRouter());
  // The app has mounted (taken over a pre-rendered page, or drawn its own): the browser tests wait for this.
  useEffect(() => {
    document.documentElement.setAttribute(APP_STARTED_ATTRIBUTE, 'true');
  }, []);
  return (
    <AppProvider queryClient={queryClient}>
      <ShowPageWhileStatusLoadsContext value={hydrating}>
        <RouterProvider router={router} />
      </ShowPageWhileStatusLoadsContext>
    </AppProvider>
  );
}
