import { scenarioCompletionSchema, type ScenarioCompletion, type ScenarioCompletionRequest } from '@clearing-desk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { scenariosKeys } from './scenarios-keys';

/**
 * PUT /api/scenario-completed/ with `{ data: { applicationHash, STATUS? }, token }` (spec section
 * 7): records the completion for the signed-in user; STATUS is the one chosen in a training call.
 * @throws ApiError (the screen shows SCENARIO_COMPLETION_FAILED whatever the cause).
 */
export const completeScenario = (request: ScenarioCompletionRequest): Promise<ScenarioCompletion> =>
  api.put(apiPaths.scenarioCompleted(), request, scenarioCompletionSchema);

/**
 * Marks a scenario completed; then the next-scenario answers and the progress are fetched again
 * (not awaited: the screen shows the completed state first, then loads the next scenario).
 */
export const useCompleteScenario = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeScenario,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: scenariosKeys.all });
    },
  });
};
