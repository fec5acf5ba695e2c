import { emailListResponseSchema, resendEmailResponseSchema, type EmailListResponse, type ResendEmailResponse } from '@clearing-desk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { STAFF_QUERY_META, useUser } from '@/lib/auth';
import { applicationsKeys } from './applications-keys';

/** While an email waits, the History asks again this often (ms): the worker sends within seconds. */
const WAITING_REFETCH_MS = 5_000;
/** With no email yet, it asks again this many times (a decision's email is relayed within a second or two of the save). */
const EMPTY_REFETCHES = 12;

/**
 * GET /api/admin/applications/{student}/{course}/emails: the application's decision
 * emails as notifications-svc recorded them (what, to whom, queued, sent or failed and why).
 * 503 with a message when notifications-svc cannot answer.
 */
export const getApplicationEmails = (studentId: string, ucasCode: string, signal?: AbortSignal): Promise<EmailListResponse> =>
  api.get(apiPaths.deskEmails(studentId, ucasCode), emailListResponseSchema, { signal });

/** The History's emails; asked again every few seconds while one is still queued, or for a minute while there is none yet. */
export function useApplicationEmails(studentId: string, ucasCode: string) {
  const user = useUser();
  return useQuery({
    queryKey: applicationsKeys.emails(user?.username ?? '', studentId, ucasCode),
    queryFn: ({ signal }) => getApplicationEmails(studentId, ucasCode, signal),
    meta: STAFF_QUERY_META,
    enabled: user !== null,
    refetchInterval: (query) => {
      const emails = query.state.data?.emails;
      if (!emails) return false;
      if (emails.some((e) => e.state === 'queued')) return WAITING_REFETCH_MS;
      return emails.length === 0 && query.state.dataUpdateCount <= EMPTY_REFETCHES ? WAITING_REFETCH_MS : false;
    },
  });
}

/** POST .../emails/{emailId}/resend: the same email again, to the application's current address (users who may edit it). */
export const resendApplicationEmail = (studentId: string, ucasCode: string, emailId: string): Promise<ResendEmailResponse> =>
  api.post(apiPaths.deskEmailResend(studentId, ucasCode, emailId), {}, resendEmailResponseSchema);

/** Resending refreshes the emails (the new one, queued) and the application (its LOG names who resent). */
export function useResendApplicationEmail(studentId: string, ucasCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (emailId: string) => resendApplicationEmail(studentId, ucasCode, emailId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: applicationsKeys.details() });
    },
  });
}
