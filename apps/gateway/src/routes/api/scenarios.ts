import {
  API_ROUTES,
  apiBodySchema,
  canUseScenarios,
  canViewScenarioProgress,
  errorResponseSchema,
  LOGIN_MESSAGES,
  NO_SCENARIO_FOUND,
  scenarioCompletionRequestSchema,
  scenarioCompletionSchema,
  scenarioFilterSchema,
  scenarioNotFoundResponseSchema,
  scenarioProgressSchema,
  scenarioResponseSchema,
  SCENARIOS_SVC,
  timestampQuerySchema,
} from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const refusals = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/** The signed-in staff user who may practise (any role): 401 without a session, 403 without a role. */
function trainee(request: FastifyRequest) {
  if (!request.staffUser) throw new HttpError(401, LOGIN_MESSAGES.NOT_LOGGED_IN);
  if (!canUseScenarios(request.staffUser)) throw new HttpError(403, LOGIN_MESSAGES.FORBIDDEN);
  return request.staffUser;
}

/**
 * Training scenarios (issue 11; spec sections 2, 3, 7 and 8), answered by scenarios-svc:
 * - GET /scenario/{gender}/{dept}/{course}/  `{ applicationData }`: the next scenario this user has
 *   not completed, with DEPT_LIST and COURSE_LIST; none left: 404 `{ message: 'No scenario found.',
 *   DEPT_LIST, COURSE_LIST }`; an unknown filter value: 400
 * - PUT /scenario-completed/                 `{ data: { applicationHash, STATUS? }, token }` (XSRF):
 *   records the completion for this user; answers the completion with EXPECTED_OUTCOME
 * - GET /admin/scenario-progress             every trainee's completions (view-report permission)
 * Staff only; the answers are per user, so never cached.
 */
export const scenarioApiRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    API_ROUTES.scenario.path,
    {
      schema: {
        params: scenarioFilterSchema,
        querystring: timestampQuerySchema,
        response: { 200: scenarioResponseSchema, ...refusals, 404: scenarioNotFoundResponseSchema },
      },
    },
    async (request, reply) => {
      trainee(request);
      void reply.header('cache-control', 'no-store');
      const { scenario, DEPT_LIST, COURSE_LIST } = await fastify.services.scenarios.send(request, SCENARIOS_SVC.next, { params: request.params });
      if (!scenario) return reply.code(404).send({ message: NO_SCENARIO_FOUND, DEPT_LIST, COURSE_LIST });
      return { applicationData: { ...scenario, DEPT_LIST, COURSE_LIST } };
    },
  );

  fastify.put(
    API_ROUTES.scenarioCompleted.path,
    {
      preHandler: fastify.csrfProtection,
      schema: { body: apiBodySchema(scenarioCompletionRequestSchema), response: { 200: scenarioCompletionSchema, ...refusals, 404: errorResponseSchema } },
    },
    async (request, reply) => {
      trainee(request);
      void reply.header('cache-control', 'no-store');
      return fastify.services.scenarios.send(request, SCENARIOS_SVC.complete, { body: request.body.data });
    },
  );

  fastify.get(
    API_ROUTES.scenarioProgress.path,
    { schema: { querystring: timestampQuerySchema, response: { 200: scenarioProgressSchema, ...refusals } } },
    async (request) => {
      if (!canViewScenarioProgress(request.staffUser)) throw new HttpError(403, LOGIN_MESSAGES.FORBIDDEN);
      return fastify.services.scenarios.send(request, SCENARIOS_SVC.progress);
    },
  );
};
