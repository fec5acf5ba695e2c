import { clearingStatusAuditResponseSchema, type ClearingStatusAuditResponse } from '@clearing-desk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { STAFF_QUERY_META } from '@/lib/auth';
import { clearingStatusAuditKeys } from './clearing-status-audit-keys';

/** GET /api/admin/status/audit: the latest changes of the setting, newest first (Administrators only). */
export const getClearingAudit = (signal?: AbortSignal): Promise<ClearingStatusAuditResponse> =>
  api.get(apiPaths.clearingStatusAudit(), clearingStatusAuditResponseSchema, { signal });

export const getClearingAuditQueryOptions = () =>
  queryOptions({
    queryKey: clearingStatusAuditKeys.audit(),
    queryFn: ({ signal }) => getClearingAudit(signal),
    staleTime: 0,
    meta: STAFF_QUERY_META,
  });

export const useClearingAudit = () => useQuery(getClearingAuditQueryOptions());
