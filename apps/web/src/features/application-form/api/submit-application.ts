import { applyResponseSchema, type ApplyResponse, type ApplySubmission } from '@clearing-desk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { applicationFormKeys } from './application-form-keys';
import { submitPublicApplication } from './form-guard';

/**
 * POST /api/apply/{course} with `{ data: form + SUBMISSION_ID (+ STATUS), token }` (spec section 7).
 * 409 with the duplicate text, COURSE_CLOSED or COURSE_SUSPENDED; 400 `{ message }` for bad values.
 */
export const submitApplication = (ucasCode: string, submission: ApplySubmission): Promise<ApplyResponse> =>
  api.post(apiPaths.apply(ucasCode), submission, applyResponseSchema);

/** How a form sends itself: the public POST by default; staff screens pass their own endpoint. */
export type SubmitApplicationFn = (submission: ApplySubmission) => Promise<ApplyResponse>;

/** What the public POST carries to show a person filled the form in (contracts' form-guard.ts). */
export type PublicFormGuard = {
  /** The form-start token obtained when the form opened (useFormStart), when there is one. */
  startToken: string | undefined;
  /** Called with the gateway's message when it asks for a proof of work, as the browser starts on it. */
  onProof: (message: string) => void;
};

/**
 * `meta`: the mutation's meta (a staff save passes SESSION_HANDLED_META: it asks to sign in on a 401 itself).
 * `guard`: the public POST's form-start token and proof-of-work callback (submitPublicApplication).
 */
export function useSubmitApplication(ucasCode: string, submit?: SubmitApplicationFn, meta?: Record<string, unknown>, guard?: PublicFormGuard) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: (submission: ApplySubmission) =>
      submit
        ? submit(submission)
        : guard
          ? submitPublicApplication(ucasCode, submission, guard.startToken, guard.onProof)
          : submitApplication(ucasCode, submission),
    // A stored application makes the next applied check answer "duplicate".
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationFormKeys.applied(ucasCode) }),
  });
}
