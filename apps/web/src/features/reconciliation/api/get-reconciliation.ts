import { reconciliationReportSchema, type ReconciliationReport } from '@clearing-desk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { STAFF_QUERY_META } from '@/lib/auth';

/** Query keys of the reconciliation screen (general to specific). */
export const reconciliationKeys = {
  all: ['reconciliation'] as const,
  day: (date: string) => [...reconciliationKeys.all, { date }] as const,
};

/** GET /api/admin/reconciliation?date=…: the day's report (figures, events feed, each webhook endpoint per status). */
export const getReconciliation = (date: string, signal?: AbortSignal): Promise<ReconciliationReport> =>
  api.get(apiPaths.reconciliation(), reconciliationReportSchema, { params: { date }, signal });

export const getReconciliationQueryOptions = (date: string) =>
  queryOptions({ queryKey: reconciliationKeys.day(date), queryFn: ({ signal }) => getReconciliation(date, signal), staleTime: 0, meta: STAFF_QUERY_META });

export const useReconciliation = (date: string) => useQuery(getReconciliationQueryOptions(date));
