import {
  erasureResultSchema,
  retentionRunListSchema,
  retentionRunSchema,
  retentionScheduleResponseSchema,
  type ErasureRequest,
  type ErasureResult,
  type RetentionRun,
  type RetentionRunList,
  type RetentionScheduleResponse,
} from '@clearing-desk/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { STAFF_QUERY_META } from '@/lib/auth';

/** Query keys of data protection (general to specific). */
export const dataProtectionKeys = {
  all: ['data-protection'] as const,
  schedule: () => [...dataProtectionKeys.all, 'retention-schedule'] as const,
  runs: () => [...dataProtectionKeys.all, 'retention-runs'] as const,
};

/** GET /api/privacy/retention: the schedule in force with its sentences (public: the privacy notice prints it). */
export const getRetentionSchedule = (signal?: AbortSignal): Promise<RetentionScheduleResponse> =>
  api.get(apiPaths.retentionSchedule(), retentionScheduleResponseSchema, { signal });

export const useRetentionSchedule = () =>
  useQuery(queryOptions({ queryKey: dataProtectionKeys.schedule(), queryFn: ({ signal }) => getRetentionSchedule(signal), staleTime: 5 * 60_000 }));

/** GET /api/admin/retention/runs: the retention job's runs, newest first (Administrators over all courses). */
export const getRetentionRuns = (signal?: AbortSignal): Promise<RetentionRunList> => api.get(apiPaths.deskRetentionRuns(), retentionRunListSchema, { signal });

export const useRetentionRuns = () =>
  useQuery(queryOptions({ queryKey: dataProtectionKeys.runs(), queryFn: ({ signal }) => getRetentionRuns(signal), staleTime: 0, meta: STAFF_QUERY_META }));

/** POST /api/admin/retention/runs: runs the job now; the run it answers goes to the top of the list. */
export const useRunRetention = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<RetentionRun> => api.post(apiPaths.deskRetentionRun(), {}, retentionRunSchema),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: dataProtectionKeys.runs() }),
  });
};

/** POST /api/admin/erasure: `{ data: <request>, token }`; answers what each service removed. */
export const useErasePerson = () =>
  useMutation({ mutationFn: (request: ErasureRequest): Promise<ErasureResult> => api.post(apiPaths.deskErasure(), request, erasureResultSchema) });
