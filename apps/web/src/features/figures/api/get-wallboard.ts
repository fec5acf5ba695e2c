import { FIGURES_REFRESH_MS, wallboardResponseSchema, type WallboardResponse } from '@clearing-desk/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { STAFF_QUERY_META } from '@/lib/auth';
import { figuresKeys } from './figures-keys';

/** GET /api/admin/wallboard: the desk panels (queue, callbacks, advisers) with their red states. */
export const getWallboard = (signal?: AbortSignal): Promise<WallboardResponse> => api.get(apiPaths.wallboard(), wallboardResponseSchema, { signal });

/** Refetched at each live event (its key is under figuresKeys.all) and polled as the figures are, as a fallback. */
export const getWallboardQueryOptions = () =>
  queryOptions({
    queryKey: figuresKeys.wallboard(),
    queryFn: ({ signal }) => getWallboard(signal),
    refetchInterval: FIGURES_REFRESH_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
    placeholderData: keepPreviousData,
    meta: STAFF_QUERY_META,
  });

export const useWallboard = () => useQuery(getWallboardQueryOptions());
