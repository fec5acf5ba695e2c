import type { ApplicationSearchFilters } from '../utils/application-search-params';

/**
 * Query keys of the applications desk, general to specific (TkDodo). Every answer is fetched with
 * a staff session and depends on the user's roles, so the username is part of each key (and the
 * queries carry STAFF_QUERY_META: sign-out removes them).
 */
export const applicationsKeys = {
  all: ['applications-desk'] as const,
  lists: () => [...applicationsKeys.all, 'list'] as const,
  list: (viewer: string, filters: ApplicationSearchFilters) => [...applicationsKeys.lists(), viewer, filters] as const,
  details: () => [...applicationsKeys.all, 'detail'] as const,
  detail: (viewer: string, studentId: string, ucasCode: string) => [...applicationsKeys.details(), viewer, studentId, ucasCode] as const,
  /** Under the application's detail key: refreshing the application (a save) refreshes its emails too. */
  emails: (viewer: string, studentId: string, ucasCode: string) => [...applicationsKeys.detail(viewer, studentId, ucasCode), 'emails'] as const,
  students: () => [...applicationsKeys.all, 'students'] as const,
  studentSearch: (viewer: string, query: Record<string, string>) => [...applicationsKeys.students(), viewer, query] as const,
};
