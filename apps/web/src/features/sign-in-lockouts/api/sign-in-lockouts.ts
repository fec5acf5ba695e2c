import { loginLockoutsResponseSchema, type LoginLockoutsResponse, type LoginLockoutSubject } from '@clearing-desk/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { STAFF_QUERY_META } from '@/lib/auth';

/** Query keys of the sign-in lockouts (general to specific). */
export const signInLockoutsKeys = {
  all: ['sign-in-lockouts'] as const,
  list: () => [...signInLockoutsKeys.all, 'list'] as const,
};

/** GET /api/admin/auth/lockouts: the sign-in lockouts in force, the latest first (Administrators only). */
export const getSignInLockouts = (signal?: AbortSignal): Promise<LoginLockoutsResponse> =>
  api.get(apiPaths.signInLockouts(), loginLockoutsResponseSchema, { signal });

export const getSignInLockoutsQueryOptions = () =>
  queryOptions({ queryKey: signInLockoutsKeys.list(), queryFn: ({ signal }) => getSignInLockouts(signal), staleTime: 0, meta: STAFF_QUERY_META });

export const useSignInLockouts = () => useQuery(getSignInLockoutsQueryOptions());

/** POST /api/admin/auth/lockouts/lift: `{ data: <subject>, token }`; the answer (the lockouts still in force) replaces the list. */
export const liftSignInLockout = (subject: LoginLockoutSubject): Promise<LoginLockoutsResponse> =>
  api.post(apiPaths.liftSignInLockout(), subject, loginLockoutsResponseSchema);

export const useLiftSignInLockout = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: liftSignInLockout,
    onSuccess: (answer) => queryClient.setQueryData(signInLockoutsKeys.list(), answer),
  });
};
