import { visaResponseSchema, visaStateResponseSchema, type VisaResponse, type VisaStateData, type VisaStateResponse } from '@clearing-desk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { STAFF_QUERY_META, useUser } from '@/lib/auth';
import { applicationsKeys } from './applications-keys';

/**
 * GET /api/admin/applications/{student}/{course}/visa: the application with its visa state
 * (VISA_STATUS, null when not on the Visa Team's list). 403 without the visa permission on the course.
 */
export const getVisa = (studentId: string, ucasCode: string, signal?: AbortSignal): Promise<VisaResponse> =>
  api.get(apiPaths.deskVisa(studentId, ucasCode), visaResponseSchema, { signal });

/** The visa screen's application (keyed under the application's detail, so a save refreshes both). */
export function useVisa(studentId: string, ucasCode: string) {
  const user = useUser();
  return useQuery({
    queryKey: [...applicationsKeys.detail(user?.username ?? '', studentId, ucasCode), 'visa'],
    queryFn: ({ signal }) => getVisa(studentId, ucasCode, signal),
    meta: STAFF_QUERY_META,
    enabled: user !== null,
  });
}

/**
 * PUT /api/admin/applications/{student}/{course}/visa-state: the Visa Team sets the visa state
 * (stored with a LOG row in one transaction). 400 for a state not among the decision options,
 * 403 without the visa permission on the course.
 */
export const setVisaState = (studentId: string, ucasCode: string, body: VisaStateData): Promise<VisaStateResponse> =>
  api.put(apiPaths.deskVisaState(studentId, ucasCode), body, visaStateResponseSchema);

/** Setting the state refreshes the application and the listings (the Visa status column). */
export function useSetVisaState(studentId: string, ucasCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VisaStateData) => setVisaState(studentId, ucasCode, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: applicationsKeys.details() });
      await queryClient.invalidateQueries({ queryKey: applicationsKeys.lists() });
    },
  });
}
