import {
  FORM_PROOF_HEADER,
  FORM_START_HEADER,
  formProofRequiredSchema,
  formStartResponseSchema,
  type ApplyResponse,
  type ApplySubmission,
  type FormProofChallenge,
  applyResponseSchema,
} from '@clearing-desk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api, ApiError } from '@/lib/api-client';
import { applicationFormKeys } from './application-form-keys';

/**
 * The public form's start token (contracts' form-guard.ts): fetched once when the form opens and
 * kept for the form's life (never refetched: its age is what the gateway reads), so the
 * submission can show it was filled in by a person. Disabled for staff forms.
 */
export function useFormStart(ucasCode: string, enabled: boolean) {
  return useQuery({
    queryKey: applicationFormKeys.formStart(ucasCode),
    queryFn: async ({ signal }) => (await api.get(apiPaths.formStart(), formStartResponseSchema, { signal })).token,
    enabled,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 2,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/**
 * Solves the gateway's proof-of-work challenge in the browser (altcha-lib with Web Crypto's
 * PBKDF2, loaded only when asked) and answers FORM_PROOF_HEADER's value; throws when it cannot.
 */
async function solveProof(challenge: FormProofChallenge): Promise<string> {
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([import('altcha-lib'), import('altcha-lib/algorithms/web/pbkdf2')]);
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 5 * 60 * 1000 });
  if (!solution) throw new Error('Your browser could not finish its check. Please send the form again.');
  return btoa(JSON.stringify({ challenge, solution }));
}

/**
 * POST /api/apply/{course} as the public form sends it: with the form-start token (when one was
 * obtained) and, when the gateway answers 428 (the connection is over its budget of
 * submissions), again with the solved proof of work. `onProof` is called as the check starts, so
 * the form can say what is happening.
 */
export async function submitPublicApplication(
  ucasCode: string,
  submission: ApplySubmission,
  startToken: string | undefined,
  onProof: (message: string) => void,
): Promise<ApplyResponse> {
  const headers: Record<string, string> = startToken ? { [FORM_START_HEADER]: startToken } : {};
  try {
    return await api.post(apiPaths.apply(ucasCode), submission, applyResponseSchema, { headers });
  } catch (error) {
    const asked = error instanceof ApiError && error.status === 428 ? formProofRequiredSchema.safeParse(error.body) : null;
    if (!asked?.success) throw error;
    onProof(asked.data.message);
    const proof = await solveProof(asked.data.challenge);
    return api.post(apiPaths.apply(ucasCode), submission, applyResponseSchema, { headers: { ...headers, [FORM_PROOF_HEADER]: proof } });
  }
}
