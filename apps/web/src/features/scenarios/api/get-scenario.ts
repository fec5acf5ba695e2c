import { scenarioNotFoundResponseSchema, scenarioResponseSchema, type Scenario, type ScenarioFilter, type ScenarioLists } from '@clearing-desk/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { ApiError, api } from '@/lib/api-client';
import { STAFF_QUERY_META, useUser } from '@/lib/auth';
import { scenariosKeys } from './scenarios-keys';

/**
 * The next scenario for a filter: the scenario (null when none is left, spec section 8 'No
 * scenario found.') and the filter lists DEPT_LIST / COURSE_LIST (null when a 404 came without them).
 */
export type NextScenario = { scenario: Scenario | null; lists: ScenarioLists | null };

/**
 * GET /api/scenario/{gender}/{dept}/{course}/ (spec section 7): one scenario matching the filter
 * that the signed-in user has not completed yet, with DEPT_LIST and COURSE_LIST. A 404 (nothing
 * left) is an answer, not an error: it carries the lists so the filters stay usable.
 * @throws ApiError for anything else (400 for an unknown filter value, 401 without a session).
 */
export async function getNextScenario(filter: ScenarioFilter, signal?: AbortSignal): Promise<NextScenario> {
  try {
    const { applicationData } = await api.get(apiPaths.scenario(filter.gender, filter.dept, filter.course), scenarioResponseSchema, { signal });
    const { DEPT_LIST, COURSE_LIST, ...scenario } = applicationData;
    return { scenario, lists: { DEPT_LIST, COURSE_LIST } };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    const parsed = scenarioNotFoundResponseSchema.safeParse(error.body);
    return { scenario: null, lists: parsed.success ? { DEPT_LIST: parsed.data.DEPT_LIST, COURSE_LIST: parsed.data.COURSE_LIST } : null };
  }
}

/**
 * Kept until a completion invalidates it, so the scenario screen and its training call show the
 * same scenario. While another filter loads, the previous answer stays as placeholder (its lists
 * keep the filters filled); the screen shows the loading state meanwhile.
 */
export const getNextScenarioQueryOptions = (filter: ScenarioFilter, viewer: string | null) =>
  queryOptions({
    queryKey: scenariosKeys.next(filter, viewer),
    queryFn: ({ signal }) => getNextScenario(filter, signal),
    staleTime: Infinity,
    placeholderData: keepPreviousData,
    meta: STAFF_QUERY_META,
  });

export const useNextScenario = (filter: ScenarioFilter) => {
  const user = useUser();
  return useQuery(getNextScenarioQueryOptions(filter, user?.username ?? null));
};
