import type { Endpoint } from './endpoint';
import { SCENARIOS_SVC } from './scenarios-svc';

/**
 * Every internal endpoint by service, for code that iterates them (the gateway's generic
 * forwarding, contract tests, docs): `Object.values(SERVICE_ENDPOINTS.scenarios)` is the list of
 * scenarios-svc's endpoints, each with its method and path.
 */
export const SERVICE_ENDPOINTS = {
  scenarios: SCENARIOS_SVC,
} as const satisfies Record<string, Record<string, Endpoint>>;
export type ServiceWithEndpoints = keyof typeof SERVICE_ENDPOINTS;
