import type { StaffUser } from '@clearing-desk/contracts';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { UserProvider } from '@/lib/auth';
import { createQueryClient } from '@/lib/query-client';

type AppProviderProps = {
  children: ReactNode;
  /** Tests pass their own client (no retries) and user. */
  queryClient?: QueryClient;
  /** A known user, or null for none; left out (the app), the session is restored from the server. */
  initialUser?: StaffUser | null;
};

export function AppProvider({ children, queryClient, initialUser }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <UserProvider initialUser={initialUser}>{children}</UserProvider>
    </QueryClientProvider>
  );
}
