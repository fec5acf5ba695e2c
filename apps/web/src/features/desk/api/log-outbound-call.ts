import { outboundCallResponseSchema, type OutboundCallData, type OutboundCallResponse } from '@clearing-desk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { applicationsKeys } from './applications-keys';

/**
 * PUT /api/admin/applications/{student}/{course}/outbound-call (spec section 4): stores the call's
 * remark with the current status and sets OUTBOUND_CALL_FLAG to 1; the LOG gets a row. 400 for
 * notes over 250 characters, 403 without a role that may edit the application.
 */
export const logOutboundCall = (studentId: string, ucasCode: string, body: OutboundCallData): Promise<OutboundCallResponse> =>
  api.put(apiPaths.deskOutboundCall(studentId, ucasCode), body, outboundCallResponseSchema);

/** Saving refreshes the application (its LOG shows the call) and the listings ('Outbound call complete'). */
export function useLogOutboundCall(studentId: string, ucasCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OutboundCallData) => logOutboundCall(studentId, ucasCode, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: applicationsKeys.details() });
      await queryClient.invalidateQueries({ queryKey: applicationsKeys.lists() });
    },
  });
}
