import { cycleResponseSchema, type CycleResponse, type CycleRollRequest } from '@clearing-desk/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { STAFF_QUERY_META } from '@/lib/auth';
import { clearingStatusKeys } from '@/lib/clearing-status';

/** Query keys of the settings page's recruitment cycle (GET /api/admin/cycle). */
export const recruitmentCycleKeys = {
  all: ['recruitment-cycle'] as const,
  cycle: () => [...recruitmentCycleKeys.all, 'cycle'] as const,
};

/** GET /api/admin/cycle: the current cycle, the next one a roll makes, and the rolls so far (Administrators only). */
export const getRecruitmentCycle = (signal?: AbortSignal): Promise<CycleResponse> => api.get(apiPaths.recruitmentCycle(), cycleResponseSchema, { signal });

export const useRecruitmentCycle = () =>
  useQuery(
    queryOptions({ queryKey: recruitmentCycleKeys.cycle(), queryFn: ({ signal }) => getRecruitmentCycle(signal), staleTime: 0, meta: STAFF_QUERY_META }),
  );

/** POST /api/admin/cycle/roll `{ data: { FROM }, token }`: 409 when FROM is no longer the current cycle. */
export const rollRecruitmentCycle = (request: CycleRollRequest): Promise<CycleResponse> =>
  api.post(apiPaths.recruitmentCycleRoll(), request, cycleResponseSchema);

/** Rolls the cycle: the answer is the cycle the page shows, and the Clearing status (its cycle, open or closed) is read again by every screen. */
export const useRollRecruitmentCycle = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rollRecruitmentCycle,
    onSuccess: (answer) => {
      queryClient.setQueryData(recruitmentCycleKeys.cycle(), answer);
      void queryClient.invalidateQueries({ queryKey: clearingStatusKeys.all });
    },
  });
};
