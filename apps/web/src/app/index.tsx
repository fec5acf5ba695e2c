import type { QueryClient } from '@tanstack/react-query';
import { APP_STARTED_ATTRIBUTE, APP_STARTED_EVENT } from '@clearing-desk/contracts';
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
  // A pre-rendered page is hydrated by now, its form's handlers attached: a search the boot module
  // held goes to the app (sent any earlier, React would not yet handle it and the browser would
  // load the page again). start.tsx sends the event itself before rendering over a page instead.
  useEffect(() => {
    document.documentElement.setAttribute(APP_STARTED_ATTRIBUTE, 'true');
    if (hydrating) document.dispatchEvent(new Event(APP_STARTED_EVENT));
  }, [hydrating]);
  return (
    <AppProvider queryClient={queryClient}>
      <ShowPageWhileStatusLoadsContext value={hydrating}>
        <RouterProvider router={router} />
      </ShowPageWhileStatusLoadsContext>
    </AppProvider>
  );
}
