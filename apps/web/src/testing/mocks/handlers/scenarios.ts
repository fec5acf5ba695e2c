import {
  API_ROUTES,
  apiBodySchema,
  canViewScenarioProgress,
  expectedScenarioStatuses,
  isExpectedScenarioOutcome,
  LOGIN_MESSAGES,
  NO_SCENARIO_FOUND,
  SCENARIO_FILTER_ALL,
  scenarioCompletionRequestSchema,
  scenarioFilterSchema,
  type ScenarioCompletion,
  type ScenarioNotFoundResponse,
  type ScenarioProgress,
  type ScenarioResponse,
} from '@clearing-desk/contracts';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '../api-url';
import { db } from '../db';

const unauthorised = () => HttpResponse.json({ message: LOGIN_MESSAGES.NOT_LOGGED_IN }, { status: 401 });

/**
 * GET /api/scenario/{gender}/{dept}/{course}/, PUT /api/scenario-completed/ and GET
 * /api/admin/scenario-progress over `db.scenarios`, shaped and checked with the contracts: the
 * next scenario is the first matching one the session user has not completed; none answers 404
 * with 'No scenario found.' and the lists.
 */
export const scenariosHandlers = [
  http.get(apiUrl(API_ROUTES.scenario.path), ({ params }) => {
    if (!db.sessionUser) return unauthorised();
    const filter = scenarioFilterSchema.safeParse(params);
    if (!filter.success) return HttpResponse.json({ message: filter.error.issues[0]?.message ?? 'Bad filter' }, { status: 400 });
    const { gender, dept, course } = filter.data;
    const done = new Set((db.scenarios.completions[db.sessionUser.username] ?? []).map((c) => c.HASH));
    const found = db.scenarios.rows.find(
      (s) =>
        !done.has(s.HASH) &&
        (gender === SCENARIO_FILTER_ALL || s.GENDER === gender) &&
        (dept === SCENARIO_FILTER_ALL || s.DEPT === dept) &&
        (course === SCENARIO_FILTER_ALL || s.UCAS_CODE === course),
    );
    if (!found) return HttpResponse.json<ScenarioNotFoundResponse>({ message: NO_SCENARIO_FOUND, ...db.scenarios.lists }, { status: 404 });
    return HttpResponse.json<ScenarioResponse>({ applicationData: { ...found, ...db.scenarios.lists } });
  }),

  http.put(apiUrl(API_ROUTES.scenarioCompleted.path), async ({ request }) => {
    if (!db.sessionUser) return unauthorised();
    if (db.scenarios.failCompletions > 0) {
      db.scenarios.failCompletions -= 1;
      return HttpResponse.json({ message: 'Internal Server Error' }, { status: 500 });
    }
    const body = apiBodySchema(scenarioCompletionRequestSchema).safeParse(await request.json());
    if (!body.success) return HttpResponse.json({ message: 'Bad request' }, { status: 400 });
    const scenario = db.scenarios.rows.find((s) => s.HASH === body.data.data.applicationHash);
    if (!scenario) return HttpResponse.json({ message: NO_SCENARIO_FOUND }, { status: 404 });
    const status = body.data.data.STATUS ?? null;
    const completion: ScenarioCompletion = {
      SCENARIO_ID: scenario.SCENARIO_ID,
      HASH: scenario.HASH,
      NAME1: scenario.NAME1,
      NAME2: scenario.NAME2,
      UCAS_CODE: scenario.UCAS_CODE,
      COURSE_TITLE: scenario.COURSE_TITLE,
      STATUS: status,
      EXPECTED_STATUSES: expectedScenarioStatuses(scenario),
      EXPECTED_OUTCOME: isExpectedScenarioOutcome(scenario, status),
      completedAt: new Date('2025-08-14T09:30:00Z').toISOString(),
    };
    const username = db.sessionUser.username;
    db.scenarios.completions[username] = [...(db.scenarios.completions[username] ?? []), completion];
    return HttpResponse.json(completion);
  }),

  http.get(apiUrl(API_ROUTES.scenarioProgress.path), () => {
    if (!db.sessionUser) return unauthorised();
    if (!canViewScenarioProgress(db.sessionUser)) return HttpResponse.json({ message: 'Forbidden' }, { status: 403 });
    const body: ScenarioProgress = {
      totalScenarios: db.scenarios.rows.length,
      trainees: Object.entries(db.scenarios.completions).map(([userId, completions]) => ({
        userId,
        name: userId,
        completed: completions.length,
        expectedOutcomes: completions.filter((c) => c.EXPECTED_OUTCOME === true).length,
        completions,
      })),
    };
    return HttpResponse.json(body);
  }),
];
