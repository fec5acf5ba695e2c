import type { Endpoint } from './endpoint';
import { APPLICATIONS_SVC } from './applications-svc';
import { ASSESSMENT_SVC } from './assessment-svc';
import { COURSES_SVC } from './courses-svc';
import { FILES_SVC } from './files-svc';
import { NOTIFICATIONS_SVC } from './notifications-svc';
import { SCENARIOS_SVC } from './scenarios-svc';

/**
 * Every internal endpoint by service, for code that iterates them (the gateway's generic
 * forwarding, contract tests, docs): `Object.values(SERVICE_ENDPOINTS.scenarios)` is the list of
 * scenarios-svc's endpoints, each with its method and path.
 */
export const SERVICE_ENDPOINTS = {
  applications: APPLICATIONS_SVC,
  assessment: ASSESSMENT_SVC,
  courses: COURSES_SVC,
  files: FILES_SVC,
  notifications: NOTIFICATIONS_SVC,
  scenarios: SCENARIOS_SVC,
} as const satisfies Record<string, Record<string, Endpoint>>;
export type ServiceWithEndpoints = keyof typeof SERVICE_ENDPOINTS;
