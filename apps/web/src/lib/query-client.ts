import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { ApiError } from './api-client';

// A 4xx will not change on retry (unknown course, closed, forbidden): fail at once.
const shouldRetry = (failureCount: number, error: unknown): boolean =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2;

export const queryConfig = {
  queries: {
    retry: shouldRetry,
    refetchOnWindowFocus: false,
    staleTime: 60_000,
  },
} satisfies DefaultOptions;

export const createQueryClient = (): QueryClient => new QueryClient({ defaultOptions: queryConfig });

/**
 * id of the `<script type="application/json">` in which a server-rendered page (src/prerender.tsx)
 * hands the app the answers it was rendered from (TanStack Query's dehydrated state).
 */
export const QUERY_STATE_ID = 'cd-query-state';
