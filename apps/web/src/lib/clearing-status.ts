import { clearingLabel, type ClearingStatusResponse } from '@clearing-desk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { apiPaths } from '@/config/paths';
import { api, PUBLIC_SCHEMAS } from './api-client';

/**
 * The Clearing status (open or closed), read by the gate and the settings page (both
 * features/clearing-status) and the server rendering: one query family for GET
 * /api/admin/status and GET /api/ping, so the setting an Administrator saves is the state every
 * screen shows. Shared code, because features never import each other.
 */
export const clearingStatusKeys = {
  all: ['clearing-status'] as const,
  status: () => [...clearingStatusKeys.all, 'status'] as const,
  ping: () => [...clearingStatusKeys.all, 'ping'] as const,
};

/** GET /api/admin/status: open state and closing message. */
export const getClearingStatus = (signal?: AbortSignal): Promise<ClearingStatusResponse> =>
  api.get(apiPaths.clearingStatus(), PUBLIC_SCHEMAS.clearingStatus, { signal });

/** The gate's reading, at load: fresh until the ping says otherwise (the ping keeps it current). */
export const getClearingStatusQueryOptions = () =>
  queryOptions({
    queryKey: clearingStatusKeys.status(),
    queryFn: ({ signal }) => getClearingStatus(signal),
    staleTime: Infinity,
    retry: false,
  });

export const useClearingStatus = () => useQuery(getClearingStatusQueryOptions());

const noSubscription = () => () => {};

/**
 * 'Clearing 2025/26' from the stored current cycle (the status answer's `cycle`), for the header,
 * the footer and every page; 'Clearing' until it is known. A pre-rendered page (ADR 0003) is
 * painted with 'Clearing' (the server snapshot below), so while the app takes it over the label
 * stays that, whatever the status query already holds, and the hydration matches; it shows the
 * cycle right after.
 */
export function useClearingLabel(): string {
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  const cycle = useClearingStatus().data?.cycle;
  return clearingLabel(hydrating ? null : cycle);
}
