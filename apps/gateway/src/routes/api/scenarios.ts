import { API_ENDPOINTS, canUseScenarios, canViewScenarioProgress, LOGIN_MESSAGES, NO_SCENARIO_FOUND, routeOf, SCENARIOS_SVC } from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forwardedRoute } from '../../plugins/app/forwarded-route';

/**
 * Only a signed-in staff user who may practise (any role): 401 without a session, 403 without a
 * role. The answers are per user, so never cached.
 */
const requireTrainee = async (request: FastifyRequest, reply: FastifyReply) => {
  if (!request.staffUser) throw new HttpError(401, LOGIN_MESSAGES.NOT_LOGGED_IN);
  if (!canUseScenarios(request.staffUser)) throw new HttpError(403, LOGIN_MESSAGES.FORBIDDEN);
  void reply.header('cache-control', 'no-store');
};

/** 403 unless the user may see every trainee's progress (view-report). */
const requireProgressViewer = async (request: FastifyRequest) => {
  if (!canViewScenarioProgress(request.staffUser)) throw new HttpError(403, LOGIN_MESSAGES.FORBIDDEN);
};

/**
 * Training scenarios (spec sections 2, 3, 7 and 8), answered by scenarios-svc:
 * - GET /scenario/{gender}/{dept}/{course}/  `{ applicationData }`: the next scenario this user has
 *   not completed, with DEPT_LIST and COURSE_LIST; none left: 404 `{ message: 'No scenario found.',
 *   DEPT_LIST, COURSE_LIST }`; an unknown filter value: 400
 * - PUT /scenario-completed/                 `{ data: { applicationHash, STATUS? }, token }` (XSRF):
 *   records the completion for this user; answers the completion with EXPECTED_OUTCOME
 * - GET /admin/scenario-progress             every trainee's completions (view-report permission)
 * Staff only; the answers are per user, so never cached.
 */
export const scenarioApiRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.route({
    ...routeOf(API_ENDPOINTS.scenario),
    preHandler: requireTrainee,
    handler: async (request, reply) => {
      const { scenario, DEPT_LIST, COURSE_LIST } = await fastify.services.scenarios.send(request, SCENARIOS_SVC.next, { params: request.params });
      if (!scenario) return reply.code(404).send({ message: NO_SCENARIO_FOUND, DEPT_LIST, COURSE_LIST });
      return { applicationData: { ...scenario, DEPT_LIST, COURSE_LIST } };
    },
  });

  fastify.route(forwardedRoute(fastify, API_ENDPOINTS.scenarioCompleted, SCENARIOS_SVC.complete, { preHandler: [fastify.csrfProtection, requireTrainee] }));

  fastify.route(forwardedRoute(fastify, API_ENDPOINTS.scenarioProgress, SCENARIOS_SVC.progress, { preHandler: requireProgressViewer }));
};
