import { workQueueNextResponseSchema, type WorkQueueNextResponse } from '@clearing-desk/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

/**
 * POST /api/admin/queue/next ('Next call', docs/domain/work-queue.md): the most urgent item of the
 * work queue the user may handle, claimed for them (their own open item first), or `{ item: null }`.
 */
export const takeNextCall = (): Promise<WorkQueueNextResponse> => api.post(apiPaths.deskQueueNext(), {}, workQueueNextResponseSchema);

export const useNextCall = () => useMutation({ mutationFn: takeNextCall });
