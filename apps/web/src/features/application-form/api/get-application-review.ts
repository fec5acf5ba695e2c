import { applicationReviewResponseSchema, type ApplicationReviewResponse } from '@clearing-desk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { applicationFormKeys } from './application-form-keys';

/** GET /api/applications/{hash}: applicationData, assessment, courseData, qualOptions (the review page). */
export const getApplicationReview = (applicationHash: string, signal?: AbortSignal): Promise<ApplicationReviewResponse> =>
  api.get(apiPaths.application(applicationHash), applicationReviewResponseSchema, { signal });

export const getApplicationReviewQueryOptions = (applicationHash: string) =>
  queryOptions({
    queryKey: applicationFormKeys.review(applicationHash),
    queryFn: ({ signal }) => getApplicationReview(applicationHash, signal),
  });

export const useApplicationReview = (applicationHash: string) => useQuery(getApplicationReviewQueryOptions(applicationHash));
