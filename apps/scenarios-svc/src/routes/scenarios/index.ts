import {
  canUseScenarios,
  canViewScenarioProgress,
  LOGIN_MESSAGES,
  NO_SCENARIO_FOUND,
  routeOf,
  SCENARIO_FILTER_ALL,
  SCENARIO_FILTER_MESSAGES,
  SCENARIOS_SVC,
  type StaffUser,
} from '@clearing-desk/contracts';
import { HttpError, staffUserFromRequest } from '@clearing-desk/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The user the gateway forwarded: 401 without one, 403 without any role (checked here too, not only at the gateway). */
function trainee(request: FastifyRequest): StaffUser {
  const user = staffUserFromRequest(request);
  if (!user) throw new HttpError(401, LOGIN_MESSAGES.NOT_LOGGED_IN);
  if (!canUseScenarios(user)) throw new HttpError(403, LOGIN_MESSAGES.FORBIDDEN);
  return user;
}

/** Training scenarios, called by the gateway only: the endpoints of contracts' SCENARIOS_SVC. */
export const scenarioRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const repo = fastify.scenariosRepository;

  fastify.route({
    ...routeOf(SCENARIOS_SVC.next),
    handler: async (request) => {
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
  });

  fastify.route({
    ...routeOf(SCENARIOS_SVC.complete),
    handler: async (request) => {
      const user = trainee(request);
      const scenario = await repo.byHash(request.body.applicationHash);
      if (!scenario) throw new HttpError(404, NO_SCENARIO_FOUND);
      const completion = await repo.complete(user, scenario, request.body.STATUS);
      request.log.info({ username: user.username, scenario: scenario.SCENARIO_ID, status: completion.STATUS }, 'scenario completed');
      return completion;
    },
  });

  fastify.route({
    ...routeOf(SCENARIOS_SVC.progress),
    handler: async (request) => {
      const user = staffUserFromRequest(request);
      if (!user) throw new HttpError(401, LOGIN_MESSAGES.NOT_LOGGED_IN);
      if (!canViewScenarioProgress(user)) throw new HttpError(403, LOGIN_MESSAGES.FORBIDDEN);
      return repo.progress();
    },
  });
};
