import { studentSearchResponseSchema, type StudentSearchQuery, type StudentSearchResponse } from '@clearing-desk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { STAFF_QUERY_META, useUser } from '@/lib/auth';
import { applicationsKeys } from './applications-keys';

/** GET /api/admin/students (spec section 2 student search): rows of ID, NAME1, NAME2, APPLIED_TO. */
export const getStudents = (query: StudentSearchQuery, signal?: AbortSignal): Promise<StudentSearchResponse> =>
  api.get(apiPaths.adminStudents(), studentSearchResponseSchema, { params: { ...query }, signal });

export const getStudentsQueryOptions = (viewer: string, query: StudentSearchQuery) =>
  queryOptions({
    queryKey: applicationsKeys.studentSearch(viewer, Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v ?? '')]))),
    queryFn: ({ signal }) => getStudents(query, signal),
    meta: STAFF_QUERY_META,
  });

/** The students matching `query`; nothing while it is null (no search made yet). */
export const useStudents = (query: StudentSearchQuery | null) => {
  const user = useUser();
  return useQuery({ ...getStudentsQueryOptions(user?.username ?? '', query ?? ({} as StudentSearchQuery)), enabled: user !== null && query !== null });
};
