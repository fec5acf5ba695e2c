import { decisionReviewAcceptedSchema, type DecisionReviewAccepted, type DecisionReviewRequest } from '@clearing-desk/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

/** POST /api/applications/{hash}/review-request: `{ data: { REASON }, token }`; 409 when the decision was not automatic. */
export const requestReview = (hash: string, request: DecisionReviewRequest): Promise<DecisionReviewAccepted> =>
  api.post(apiPaths.decisionReviewRequest(hash), request, decisionReviewAcceptedSchema);

export const useRequestReview = (hash: string) => useMutation({ mutationFn: (request: DecisionReviewRequest) => requestReview(hash, request) });
