import {
  canUseScenarios,
  canViewScenarioProgress,
  errorResponseSchema,
  LOGIN_MESSAGES,
  NO_SCENARIO_FOUND,
  SCENARIO_FILTER_ALL,
  SCENARIO_FILTER_MESSAGES,
  scenarioCompletionRequestSchema,
  scenarioCompletionSchema,
  scenarioFilterSchema,
  scenarioProgressSchema,
  scenarioSearchResultSchema,
  type StaffUser,
} from '@clearing-desk/contracts';
import { HttpError, staffUserFromRequest } from '@clearing-desk/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** The user the gateway forwarded: 401 without one, 403 without any role (checked here too, not only at the gateway). */
function trainee(request: FastifyRequest): StaffUser {
  const user = staffUserFromRequest(request);
  if (!user) throw new HttpError(401, LOGIN_MESSAGES.NOT_LOGGED_IN);
  if (!canUseScenarios(user)) throw new HttpError(403, LOGIN_MESSAGES.FORBIDDEN);
  return user;
}

/**
 * Training scenarios (issue 11), called by the gateway only:
 * - GET /scenarios/:gender/:dept/:course  the next scenario this user has not completed, or
 *   `scenario: null`, always with DEPT_LIST and COURSE_LIST; a department or course that offers no
 *   scenario (or an excluded department) is 400
 * - PUT /completions                      `{ applicationHash, STATUS? }`: records completion for this user
 * - GET /progress                         every trainee's completions (view-report permission)
 */
export const scenarioRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const repo = fastify.scenariosRepository;

  fastify.get(
    '/scenarios/:gender/:dept/:course',
    { schema: { params: scenarioFilterSchema, response: { 200: scenarioSearchResultSchema, ...errors } } },
    async (request) => {
      const user = trainee(request);
      const filter = request.params;
      const lists = await repo.lists(filter.dept);
      if (filter.dept !== SCENARIO_FILTER_ALL && !lists.DEPT_LIST.DEPARTMENTS.some((d) => d.DEPT_ID === filter.dept)) {
        throw new HttpError(400, SCENARIO_FILTER_MESSAGES.UNKNOWN_DEPT);
      }
      if (filter.course !== SCENARIO_FILTER_ALL && !lists.COURSE_LIST.COURSES.some((c) => c.UCAS_CODE === filter.course)) {
        throw new HttpError(400, SCENARIO_FILTER_MESSAGES.UNKNOWN_COURSE);
      }
      return { scenario: await repo.next(filter, user.username), ...lists };
    },
  );

  fastify.put(
    '/completions',
    { schema: { body: scenarioCompletionRequestSchema, response: { 200: scenarioCompletionSchema, ...errors } } },
    async (request) => {
      const user = trainee(request);
      const scenario = await repo.byHash(request.body.applicationHash);
      if (!scenario) throw new HttpError(404, NO_SCENARIO_FOUND);
      const completion = await repo.complete(user, scenario, request.body.STATUS);
      request.log.info({ username: user.username, scenario: scenario.SCENARIO_ID, status: completion.STATUS }, 'scenario completed');
      return completion;
    },
  );

  fastify.get('/progress', { schema: { response: { 200: scenarioProgressSchema, ...errors } } }, async (request) => {
    const user = staffUserFromRequest(request);
    if (!user) throw new HttpError(401, LOGIN_MESSAGES.NOT_LOGGED_IN);
    if (!canViewScenarioProgress(user)) throw new HttpError(403, LOGIN_MESSAGES.FORBIDDEN);
    return repo.progress();
  });
};
