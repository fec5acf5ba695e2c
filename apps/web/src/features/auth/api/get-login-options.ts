import { loginOptionsSchema, type LoginOptions } from '@clearing-desk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { authKeys } from '@/lib/auth';

/** GET /api/admin/auth/options (public): whether sign-in is the enterprise (OIDC) link instead of the form. */
export const getLoginOptions = (signal?: AbortSignal): Promise<LoginOptions> => api.get(apiPaths.authOptions(), loginOptionsSchema, { signal });

export const getLoginOptionsQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.options(),
    queryFn: ({ signal }) => getLoginOptions(signal),
    // Server configuration: does not change while the page is open.
    staleTime: Infinity,
  });

export const useLoginOptions = () => useQuery(getLoginOptionsQueryOptions());
