import type { HttpMethod } from './endpoint';
import { fillPath, type FillPathArgs } from './path';

/**
 * The public API of spec section 7: every route the gateway serves under `${BASE_PATH}api`, by
 * name, with its method and path template (issue 22 item 2). Without zod, so the web's first
 * screen builds its URLs from it (apps/web/src/config/paths.ts, ADR 0003); API_ENDPOINTS
 * (api-endpoints.ts) adds each route's schemas, and the gateway registers each route from there
 * (a gateway test checks both lists are the same); tests address routes with apiPath.
 */
export const API_ROUTES = {
  // Public (spec section 7).
  courseSearch: { method: 'GET', path: '/courses' },
  course: { method: 'GET', path: '/courses/:id' },
  applied: { method: 'GET', path: '/applications/:ucasCode/applied' },
  application: { method: 'GET', path: '/applications/:hash' },
  assess: { method: 'POST', path: '/apply/:course/assess' },
  apply: { method: 'POST', path: '/apply/:course' },
  fileUpload: { method: 'POST', path: '/file/upload' },
  ping: { method: 'GET', path: '/ping' },
  clearingStatus: { method: 'GET', path: '/admin/status' },
  // Staff sign-in (spec section 7; issues 19, 25).
  authOptions: { method: 'GET', path: '/admin/auth/options' },
  authLogin: { method: 'PUT', path: '/admin/auth/ldap' },
  authLogout: { method: 'PUT', path: '/admin/auth/logout' },
  authUser: { method: 'GET', path: '/admin/auth/user' },
  authSession: { method: 'GET', path: '/admin/auth/session' },
  authSessionExtend: { method: 'PUT', path: '/admin/auth/session' },
  authOidcCallback: { method: 'GET', path: '/admin/auth/oidc/callback' },
  signInLockouts: { method: 'GET', path: '/admin/auth/lockouts' },
  liftSignInLockout: { method: 'POST', path: '/admin/auth/lockouts/lift' },
  // Settings, course control and figures (issue 13).
  clearingStatusUpdate: { method: 'PUT', path: '/admin/status' },
  clearingStatusAudit: { method: 'GET', path: '/admin/status/audit' },
  adminCourse: { method: 'GET', path: '/admin/courses/:id' },
  adminCourseUpdate: { method: 'PUT', path: '/admin/courses/:id' },
  adminCourseHistory: { method: 'GET', path: '/admin/courses/:id/history' },
  figures: { method: 'GET', path: '/admin/figures' },
  figuresCsv: { method: 'GET', path: '/admin/figures.csv' },
  // The applications desk (issue 9).
  adminApplications: { method: 'GET', path: '/admin/applications' },
  adminStudents: { method: 'GET', path: '/admin/students' },
  adminApplication: { method: 'GET', path: '/admin/applications/:student/:course' },
  adminApplicationCreate: { method: 'POST', path: '/admin/applications/:student/:course' },
  adminApplicationUpdate: { method: 'PUT', path: '/admin/applications/:student/:course' },
  adminOutboundCall: { method: 'PUT', path: '/admin/applications/:student/:course/outbound-call' },
  adminVisa: { method: 'GET', path: '/admin/applications/:student/:course/visa' },
  adminVisaUpdate: { method: 'PUT', path: '/admin/applications/:student/:course/visa' },
  adminDocument: { method: 'GET', path: '/admin/applications/:student/:course/documents/:fileId' },
  adminEmails: { method: 'GET', path: '/admin/applications/:student/:course/emails' },
  adminEmailResend: { method: 'POST', path: '/admin/applications/:student/:course/emails/:emailId/resend' },
  // Training scenarios (issue 11).
  scenario: { method: 'GET', path: '/scenario/:gender/:dept/:course/' },
  scenarioCompleted: { method: 'PUT', path: '/scenario-completed/' },
  scenarioProgress: { method: 'GET', path: '/admin/scenario-progress' },
  // The OpenAPI document of all of these (issue 14 item 6).
  openapi: { method: 'GET', path: '/openapi.json' },
} as const satisfies Record<string, { method: HttpMethod; path: string }>;
export type ApiRouteName = keyof typeof API_ROUTES;

/**
 * The path of a public route as a client requests it from a gateway served at `/` (tests, tools):
 * '/api' and the route's template filled with `params` (URL-encoded), e.g.
 * apiPath('course', { id: 'G400' }) is '/api/courses/G400'. Add a query string to it as needed.
 */
export function apiPath<N extends ApiRouteName>(name: N, ...params: FillPathArgs<(typeof API_ROUTES)[N]['path']>): string {
  return `/api${fillPath<string>(API_ROUTES[name].path, ...(params as [Record<string, string | number>?]))}`;
}

/** A public route as people write it, method and full path, e.g. 'GET /api/courses/:id' (test titles, logs). */
export function apiRouteLabel(name: ApiRouteName): string {
  return `${API_ROUTES[name].method} /api${API_ROUTES[name].path}`;
}
