import { failedEmailsResponseSchema, resendEmailResponseSchema, type FailedEmailsResponse, type ResendEmailResponse } from '@clearing-desk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { STAFF_QUERY_META } from '@/lib/auth';
import { figuresKeys } from './figures-keys';

/** While a resend from the list is being sent, the list asks again this often (ms): the worker sends within seconds. */
const RESENDING_REFETCH_MS = 5_000;

/**
 * GET /api/admin/figures/failed-emails: the failed decision emails of the user's courses, newest
 * first, each with its application's keys and its newest resend's state. 503 with a message while
 * notifications-svc cannot answer.
 */
export const getFailedEmails = (signal?: AbortSignal): Promise<FailedEmailsResponse> =>
  api.get(apiPaths.figuresFailedEmails(), failedEmailsResponseSchema, { signal });

/** The list; asked again every few seconds while a resend of it is on its way. */
export const useFailedEmails = () =>
  useQuery({
    queryKey: figuresKeys.failedEmails(),
    queryFn: ({ signal }) => getFailedEmails(signal),
    meta: STAFF_QUERY_META,
    refetchInterval: (query) => (query.state.data?.emails.some((e) => e.resent === 'queued') ? RESENDING_REFETCH_MS : false),
  });

/** POST .../emails/{emailId}/resend: the desk's Resend of one email of the application (users who may edit it). */
const resendEmail = (studentId: string, ucasCode: string, emailId: string): Promise<ResendEmailResponse> =>
  api.post(apiPaths.deskEmailResend(studentId, ucasCode, emailId), {}, resendEmailResponseSchema);

/** Resend of one failed email: the desk's Resend (it checks that the user may edit the application); the list is asked again after. */
export function useResendFailedEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: { studentId: string; ucasCode: string; id: string }) => resendEmail(email.studentId, email.ucasCode, email.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: figuresKeys.all });
    },
  });
}
