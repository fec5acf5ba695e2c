import { assessResponseSchema, type AssessForm, type Assessment } from '@clearing-desk/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { applicationFormKeys } from './application-form-keys';

/**
 * POST /api/apply/{course}/assess with `{ data: toAssessForm(form), token }` (spec section 7):
 * the assessment (points, traffic light, submit buttons). 400 for bad items, 409
 * COURSE_CLOSED / COURSE_SUSPENDED.
 */
export const assessApplication = async (ucasCode: string, form: AssessForm, signal?: AbortSignal): Promise<Assessment> =>
  (await api.post(apiPaths.assess(ucasCode), form, assessResponseSchema, { signal })).result;

export const getAssessmentQueryOptions = (ucasCode: string, form: AssessForm) =>
  queryOptions({
    queryKey: applicationFormKeys.assessment(ucasCode, form),
    queryFn: ({ signal }) => assessApplication(ucasCode, form, signal),
    // The same answers give the same assessment while the form is open.
    staleTime: Infinity,
    retry: false,
    placeholderData: keepPreviousData,
  });

/** The assessment of `form`, or nothing while `form` is null (not assessable yet). */
export const useAssessment = (ucasCode: string, form: AssessForm | null) =>
  useQuery({ ...getAssessmentQueryOptions(ucasCode, form ?? ({} as AssessForm)), enabled: form !== null });
