import { hasStaffSignedInHint, type StaffUser } from '@clearing-desk/contracts';
import { DialogScope } from '@clearing-desk/ui';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { apiPaths } from '@/config/paths';
import { ApiError, api, isFormOpen, PUBLIC_SCHEMAS } from './api-client';
import { discardDraftsSignedOutSince, discardStaffDrafts, onSignOutElsewhere } from './drafts';

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

/**
 * Meta of a mutation that handles a 401 itself: the sign-in dialog's own (a
 * wrong password), and staff saves run through useWithSignIn (a 401 there already asked to sign in).
 */
export const SESSION_HANDLED_META = { sessionHandled: true } as const;

/**
 * Why the sign-in dialog is asked for: a staff save met an ended session ('save', the default),
 * a staff form opened without a session over its kept draft ('resume'), or a sign-out in another
 * tab discarded the call in progress here ('discarded'). The dialog's words follow it.
 */
export type SignInReason = 'save' | 'resume' | 'discarded';

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

/** Whether the gateway's sign-in hint says a staff session may exist (never on the server's pre-render). */
const staffSessionHinted = (): boolean => typeof document !== 'undefined' && hasStaffSignedInHint(document.cookie);

type UserContextValue = {
  user: StaffUser | null;
  /** True while the session is being restored at load; the user is null meanwhile. */
  isPending: boolean;
  setUser: (user: StaffUser | null) => void;
  /** The session ended while a staff form was open: the sign-in dialog shows over the page. */
  signInRequested: boolean;
  /** Why it was asked for (the latest request's reason). */
  signInReason: SignInReason;
  /** Opens the sign-in dialog; resolves with who signed in there, or null when it was cancelled. */
  requestSignIn: (reason?: SignInReason) => Promise<StaffUser | null>;
  /** The sign-in dialog's end: the user who signed in (the session goes on as them), or null (cancelled). */
  finishSignIn: (user: StaffUser | null) => void;
};

const UserContext = createContext<UserContextValue>({
  user: null,
  isPending: false,
  setUser: () => undefined,
  signInRequested: false,
  signInReason: 'save',
  requestSignIn: () => Promise.resolve(null),
  finishSignIn: () => undefined,
});

