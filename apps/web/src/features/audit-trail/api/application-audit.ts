import { auditListSchema, type AuditList } from '@clearing-desk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { STAFF_QUERY_META } from '@/lib/auth';

/** Query keys of the audit trail (general to specific). */
export const auditKeys = {
  all: ['audit'] as const,
  application: (studentId: string, ucasCode: string) => [...auditKeys.all, 'application', studentId, ucasCode] as const,
};

/** GET /api/admin/applications/{student}/{course}/audit: reads and changes by staff, newest first (Administrators). */
export const getApplicationAudit = (studentId: string, ucasCode: string, signal?: AbortSignal): Promise<AuditList> =>
  api.get(apiPaths.deskApplicationAudit(studentId, ucasCode), auditListSchema, { signal });

export const getApplicationAuditQueryOptions = (studentId: string, ucasCode: string) =>
  queryOptions({
    queryKey: auditKeys.application(studentId, ucasCode),
    queryFn: ({ signal }) => getApplicationAudit(studentId, ucasCode, signal),
    staleTime: 0,
    meta: STAFF_QUERY_META,
  });

export const useApplicationAudit = (studentId: string, ucasCode: string) => useQuery(getApplicationAuditQueryOptions(studentId, ucasCode));
