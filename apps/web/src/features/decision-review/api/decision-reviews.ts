import { decisionReviewItemSchema, decisionReviewListSchema, type DecisionReviewDecision, type DecisionReviewList } from '@clearing-desk/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { STAFF_QUERY_META } from '@/lib/auth';

/** Query keys of the review queue (general to specific). */
export const decisionReviewKeys = {
  all: ['decision-reviews'] as const,
  list: () => [...decisionReviewKeys.all, 'list'] as const,
};

/** GET /api/admin/decision-reviews: waiting requests oldest first, then the decided ones. */
export const getDecisionReviews = (signal?: AbortSignal): Promise<DecisionReviewList> =>
  api.get(apiPaths.deskDecisionReviews(), decisionReviewListSchema, { signal });

export const getDecisionReviewsQueryOptions = () =>
  queryOptions({ queryKey: decisionReviewKeys.list(), queryFn: ({ signal }) => getDecisionReviews(signal), staleTime: 0, meta: STAFF_QUERY_META });

export const useDecisionReviews = () => useQuery(getDecisionReviewsQueryOptions());

/** PUT /api/admin/decision-reviews/{id}: records the outcome (emailed to the applicant); the queue is read again. */
export const useRecordReviewOutcome = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: DecisionReviewDecision }) =>
      api.put(apiPaths.deskDecisionReviewOutcome(id), decision, decisionReviewItemSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: decisionReviewKeys.all }),
  });
};
