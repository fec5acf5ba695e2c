import { scenarioProgressSchema, type ScenarioProgress } from '@clearing-desk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { STAFF_QUERY_META } from '@/lib/auth';
import { scenariosKeys } from './scenarios-keys';

/** GET /api/admin/scenario-progress (view-report permission): each trainee's completed scenarios. */
export const getScenarioProgress = (signal?: AbortSignal): Promise<ScenarioProgress> =>
  api.get(apiPaths.scenarioProgress(), scenarioProgressSchema, { signal });

export const getScenarioProgressQueryOptions = () =>
  queryOptions({
    queryKey: scenariosKeys.progress(),
    queryFn: ({ signal }) => getScenarioProgress(signal),
    meta: STAFF_QUERY_META,
  });

export const useScenarioProgress = () => useQuery(getScenarioProgressQueryOptions());
