import {
  APPLICATION_FIELDS,
  latestAppliedTo,
  studentSearchResponseSchema,
  type StudentSearchQuery,
  type StudentSearchResponse,
  type StudentSearchRow,
} from '@clearing-desk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { STAFF_QUERY_META, useUser } from '@/lib/auth';
import { applicationsKeys } from './applications-keys';
import { getDeskApplication } from './get-application';

/** GET /api/admin/students (spec section 2 student search): rows of ID, NAME1, NAME2, APPLIED_TO. */
export const getStudents = (query: StudentSearchQuery, signal?: AbortSignal): Promise<StudentSearchResponse> =>
  api.get(apiPaths.deskStudents(), studentSearchResponseSchema, { params: { ...query }, signal });

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

/**
 * The form fields of a student's latest application (personal details, qualifications and the
 * yes/no answers; never its documents, which belong to that application), for 'Select' to copy
 * into an application for another course. Only the names when the student has
 * none or the adviser may not open it (403).
 */
export async function getLatestApplicationForm(student: StudentSearchRow): Promise<Record<string, unknown>> {
  const names = { NAME1: student.NAME1, NAME2: student.NAME2 };
  const latest = latestAppliedTo(student);
  if (!latest) return names;
  try {
    const { data } = await getDeskApplication(student.ID, latest);
    const form: Record<string, unknown> = data.applicationData;
    return Object.fromEntries(APPLICATION_FIELDS.filter((field) => form[field.name] !== undefined).map((field) => [field.name, form[field.name]]));
  } catch {
    return names;
  }
}
