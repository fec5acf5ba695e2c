import { deskApplicationResponseSchema, parseVersionEtag, type DeskApplicationResponse } from '@clearing-desk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { STAFF_QUERY_META, useUser } from '@/lib/auth';
import { applicationsKeys } from './applications-keys';

/** An application as the edit screen holds it: the GET's answer and the version of its `ETag` (null without one). */
export type LoadedApplication = { data: DeskApplicationResponse; version: number | null };

/**
 * GET /api/admin/applications/{student}/{course} (spec section 7): applicationData (with its LOG),
 * assessment, courseData, access, qualOptions and the clean documents; the version travels as
 * the `ETag` header. 401 without a session, 403 without a role on the course, 404 when unknown.
 */
export async function getDeskApplication(studentId: string, ucasCode: string, signal?: AbortSignal): Promise<LoadedApplication> {
  let etag: string | undefined;
  const data = await api.get(apiPaths.deskApplication(studentId, ucasCode), deskApplicationResponseSchema, {
    signal,
    onHeaders: (headers) => {
      etag = headers.get('ETag') ?? undefined;
    },
  });
  return { data, version: parseVersionEtag(etag) ?? null };
}

export const getDeskApplicationQueryOptions = (viewer: string, studentId: string, ucasCode: string) =>
  queryOptions({
    queryKey: applicationsKeys.detail(viewer, studentId, ucasCode),
    queryFn: ({ signal }) => getDeskApplication(studentId, ucasCode, signal),
    meta: STAFF_QUERY_META,
  });

export const useDeskApplication = (studentId: string, ucasCode: string) => {
  const user = useUser();
  return useQuery({ ...getDeskApplicationQueryOptions(user?.username ?? '', studentId, ucasCode), enabled: user !== null });
};
