import { statusPageResponseSchema, type StatusPageResponse } from '@clearing-desk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { applicationStatusKeys } from './application-status-keys';

/**
 * GET /api/applications/{hash}: the application (spec section 7's review answer) with its current
 * decision, for the applicant's status page. 404 unknown; 410 once the intake's cycle has ended.
 */
export const getApplicationStatus = (applicationHash: string, signal?: AbortSignal): Promise<StatusPageResponse> =>
  api.get(apiPaths.application(applicationHash), statusPageResponseSchema, { signal });

export const getApplicationStatusQueryOptions = (applicationHash: string) =>
  queryOptions({
    queryKey: applicationStatusKeys.detail(applicationHash),
    queryFn: ({ signal }) => getApplicationStatus(applicationHash, signal),
  });

export const useApplicationStatus = (applicationHash: string) => useQuery(getApplicationStatusQueryOptions(applicationHash));
