import { errorResponseSchema } from '../common/errors';
import {
  scenarioCompletionRequestSchema,
  scenarioCompletionSchema,
  scenarioFilterSchema,
  scenarioProgressSchema,
  scenarioSearchResultSchema,
} from '../scenarios/scenario';
import { endpoint } from './endpoint';

const refusals = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** scenarios-svc (training scenarios), called by the gateway only. */
export const SCENARIOS_SVC = {
  /**
   * The next scenario this user has not completed, or `scenario: null`, always with DEPT_LIST and
   * COURSE_LIST; a department or course that offers no scenario (or an excluded one) is 400.
   */
  next: endpoint({
    method: 'GET',
    path: '/scenarios/:gender/:dept/:course',
    params: scenarioFilterSchema,
    responses: { 200: scenarioSearchResultSchema, ...refusals },
  }),
  /** Records a completion for this user (`applicationHash`, STATUS in training mode). */
  complete: endpoint({
    method: 'PUT',
    path: '/completions',
    body: scenarioCompletionRequestSchema,
    responses: { 200: scenarioCompletionSchema, ...refusals },
  }),
  /** Every trainee's completions (view-report permission). */
  progress: endpoint({ method: 'GET', path: '/progress', responses: { 200: scenarioProgressSchema, ...refusals } }),
} as const;
