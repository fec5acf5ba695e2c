import type { SessionState } from '@clearing-desk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api, PUBLIC_SCHEMAS } from '@/lib/api-client';
import { authKeys, STAFF_QUERY_META } from '@/lib/auth';

/**
 * GET /api/admin/auth/session: when the staff session ends (`idleEndsAt`, `endsAt`,
 * ISO times) and how long before the idle end to warn. Passive: reading it does not count as activity.
 * 401 once the session has ended.
 */
export const getSession = (signal?: AbortSignal): Promise<SessionState> => api.get(apiPaths.authSession(), PUBLIC_SCHEMAS.session, { signal });

/** PUT /api/admin/auth/session: 'Stay signed in', which counts as activity; answers the new ends. */
export const staySignedIn = (): Promise<SessionState> => api.put(apiPaths.authSession(), {}, PUBLIC_SCHEMAS.session);

/** The session's ends while someone is signed in; fetched again only when asked (the warning's timer). */
export const useSessionState = (enabled: boolean) =>
  useQuery({ queryKey: authKeys.session(), queryFn: ({ signal }) => getSession(signal), enabled, staleTime: Infinity, meta: STAFF_QUERY_META });

/** 'Stay signed in': the answer replaces the cached session state. */
export const useStaySignedIn = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: staySignedIn, onSuccess: (state) => queryClient.setQueryData(authKeys.session(), state) });
};
