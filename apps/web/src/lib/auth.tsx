import type { StaffUser } from '@clearing-desk/contracts';
import { DialogScope } from '@clearing-desk/ui';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { apiPaths } from '@/config/paths';
import { ApiError, api, PUBLIC_SCHEMAS } from './api-client';

/**
 * The staff session. It lives here, not in features/auth, because the shared layers (header,
 * clearing gate, course queries) need the user and shared code never imports a feature; the
 * sign-in screens and their calls are features/auth.
 */

/** Query keys of the session (general to specific); features/auth adds the sign-in options. */
export const authKeys = {
  all: ['auth'] as const,
  user: () => [...authKeys.all, 'user'] as const,
  options: () => [...authKeys.all, 'options'] as const,
  session: () => [...authKeys.all, 'session'] as const,
};

/**
 * Meta of every query that is fetched with a staff session (admin calls, answers that carry the
 * user's `access`): sign-out removes them all from the cache (`removeStaffQueries`).
 */
export const STAFF_QUERY_META = { staff: true } as const;

export const removeStaffQueries = (queryClient: QueryClient): void => queryClient.removeQueries({ predicate: (query) => query.meta?.staff === true });

/** GET /api/admin/auth/user: the signed-in user, or null when there is no session (401). */
export async function getUser(signal?: AbortSignal): Promise<StaffUser | null> {
  try {
    return await api.get(apiPaths.authUser(), PUBLIC_SCHEMAS.staffUser, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const getUserQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.user(),
    queryFn: ({ signal }) => getUser(signal),
    // Changed only by sign-in and sign-out (which set it) or their invalidation.
    staleTime: Infinity,
  });

type UserContextValue = {
  user: StaffUser | null;
  /** True while the session is being restored at load; the user is null meanwhile. */
  isPending: boolean;
  setUser: (user: StaffUser | null) => void;
};

const UserContext = createContext<UserContextValue>({ user: null, isPending: false, setUser: () => undefined });

type UserProviderProps = {
  /**
   * A known user (tests): the session is not asked for. Left out, the session is restored from
   * GET /api/admin/auth/user in the background: public pages render at once with no user, staff
   * pages wait (`isPending`).
   */
  initialUser?: StaffUser | null;
  children: ReactNode;
};

/**
 * The logged-in staff user, held in the React Query cache under `authKeys.user()` so sign-in,
 * sign-out and invalidation all go through one place. When a user goes (sign-out, or another
 * user), confirm dialogs opened under them close (spec section 4: "Confirm dialogs close on ...
 * logout") and every staff query is removed from the cache: after the render that dropped the
 * user, so no page still observes (and fetches again) what is removed. A 401 on any staff call
 * while signed in means the session ended on the server: the user is dropped the same way. A 403
 * may mean the roles changed in the directory (the gateway reads them again every few minutes,
 * issue 25 item 3): the user is read again, so the pages follow the roles the server now holds.
 */
export function UserProvider({ initialUser, children }: UserProviderProps) {
  const queryClient = useQueryClient();
  useState(() => {
    if (initialUser !== undefined) queryClient.setQueryData(authKeys.user(), initialUser);
    return null;
  });
  const query = useQuery(getUserQueryOptions());
  const user = query.data ?? null;
  const setUser = useCallback(
    (next: StaffUser | null) => {
      queryClient.setQueryData(authKeys.user(), next);
    },
    [queryClient],
  );
  const value = useMemo(() => ({ user, isPending: query.isPending, setUser }), [user, query.isPending, setUser]);

  // A session that ended on the server (idle timeout, absolute lifetime, sign-out elsewhere)
  // shows as a 401 on any staff call: drop the user so the staff pages show the login screen.
  useEffect(() => {
    const signedIn = () => queryClient.getQueryData(authKeys.user()) != null;
    const onError = (error: unknown) => {
      if (!(error instanceof ApiError) || !signedIn()) return;
      if (error.status === 401) setUser(null);
      else if (error.status === 403) void queryClient.invalidateQueries({ queryKey: authKeys.user() });
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient, setUser]);

  const username = user?.username ?? null;
  const previousUsername = useRef(username);
  useEffect(() => {
    if (previousUsername.current !== null && previousUsername.current !== username) removeStaffQueries(queryClient);
    previousUsername.current = username;
  }, [username, queryClient]);

  return (
    <UserContext.Provider value={value}>
      <DialogScope scopeKey={username}>{children}</DialogScope>
    </UserContext.Provider>
  );
}

export const useUser = (): StaffUser | null => useContext(UserContext).user;
export const useSetUser = (): UserContextValue['setUser'] => useContext(UserContext).setUser;
/** The user and whether the session is still being restored. */
export const useAuth = (): Pick<UserContextValue, 'user' | 'isPending'> => {
  const { user, isPending } = useContext(UserContext);
  return { user, isPending };
};
