import { LIMITS, type PingResponse } from '@clearing-desk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api, PUBLIC_SCHEMAS } from '@/lib/api-client';
import { clearingStatusKeys } from '@/lib/clearing-status';

/** GET /api/ping: the open state, polled every 5 minutes (a passive call: it does not keep a staff session alive). */
export const getPing = (signal?: AbortSignal): Promise<PingResponse> => api.get(apiPaths.ping(), PUBLIC_SCHEMAS.ping, { signal });

type PingOptions = {
  /** State already known from GET /api/admin/status, so the first ping waits a full interval. */
  initialState?: PingResponse['state'];
  initialStateAt?: number;
  intervalMs?: number;
  /** False to hold the ping back (until the status call has settled). */
  enabled?: boolean;
};

export const getPingQueryOptions = ({ initialState, initialStateAt, intervalMs = LIMITS.STATUS_PING_INTERVAL_MS, enabled = true }: PingOptions = {}) =>
  queryOptions({
    queryKey: clearingStatusKeys.ping(),
    queryFn: ({ signal }) => getPing(signal),
    initialData: initialState === undefined ? undefined : { state: initialState },
    initialDataUpdatedAt: initialStateAt,
    staleTime: intervalMs,
    refetchInterval: intervalMs,
    refetchIntervalInBackground: true,
    retry: false,
    enabled,
  });

export const usePing = (options?: PingOptions) => useQuery(getPingQueryOptions(options));
