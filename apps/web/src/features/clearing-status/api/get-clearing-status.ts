import { clearingStatusResponseSchema, type ClearingStatusResponse } from '@clearing-desk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { clearingStatusKeys } from './clearing-status-keys';

/** GET /api/admin/status: open state and closing message, called once at load. */
export const getClearingStatus = (signal?: AbortSignal): Promise<ClearingStatusResponse> =>
  api.get(apiPaths.clearingStatus(), clearingStatusResponseSchema, { signal });

export const getClearingStatusQueryOptions = () =>
  queryOptions({
    queryKey: clearingStatusKeys.status(),
    queryFn: ({ signal }) => getClearingStatus(signal),
    // Fresh until the ping says otherwise: the ping is what keeps the state current.
    staleTime: Infinity,
    retry: false,
  });

export const useClearingStatus = () => useQuery(getClearingStatusQueryOptions());
