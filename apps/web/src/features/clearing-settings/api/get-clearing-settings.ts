import { clearingStatusResponseSchema, type ClearingStatusResponse } from '@clearing-desk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { STAFF_QUERY_META } from '@/lib/auth';
import { clearingSettingsKeys } from './clearing-settings-keys';

/** GET /api/admin/status: the current setting, fetched fresh for the form (the gate's copy may be minutes old). */
export const getClearingSettings = (signal?: AbortSignal): Promise<ClearingStatusResponse> =>
  api.get(apiPaths.clearingStatus(), clearingStatusResponseSchema, { signal });

export const getClearingSettingsQueryOptions = () =>
  queryOptions({
    queryKey: clearingSettingsKeys.status(),
    queryFn: ({ signal }) => getClearingSettings(signal),
    staleTime: 0,
    meta: STAFF_QUERY_META,
  });

export const useClearingSettings = () => useQuery(getClearingSettingsQueryOptions());
