import type { HttpMethod } from './endpoint';
import { fillPath, type FillPathArgs } from '../common/path';

/**
 * The public API of spec section 7: every route the gateway serves, by name, with its method and
 * its full public path template as the spec writes it, '/api' included (a grep
 * for an endpoint's path finds this one declaration); under a BASE_PATH other than '/' the gateway
 * serves it below that base (basePrefix). Without zod, so the web's first
 * screen builds its URLs from it (apps/web/src/config/paths.ts, ADR 0003); API_ENDPOINTS
 * (api-endpoints.ts) adds each route's schemas, and the gateway registers each route from there
 * (a gateway test checks both lists are the same); tests address routes with apiPath.
 */
export const API_ROUTES = {
  // Public (spec section 7).
  courseSearch: { method: 'GET', path: '/api/courses' },
  course: { method: 'GET', path: '/api/courses/:id' },
  applied: { method: 'GET', path: '/api/applications/:ucasCode/applied' },
  application: { method: 'GET', path: '/api/applications/:hash' },
  assess: { method: 'POST', path: '/api/apply/:course/assess' },
  apply: { method: 'POST', path: '/api/apply/:course' },
  formStart: { method: 'GET', path: '/api/form-start' },
  fileUpload: { method: 'POST', path: '/api/file/upload' },
  ping: { method: 'GET', path: '/api/ping' },
  clearingStatus: { method: 'GET', path: '/api/admin/status' },
  // Staff sign-in (spec section 7).
  authOptions: { method: 'GET', path: '/api/admin/auth/options' },
  authLogin: { method: 'PUT', path: '/api/admin/auth/ldap' },
  authLogout: { method: 'PUT', path: '/api/admin/auth/logout' },
  authUser: { method: 'GET', path: '/api/admin/auth/user' },
  authSession: { method: 'GET', path: '/api/admin/auth/session' },
  authSessionExtend: { method: 'PUT', path: '/api/admin/auth/session' },
  authOidcCallback: { method: 'GET', path: '/api/admin/auth/oidc/callback' },
  signInLockouts: { method: 'GET', path: '/api/admin/auth/lockouts' },
  liftSignInLockout: { method: 'POST', path: '/api/admin/auth/lockouts/lift' },
  // Settings, course control and figures.
  clearingStatusUpdate: { method: 'PUT', path: '/api/admin/status' },
  clearingStatusAudit: { method: 'GET', path: '/api/admin/status/audit' },
  recruitmentCycle: { method: 'GET', path: '/api/admin/cycle' },
  recruitmentCycleRoll: { method: 'POST', path: '/api/admin/cycle/roll' },
  deskCourse: { method: 'GET', path: '/api/admin/courses/:id' },
  deskCourseUpdate: { method: 'PUT', path: '/api/admin/courses/:id' },
  deskCourseHistory: { method: 'GET', path: '/api/admin/courses/:id/history' },
  deskCourseClose: { method: 'POST', path: '/api/admin/courses/:id/close' },
  deskCourseReopen: { method: 'POST', path: '/api/admin/courses/:id/reopen' },
  figures: { method: 'GET', path: '/api/admin/figures' },
  figuresCsv: { method: 'GET', path: '/api/admin/figures.csv' },
  figuresFailedEmails: { method: 'GET', path: '/api/admin/figures/failed-emails' },
  wallboard: { method: 'GET', path: '/api/admin/wallboard' },
  reconciliation: { method: 'GET', path: '/api/admin/reconciliation' },
  wallboardEvents: { method: 'GET', path: '/api/admin/wallboard/events' },
  // The applications desk.
  deskApplications: { method: 'GET', path: '/api/admin/applications' },
  deskStudents: { method: 'GET', path: '/api/admin/students' },
  deskApplication: { method: 'GET', path: '/api/admin/applications/:student/:course' },
  deskApplicationCreate: { method: 'POST', path: '/api/admin/applications/:student/:course' },
  deskApplicationUpdate: { method: 'PUT', path: '/api/admin/applications/:student/:course' },
  deskOutboundCall: { method: 'PUT', path: '/api/admin/applications/:student/:course/outbound-call' },
  deskPresence: { method: 'PUT', path: '/api/admin/applications/:student/:course/presence' },
  deskPresenceRelease: { method: 'DELETE', path: '/api/admin/applications/:student/:course/presence' },
  deskQueueNext: { method: 'POST', path: '/api/admin/queue/next' },
  deskVisa: { method: 'GET', path: '/api/admin/applications/:student/:course/visa' },
  deskVisaUpdate: { method: 'PUT', path: '/api/admin/applications/:student/:course/visa' },
  deskVisaState: { method: 'PUT', path: '/api/admin/applications/:student/:course/visa-state' },
  deskDocument: { method: 'GET', path: '/api/admin/applications/:student/:course/documents/:fileId' },
  deskEmails: { method: 'GET', path: '/api/admin/applications/:student/:course/emails' },
  deskEmailResend: { method: 'POST', path: '/api/admin/applications/:student/:course/emails/:emailId/resend' },
  // Training scenarios.
  scenario: { method: 'GET', path: '/api/scenario/:gender/:dept/:course/' },
  scenarioCompleted: { method: 'PUT', path: '/api/scenario-completed/' },
  scenarioProgress: { method: 'GET', path: '/api/admin/scenario-progress' },
  // Callbacks the applicant books from the status page.
  callbackSlots: { method: 'GET', path: '/api/applications/:hash/callback' },
  callbackBook: { method: 'PUT', path: '/api/applications/:hash/callback' },
  callbackCancel: { method: 'DELETE', path: '/api/applications/:hash/callback' },
  // Calls asked for from the course page by someone who has not applied, and their private link.
  callbackFreeSlots: { method: 'GET', path: '/api/callbacks' },
  callbackRequestBook: { method: 'POST', path: '/api/callbacks' },
  callbackRequest: { method: 'GET', path: '/api/callbacks/:token' },
  callbackRequestMove: { method: 'PUT', path: '/api/callbacks/:token' },
  callbackRequestCancel: { method: 'DELETE', path: '/api/callbacks/:token' },
  deskCallbackCapacity: { method: 'GET', path: '/api/admin/callback-capacity' },
  deskCallbackCapacityUpdate: { method: 'PUT', path: '/api/admin/callback-capacity' },
  // UCAS reconciliation: imports of Clearing choices added, lapsed offers.
  deskUcasImport: { method: 'POST', path: '/api/admin/ucas/imports' },
  deskUcasOverview: { method: 'GET', path: '/api/admin/ucas' },
  deskUcasConfirmLapse: { method: 'POST', path: '/api/admin/ucas/lapsed/:applicationId' },
  deskUcasUnmatchedDealtWith: { method: 'POST', path: '/api/admin/ucas/unmatched/:id/dealt-with' },
  // A person's review of an automatic decision (UK GDPR Article 22 safeguards).
  decisionReviewRequest: { method: 'POST', path: '/api/applications/:hash/review-request' },
  deskDecisionReviews: { method: 'GET', path: '/api/admin/decision-reviews' },
  deskDecisionReviewOutcome: { method: 'PUT', path: '/api/admin/decision-reviews/:id' },
  // The audit trail of staff access.
  deskApplicationAudit: { method: 'GET', path: '/api/admin/applications/:student/:course/audit' },
  deskAuditCsv: { method: 'GET', path: '/api/admin/audit.csv' },
  // Subject access: one person's data from every service, as one zip.
  deskSubjectAccess: { method: 'GET', path: '/api/admin/subject-access.zip' },
  // Erasure on request and the retention schedule with its runs.
  deskErasure: { method: 'POST', path: '/api/admin/erasure' },
  retentionSchedule: { method: 'GET', path: '/api/privacy/retention' },
  deskRetentionRuns: { method: 'GET', path: '/api/admin/retention/runs' },
  deskRetentionRun: { method: 'POST', path: '/api/admin/retention/runs' },
  // Application events for the record system: the feed (API key) and its keys (Administrators).
  events: { method: 'GET', path: '/api/v1/events' },
  adminEventKeys: { method: 'GET', path: '/api/admin/event-keys' },
  adminEventKeyCreate: { method: 'POST', path: '/api/admin/event-keys' },
  adminEventKeyRevoke: { method: 'POST', path: '/api/admin/event-keys/:id/revoke' },
  adminWebhooks: { method: 'GET', path: '/api/admin/webhooks' },
  adminWebhookCreate: { method: 'POST', path: '/api/admin/webhooks' },
  adminWebhookResume: { method: 'POST', path: '/api/admin/webhooks/:id/resume' },
  adminWebhookAttempts: { method: 'GET', path: '/api/admin/webhooks/:id/attempts' },
  // The OpenAPI document of all of these.
  openapi: { method: 'GET', path: '/api/openapi.json' },
} as const satisfies Record<string, { method: HttpMethod; path: string }>;
export type ApiRouteName = keyof typeof API_ROUTES;

/**
 * BASE_PATH (always ending in '/') as the prefix of a full public path: without its trailing
 * slash, so '' for '/' and '/clearing' for '/clearing/'; e.g. `${basePrefix(base)}${apiPath('ping')}`.
 */
export function basePrefix(base: string): string {
  return base.replace(/\/$/, '');
}

/**
 * The path of a public route as a client requests it from a gateway served at `/` (tests, tools):
 * the route's template filled with `params` (URL-encoded), e.g. apiPath('course', { id: 'G400' })
 * is '/api/courses/G400'. Add a query string to it as needed; under another BASE_PATH, prefix basePrefix.
 */
export function apiPath<N extends ApiRouteName>(name: N, ...params: FillPathArgs<(typeof API_ROUTES)[N]['path']>): string {
  return fillPath<string>(API_ROUTES[name].path, ...(params as [Record<string, string | number>?]));
}

/** A public route as people write it, method and full path, e.g. 'GET /api/courses/:id' (test titles, logs). */
export function apiRouteLabel(name: ApiRouteName): string {
  return `${API_ROUTES[name].method} ${API_ROUTES[name].path}`;
}
