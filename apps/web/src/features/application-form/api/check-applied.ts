import { appliedResponseSchema, type AppliedResponse } from '@clearing-desk/contracts';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiPaths } from '@/config/paths';
import { api, ApiError } from '@/lib/api-client';
import { applicationFormKeys } from './application-form-keys';

export type AppliedParams = { email?: string; ucas_personal_id?: string };

/** GET /api/applications/{ucasCode}/applied?email=&ucas_personal_id=: rows non-empty = already applied. */
export const getApplied = (ucasCode: string, params: AppliedParams, signal?: AbortSignal): Promise<AppliedResponse> =>
  api.get(apiPaths.applied(ucasCode), appliedResponseSchema, { params, signal });

export const getAppliedQueryOptions = (ucasCode: string, params: AppliedParams) =>
  queryOptions({
    queryKey: applicationFormKeys.appliedCheck(ucasCode, params),
    queryFn: ({ signal }) => getApplied(ucasCode, params, signal),
    staleTime: 0,
    retry: false,
  });

/** What the applied check found: applied, not applied, or not checked (the check was rate limited: 429). */
export type AppliedCheck = 'applied' | 'not-applied' | 'not-checked';

/**
 * The duplicate check of spec section 4 as a function. No parameters, no call ('not-applied'); a
 * 429 (the public limits) is 'not-checked', which the form says only at submit;
 * another failure (DUPLICATE_APPLICATION_CHECK_FAILED) counts as not a duplicate: the server
 * refuses a real duplicate on submit anyway.
 */
export function useCheckApplied(ucasCode: string) {
  const queryClient = useQueryClient();
  return useCallback(
    async (params: AppliedParams): Promise<AppliedCheck> => {
      if (!params.email && !params.ucas_personal_id) return 'not-applied';
      try {
        const { rows } = await queryClient.fetchQuery(getAppliedQueryOptions(ucasCode, params));
        return rows.length > 0 ? 'applied' : 'not-applied';
      } catch (error) {
        return error instanceof ApiError && error.status === 429 ? 'not-checked' : 'not-applied';
      }
    },
    [queryClient, ucasCode],
  );
}
