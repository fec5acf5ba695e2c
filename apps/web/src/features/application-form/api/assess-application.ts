import { assessResponseSchema, type AssessForm, type Assessment } from '@clearing-desk/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { SESSION_HANDLED_META, STAFF_QUERY_META } from '@/lib/auth';
import { applicationFormKeys } from './application-form-keys';

/**
 * POST /api/apply/{course}/assess with `{ data: toAssessForm(form), token }` (spec section 7):
 * the assessment (points, traffic light, submit buttons). 400 for bad items, 409
 * COURSE_CLOSED / COURSE_SUSPENDED.
 */
export const assessApplication = async (ucasCode: string, form: AssessForm, signal?: AbortSignal): Promise<Assessment> =>
  (await api.post(apiPaths.assess(ucasCode), form, assessResponseSchema, { signal })).result;

/**
 * The assessment query of `form`. A staff form passes its `viewer` (the signed-in username, or
 * null while there is no session): the assessment is then that user's (their buttons), asked
 * again after a sign-in (STAFF_QUERY_META), and its 401 is the form's own to handle (it keeps its
 * buttons while the session is renewed: useFormAssessment).
 */
export const getAssessmentQueryOptions = (ucasCode: string, form: AssessForm, viewer?: string | null) =>
  queryOptions({
    queryKey: viewer === undefined ? applicationFormKeys.assessment(ucasCode, form) : [...applicationFormKeys.assessment(ucasCode, form), { viewer }],
    meta: viewer === undefined ? undefined : { ...STAFF_QUERY_META, ...SESSION_HANDLED_META },
    queryFn: ({ signal }) => assessApplication(ucasCode, form, signal),
    // The same answers give the same assessment while the form is open.
    staleTime: Infinity,
    retry: false,
    placeholderData: keepPreviousData,
  });

/** The assessment of `form`, or nothing while `form` is null (not assessable yet); `viewer` as getAssessmentQueryOptions. */
export const useAssessment = (ucasCode: string, form: AssessForm | null, viewer?: string | null) =>
  useQuery({ ...getAssessmentQueryOptions(ucasCode, form ?? ({} as AssessForm), viewer), enabled: form !== null });
