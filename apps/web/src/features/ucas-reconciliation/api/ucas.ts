import {
  API_ROUTES,
  basePrefix,
  fillPath,
  ucasImportSchema,
  ucasOverviewSchema,
  type UcasImportRequest,
  type UcasUnmatchedDealtWithRequest,
} from '@clearing-desk/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BASE_URL } from '@/config/base-path';
import { api } from '@/lib/api-client';
import { STAFF_QUERY_META } from '@/lib/auth';

// The URLs live here, not in config/paths.ts: that module is in /apply's first load, this screen is not.
const apiBase = basePrefix(BASE_URL);
const ucasPaths = {
  imports: () => `${apiBase}${fillPath(API_ROUTES.deskUcasImport.path)}`,
  overview: () => `${apiBase}${fillPath(API_ROUTES.deskUcasOverview.path)}`,
  confirmLapse: (applicationId: string) => `${apiBase}${fillPath(API_ROUTES.deskUcasConfirmLapse.path, { applicationId })}`,
  unmatchedDealtWith: (id: number) => `${apiBase}${fillPath(API_ROUTES.deskUcasUnmatchedDealtWith.path, { id: String(id) })}`,
};

/** Query keys of UCAS reconciliation (general to specific). */
export const ucasKeys = {
  all: ['ucas'] as const,
  overview: () => [...ucasKeys.all, 'overview'] as const,
};

/** GET /api/admin/ucas: recent imports, rows not matched, offers lapsing and lapsed. */
export const getUcasOverviewQueryOptions = () =>
  queryOptions({
    queryKey: ucasKeys.overview(),
    queryFn: ({ signal }) => api.get(ucasPaths.overview(), ucasOverviewSchema, { signal }),
    staleTime: 0,
    meta: STAFF_QUERY_META,
  });

export const useUcasOverview = () => useQuery(getUcasOverviewQueryOptions());

/** POST /api/admin/ucas/imports: the import's record with its counts; the lists are read again. */
export const useUcasImport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: UcasImportRequest) => api.post(ucasPaths.imports(), request, ucasImportSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ucasKeys.all }),
  });
};

/** POST /api/admin/ucas/lapsed/{applicationId}: withdraws the lapsed offer as 'lapsed'; answers the lists after it. */
export const useConfirmLapse = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ applicationId, ucasCode }: { applicationId: string; ucasCode: string }) =>
      api.post(ucasPaths.confirmLapse(applicationId), { UCAS_CODE: ucasCode }, ucasOverviewSchema),
    onSuccess: (overview) => queryClient.setQueryData(ucasKeys.overview(), overview),
  });
};

/** POST /api/admin/ucas/unmatched/{id}/dealt-with: marks a row not matched dealt with, with the note; answers the lists after it. */
export const useUnmatchedDealtWith = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...request }: UcasUnmatchedDealtWithRequest & { id: number }) => api.post(ucasPaths.unmatchedDealtWith(id), request, ucasOverviewSchema),
    onSuccess: (overview) => queryClient.setQueryData(ucasKeys.overview(), overview),
  });
};
