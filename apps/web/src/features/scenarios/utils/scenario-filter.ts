import { SCENARIO_FILTER_ALL, type ScenarioFilter } from '@clearing-desk/contracts';

export const SCENARIO_FILTER_PARAMS = ['gender', 'dept', 'course'] as const;

/**
 * The filter of spec section 2 from a query string: gender, dept and course, each 'all' when
 * missing or empty. Values are passed on as they are: the route answers 400 for an unknown one,
 * which the screen shows as its error state.
 */
export function scenarioFilterFromSearch(search: URLSearchParams): ScenarioFilter {
  const value = (name: (typeof SCENARIO_FILTER_PARAMS)[number]) => search.get(name)?.trim() || SCENARIO_FILTER_ALL;
  return { gender: value('gender'), dept: value('dept'), course: value('course') } as ScenarioFilter;
}

/** The query parameters of a filter for links: 'all' is the default, so it is left out. */
export function scenarioFilterParams(filter: ScenarioFilter): Partial<Record<(typeof SCENARIO_FILTER_PARAMS)[number], string>> {
  const params: Partial<Record<(typeof SCENARIO_FILTER_PARAMS)[number], string>> = {};
  for (const name of SCENARIO_FILTER_PARAMS) if (filter[name] !== SCENARIO_FILTER_ALL) params[name] = filter[name];
  return params;
}
