import { clearingStatusResponseSchema, type ClearingStatusResponse, type ClearingStatusUpdate } from '@clearing-desk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { clearingStatusKeys } from '@/lib/clearing-status';
import { clearingStatusAuditKeys } from './clearing-status-audit-keys';

/** PUT /api/admin/status: `{ data: { state, closing_message }, token }`; 403 unless Administrator over all courses. */
export const updateClearingStatus = (update: ClearingStatusUpdate): Promise<ClearingStatusResponse> =>
  api.put(apiPaths.clearingStatus(), update, clearingStatusResponseSchema);

type UseUpdateClearingStatusOptions = { onSuccess?: (status: ClearingStatusResponse) => void };

/** Saves the setting: the answer becomes the status every screen reads (the gate too), and the audit is fetched again. */
export const useUpdateClearingStatus = ({ onSuccess }: UseUpdateClearingStatusOptions = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClearingStatus,
    onSuccess: (status) => {
      queryClient.setQueryData(clearingStatusKeys.status(), status);
      void queryClient.invalidateQueries({ queryKey: clearingStatusAuditKeys.audit() });
      onSuccess?.(status);
    },
  });
};
