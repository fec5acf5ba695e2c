import type { CourseDetailResponse, Scenario, ScenarioFilter } from '@clearing-desk/contracts';
import { useOutletContext } from 'react-router-dom';

/** What the training-call wrapper hands its step pages once the scenario and its course have loaded. */
export type ScenarioTrainingContext = {
  scenario: Scenario;
  /** GET /api/admin/courses/{code} of the scenario's course. */
  course: CourseDetailResponse;
  /** The filter that picked the scenario (kept in every link). */
  filter: ScenarioFilter;
  /** The scenario screen with the same filter. */
  scenarioHref: string;
};

export const useScenarioTrainingContext = () => useOutletContext<ScenarioTrainingContext>();
