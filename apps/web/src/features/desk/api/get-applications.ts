import { applicationListingResponseSchema, type ApplicationListingResponse } from '@clearing-desk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { STAFF_QUERY_META, useUser } from '@/lib/auth';
import type { ApplicationSearchFilters } from '../utils/application-search-params';
import { applicationsKeys } from './applications-keys';

/**
 * GET /api/admin/applications?q=&s=&nationality=&page=&page_size=&sort= (spec section 7): the rows of the courses the
 * user has a role on, and the total. 401 without a session, 400 `{ message }` for bad values.
 */
export const getApplications = (filters: ApplicationSearchFilters, signal?: AbortSignal): Promise<ApplicationListingResponse> =>
  api.get(apiPaths.deskApplications(), applicationListingResponseSchema, {
    params: {
      q: filters.q || undefined,
      s: filters.s || undefined,
      nationality: filters.nationality || undefined,
      page: filters.page,
      page_size: filters.page_size,
      sort: filters.sort,
    },
    signal,
  });

/**
 * No placeholder data on purpose: a new search shows that it is loading and never offers the rows
 * of the previous one.
 */
export const getApplicationsQueryOptions = (viewer: string, filters: ApplicationSearchFilters) =>
  queryOptions({
    queryKey: applicationsKeys.list(viewer, filters),
    queryFn: ({ signal }) => getApplications(filters, signal),
    meta: STAFF_QUERY_META,
  });

export const useApplications = (filters: ApplicationSearchFilters) => {
  const user = useUser();
  return useQuery({ ...getApplicationsQueryOptions(user?.username ?? '', filters), enabled: user !== null });
};