type UserProviderProps = {
  /**
   * A known user (tests): the session is not asked for. Left out, the session is restored from
   * GET /api/admin/auth/user in the background, but only when the gateway's sign-in hint cookie
   * says one may exist (public pages make no staff call); public pages render at
   * once with no user meanwhile. Staff pages ask whatever the hint (`useStaffSession`).
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
 * may mean the roles changed in the directory (the gateway reads them again every few minutes):
 * the user is read again, so the pages follow the roles the server now holds.
 */
export function UserProvider({ initialUser, children }: UserProviderProps) {
  const queryClient = useQueryClient();
  useState(() => {
    if (initialUser !== undefined) queryClient.setQueryData(authKeys.user(), initialUser);
    // Before any form reads its draft: a sign-out since this tab's staff drafts were begun ends them.
    discardDraftsSignedOutSince();
    return null;
  });
  const query = useQuery({ ...getUserQueryOptions(), enabled: staffSessionHinted() });
  const user = query.data ?? null;
  // Pending only while it is being asked: without a hint nobody asks and no user is the answer.
  const isPending = query.isPending && query.fetchStatus === 'fetching';
  const setUser = useCallback(
    (next: StaffUser | null) => {
      queryClient.setQueryData(authKeys.user(), next);
    },
    [queryClient],
  );

  // A session that ends while a staff form is open is signed into again in a
  // dialog over the form, never by dropping the user (which would turn a phone application into
  // the public form). Waiting saves resume with whoever signs in.
  const [signInRequested, setSignInRequested] = useState(false);
  const [signInReason, setSignInReason] = useState<SignInReason>('save');
  const waiting = useRef<((user: StaffUser | null) => void)[]>([]);
  const switchedInDialog = useRef(false);
  const requestSignIn = useCallback(
    (reason: SignInReason = 'save') =>
      new Promise<StaffUser | null>((resolve) => {
        waiting.current.push(resolve);
        setSignInReason(reason);
        setSignInRequested(true);
      }),
    [],
  );
  const finishSignIn = useCallback(
    (next: StaffUser | null) => {
      setSignInRequested(false);
      if (next) {
        const previous = queryClient.getQueryData<StaffUser | null>(authKeys.user());
        // Another user at the desk: the pages fetch again as them (below), the form stays.
        if (previous && previous.username !== next.username) switchedInDialog.current = true;
        setUser(next);
        void queryClient.invalidateQueries({ predicate: (q) => q.meta?.staff === true });
      }
      const resolvers = waiting.current;
      waiting.current = [];
      for (const resolve of resolvers) resolve(next);
    },
    [queryClient, setUser],
  );

  const value = useMemo(
    () => ({ user, isPending, setUser, signInRequested, signInReason, requestSignIn, finishSignIn }),
    [user, isPending, setUser, signInRequested, signInReason, requestSignIn, finishSignIn],
  );

  // A deliberate sign-out in another tab ended this browser's session and every staff draft
  // (domain.md 'Staff sessions on results day'): this tab's go too, and its user. A staff form
  // open here keeps its mark and asks to sign in (the course route), never the public form.
  useEffect(() => {
    const signedOut = () => {
      if (queryClient.getQueryData(authKeys.user()) != null) setUser(null);
    };
    // A tab that did not hear it (asleep, restored) checks when it regains focus.
    const onFocus = () => {
      if (discardDraftsSignedOutSince()) signedOut();
    };
    window.addEventListener('focus', onFocus);
    const unsubscribe = onSignOutElsewhere(() => {
      discardStaffDrafts();
      signedOut();
    });
    return () => {
      window.removeEventListener('focus', onFocus);
      unsubscribe();
    };
  }, [queryClient, setUser]);

  // A session that ended on the server (idle timeout, absolute lifetime, sign-out elsewhere)
  // shows as a 401 on any staff call: drop the user so the staff pages show the login screen,
  // or, while a staff form is open, ask to sign in over it.
  useEffect(() => {
    const signedIn = () => queryClient.getQueryData(authKeys.user()) != null;
    const onError = (error: unknown, handlesSessionEnd = false) => {
      if (!(error instanceof ApiError) || !signedIn()) return;
      if (error.status === 401 && !handlesSessionEnd) {
        if (isFormOpen()) void requestSignIn();
        else setUser(null);
      } else if (error.status === 403) void queryClient.invalidateQueries({ queryKey: authKeys.user() });
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      // Queries that handle their own 401 (a staff form's assessment keeps its buttons) are left to do so.
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error, event.query.meta?.sessionHandled === true);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      // Mutations that handle their own 401 (SESSION_HANDLED_META) are left to do so.
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error, event.mutation.meta?.sessionHandled === true);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient, setUser, requestSignIn]);

  const username = user?.username ?? null;
  const previousUsername = useRef(username);
  useEffect(() => {
    // Signed out, or another user signed in on the login screen: what the last user fetched goes.
    // A switch in the sign-in dialog keeps the open form; its pages fetch again as the new user.
    if (previousUsername.current !== null && previousUsername.current !== username && !switchedInDialog.current) removeStaffQueries(queryClient);
    switchedInDialog.current = false;
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
/**
 * Runs a staff save: when it meets 401 (the session ended), the sign-in dialog
 * opens over the form and, once someone signs in there, the same call runs again (same body, so
 * the same SUBMISSION_ID) with their session; the gateway refuses it if they may not make it. A
 * cancelled dialog rejects with the 401.
 */
export function useWithSignIn(): <T>(save: () => Promise<T>) => Promise<T> {
  const { requestSignIn } = useContext(UserContext);
  return useCallback(
    async <T,>(save: () => Promise<T>): Promise<T> => {
      for (;;) {
        try {
          return await save();
        } catch (error) {
          if (!(error instanceof ApiError && error.status === 401)) throw error;
          if ((await requestSignIn()) === null) throw error;
        }
      }
    },
    [requestSignIn],
  );
}

/** The sign-in dialog's state: whether it is asked for, why, how to ask and how it ends. */
export const useSignInRequest = (): Pick<UserContextValue, 'signInRequested' | 'signInReason' | 'requestSignIn' | 'finishSignIn'> => {
  const { signInRequested, signInReason, requestSignIn, finishSignIn } = useContext(UserContext);
  return { signInRequested, signInReason, requestSignIn, finishSignIn };
};

/** The user and whether the session is still being restored. */
export const useAuth = (): Pick<UserContextValue, 'user' | 'isPending'> => {
  const { user, isPending } = useContext(UserContext);
  return { user, isPending };
};

/**
 * The user for a staff page: asks GET /api/admin/auth/user (once; the answer is shared through
 * the cache with `UserProvider`) whatever the sign-in hint, since a staff page is where a session
 * matters. `isPending` until the answer is in.
 */
export function useStaffSession(): Pick<UserContextValue, 'user' | 'isPending'> {
  const query = useQuery(getUserQueryOptions());
  return { user: query.data ?? null, isPending: query.isPending };
}
