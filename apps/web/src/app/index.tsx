import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from './provider';
import { createAppRouter, type AppRouter } from './router';

type AppProps = {
  /** main.tsx passes the router and client it already started (a pre-rendered page waits for them). */
  router?: AppRouter;
  queryClient?: QueryClient;
};

export function App({ router: startedRouter, queryClient }: AppProps = {}) {
  const [router] = useState(() => startedRouter ?? createAppRouter());
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
