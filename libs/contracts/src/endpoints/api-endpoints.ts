import { z } from 'zod';
import {
  deskApplicationParamsSchema,
  deskApplicationResponseSchema,
  deskDocumentParamsSchema,
  applicationListingQuerySchema,
  applicationListingResponseSchema,
  outboundCallBodySchema,
  outboundCallResponseSchema,
  staffCreateBodySchema,
  staffUpdateBodySchema,
  staffUpdateResponseSchema,
  studentSearchQuerySchema,
  studentSearchResponseSchema,
  visaBodySchema,
  visaStateBodySchema,
  visaStateResponseSchema,
  visaResponseSchema,
  visaUpdateResponseSchema,
} from '../applications/desk';
import { presenceClaimSchema, presenceResponseSchema } from '../applications/presence';
import { workQueueNextResponseSchema } from '../applications/work-queue';
import {
  applyApiBodySchema,
  applyCourseParamsSchema,
  appliedParamsSchema,
  appliedQuerySchema,
  appliedResponseSchema,
  applyResponseSchema,
} from '../applications/application';
import { formProofRequiredSchema, formStartResponseSchema } from '../applications/form-guard';
import { applicationHashParamsSchema } from '../applications/store-application';
import { assessApiBodySchema, assessResponseSchema } from '../assessment/assess-request';
import { liftLoginLockoutSchema, loginLockoutsResponseSchema } from '../auth/lockouts';
import { loginBodySchema, loginOptionsSchema, sessionStateSchema, staffUserResponseSchema } from '../auth/login';
import { apiBodySchema, emptyApiBodySchema } from '../common/api-body';
import {
  ucasImportRequestSchema,
  ucasImportSchema,
  ucasLapseConfirmRequestSchema,
  ucasLapseParamsSchema,
  ucasOverviewSchema,
  ucasUnmatchedDealtWithRequestSchema,
  ucasUnmatchedParamsSchema,
} from '../applications/ucas-reconciliation';
import {
  callbackBookingSchema,
  callbackBookRequestSchema,
  callbackCapacityAnswerSchema,
  callbackCapacitySchema,
  callbackSlotsResponseSchema,
} from '../applications/callbacks';
import { callbackRequestBookedSchema, callbackRequestPageSchema, callbackRequestSchema, callbackTokenParamsSchema } from '../applications/callback-requests';
import { errorResponseSchema } from '../common/errors';
import { courseDetailResponseSchema, courseIdParamsSchema } from '../courses/course';
import { courseSearchQuerySchema, courseSearchResponseSchema } from '../courses/course-search';
import { courseHistoryResponseSchema, courseUpdateBodySchema } from '../course-control/course-update';
import { figuresQuerySchema, figuresResponseSchema } from '../figures/figures';
import { wallboardResponseSchema } from '../figures/wallboard';
import { reconciliationQuerySchema, reconciliationReportSchema } from '../reconciliation/reconciliation';
import { uploadResponseSchema } from '../files/file-routes';
import { adminEmailParamsSchema, emailListResponseSchema, failedEmailsResponseSchema, resendEmailResponseSchema } from '../notifications/email-records';
import { statusPageResponseSchema } from '../notifications/status-page';
import { timestampQuerySchema } from '../common/timestamp-query';
import {
  scenarioCompletionRequestSchema,
  scenarioCompletionSchema,
  scenarioFilterSchema,
  scenarioNotFoundResponseSchema,
  scenarioProgressSchema,
  scenarioResponseSchema,
} from '../scenarios/scenario';
import { cycleResponseSchema, cycleRollRequestSchema } from '../status/recruitment-cycle-schemas';
import { clearingStatusAuditResponseSchema, clearingStatusResponseSchema, clearingStatusUpdateSchema, pingResponseSchema } from '../status/clearing-status';
import {
  decisionReviewAcceptedSchema,
  decisionReviewDecisionSchema,
  decisionReviewIdParamsSchema,
  decisionReviewItemSchema,
  decisionReviewListSchema,
  decisionReviewRequestSchema,
} from '../privacy/decision-review';
import { auditExportQuerySchema, auditListSchema } from '../privacy/audit';
import { subjectAccessQuerySchema } from '../privacy/subject-access';
import { erasureRequestSchema, erasureResultSchema } from '../privacy/erasure';
import { retentionRunListSchema, retentionRunSchema, retentionScheduleResponseSchema } from '../privacy/retention';
import {
  eventApiKeyCreateSchema,
  eventApiKeyIdParamsSchema,
  eventApiKeyIssuedSchema,
  eventApiKeyListSchema,
  eventApiKeySchema,
} from '../events/event-api-keys';
import { eventFeedPageSchema, eventFeedQuerySchema } from '../events/event-feed';
import {
  webhookAttemptListSchema,
  webhookEndpointCreateSchema,
  webhookEndpointIdParamsSchema,
  webhookEndpointIssuedSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
} from '../events/webhooks';
import { API_ROUTES, type ApiRouteName } from './api-routes';
import type { Endpoint } from './endpoint';

/** What a public endpoint adds to its API_ROUTES entry: its params, query, body and answers. */
type ApiSchemas = Omit<Endpoint, 'method' | 'path'>;

/** Each API_ROUTES entry with the schemas declared for it. */
type WithSchemas<T extends { readonly [N in ApiRouteName]: ApiSchemas }> = { readonly [N in ApiRouteName]: (typeof API_ROUTES)[N] & T[N] };

/** Adds its schemas to each API_ROUTES entry (every route must have an entry, so none is left undeclared). */
function withSchemas<const T extends { readonly [N in ApiRouteName]: ApiSchemas }>(schemas: T): WithSchemas<T> {
  const names = Object.keys(API_ROUTES) as ApiRouteName[];
  return Object.fromEntries(names.map((name) => [name, { ...API_ROUTES[name], ...schemas[name] }])) as WithSchemas<T>;
}

const e400 = { 400: errorResponseSchema };
const e401 = { 401: errorResponseSchema };
const e403 = { 403: errorResponseSchema };
const e404 = { 404: errorResponseSchema };
const e409 = { 409: errorResponseSchema };
const e429 = { 429: errorResponseSchema };
const e503 = { 503: errorResponseSchema };
/** Refusals of the staff routes that check a permission. */
const refusals = { ...e400, ...e401, ...e403 };
/** Refusals of the applications desk. */
const deskErrors = { ...e400, ...e403, ...e404, ...e409 };
/** Refusals of the public form's writes (assess, apply). */
const formErrors = { ...e400, ...e403, ...e404, ...e409, ...e429 };
/** Refusals of the sign-in routes. */
const signInErrors = { ...e400, ...e401, ...e403, ...e429, ...e503 };
/** Refusals of the decision-email routes (notifications-svc down: 503 with a message). */
const emailErrors = { ...e400, ...e403, ...e404, ...e503 };

/** `_`, the cache-busting timestamp every GET of the web app may carry (common/timestamp-query). */
const query = timestampQuerySchema;

/**
 * The public API of spec section 7 as data: each API_ROUTES entry (method and
 * path, zod-free for the web's first screen) with its params, query, body and answers by status.
 * The gateway registers each route from its entry here (`routeOf`), forwards the one-to-one ones
 * by it and its OpenAPI document is generated from these schemas; contract tests
 * read them. Paths are relative to `${BASE_PATH}api`.
 */
export const API_ENDPOINTS = withSchemas({
  // Public (spec section 7).
  courseSearch: { query: courseSearchQuerySchema, responses: { 200: courseSearchResponseSchema, ...e400 } },
  course: { params: courseIdParamsSchema, query, responses: { 200: courseDetailResponseSchema, ...e401, ...e404 } },
  applied: { params: appliedParamsSchema, query: appliedQuerySchema, responses: { 200: appliedResponseSchema, ...e400, ...e429 } },
  application: { params: applicationHashParamsSchema, query, responses: { 200: statusPageResponseSchema, ...e404, 410: errorResponseSchema } },
  assess: { params: applyCourseParamsSchema, body: assessApiBodySchema, responses: { 200: assessResponseSchema, ...formErrors, ...e401 } },
  apply: { params: applyCourseParamsSchema, body: applyApiBodySchema, responses: { 200: applyResponseSchema, ...formErrors, 428: formProofRequiredSchema } },
  /** The signed token of a public form opened now, sent back with its submission (FORM_START_HEADER). */
  formStart: { query, responses: { 200: formStartResponseSchema } },
  /** Multipart (`document`, `document_type`), streamed to files-svc unparsed: no body schema. */
  fileUpload: {
    responses: { 200: uploadResponseSchema, ...e400, ...e403, 413: errorResponseSchema, 415: errorResponseSchema, 422: errorResponseSchema, ...e429, ...e503 },
  },
  ping: { query, responses: { 200: pingResponseSchema } },
  clearingStatus: { query, responses: { 200: clearingStatusResponseSchema } },
  // Staff sign-in (spec section 7).
  authOptions: { query, responses: { 200: loginOptionsSchema } },
  /** Form-encoded (or JSON) username, password and XSRF token. */
  authLogin: { body: loginBodySchema, responses: { 200: staffUserResponseSchema, ...signInErrors } },
  authLogout: { body: emptyApiBodySchema, responses: { 204: z.null(), ...e403, ...e503 } },
  authUser: { query, responses: { 200: staffUserResponseSchema, ...e401 } },
  authSession: { query, responses: { 200: sessionStateSchema, ...e401 } },
  authSessionExtend: { body: emptyApiBodySchema, responses: { 200: sessionStateSchema, ...e401, ...e403 } },
  /** The provider's redirect back (code, state): answers a redirect, never JSON. */
  authOidcCallback: { responses: {} },
  signInLockouts: { query, responses: { 200: loginLockoutsResponseSchema, ...refusals, ...e503 } },
  liftSignInLockout: { body: apiBodySchema(liftLoginLockoutSchema), responses: { 200: loginLockoutsResponseSchema, ...refusals, ...e503 } },
  // Settings, course control and figures.
  clearingStatusUpdate: { body: apiBodySchema(clearingStatusUpdateSchema), responses: { 200: clearingStatusResponseSchema, ...refusals } },
  clearingStatusAudit: { query, responses: { 200: clearingStatusAuditResponseSchema, ...refusals } },
  recruitmentCycle: { query, responses: { 200: cycleResponseSchema, ...refusals } },
  recruitmentCycleRoll: { body: apiBodySchema(cycleRollRequestSchema), responses: { 200: cycleResponseSchema, ...refusals, ...e409 } },
  deskCourse: { params: courseIdParamsSchema, query, responses: { 200: courseDetailResponseSchema, ...e401, ...e404 } },
  deskCourseUpdate: {
    params: courseIdParamsSchema,
    body: courseUpdateBodySchema,
    responses: { 200: courseDetailResponseSchema, ...refusals, ...e404, ...e409, 412: errorResponseSchema },
  },
  deskCourseHistory: { params: courseIdParamsSchema, query, responses: { 200: courseHistoryResponseSchema, ...e401, ...e403, ...e404 } },
  /** Course control's Close: external vacancies to 0, kept for Reopen (409 already closed). */
  deskCourseClose: { params: courseIdParamsSchema, body: emptyApiBodySchema, responses: { 200: courseDetailResponseSchema, ...refusals, ...e404, ...e409 } },
  /** Course control's Reopen: the external vacancies of before the Close restored (409 not closed that way). */
  deskCourseReopen: { params: courseIdParamsSchema, body: emptyApiBodySchema, responses: { 200: courseDetailResponseSchema, ...refusals, ...e404, ...e409 } },
  figures: { query: figuresQuerySchema, responses: { 200: figuresResponseSchema, ...refusals } },
  /** The same figures as a CSV download. */
  figuresCsv: { query: figuresQuerySchema, responses: { 200: z.string(), ...refusals } },
  /** The failed decision emails of the courses the user may report on, newest first, each with its application's keys (Resend is deskEmailResend). */
  figuresFailedEmails: { query, responses: { 200: failedEmailsResponseSchema, ...refusals, ...e503 } },
  /** The wallboard's desk panels: queue, callbacks, advisers signed in, with their red states (figures wallboard.ts). */
  wallboard: { query, responses: { 200: wallboardResponseSchema, ...refusals } },
  /** The daily reconciliation of a day (`date`, default today): figures, events feed and each webhook endpoint per status (view-report over all courses). */
  reconciliation: { query: reconciliationQuerySchema, responses: { 200: reconciliationReportSchema, ...refusals } },
  /** The wallboard's live updates: server-sent events (text/event-stream), one per decision (figures wallboard.ts). */
  wallboardEvents: { query, responses: { ...refusals } },
  // The applications desk.
  deskApplications: { query: applicationListingQuerySchema, responses: { 200: applicationListingResponseSchema, ...deskErrors } },
  deskStudents: { query: studentSearchQuerySchema, responses: { 200: studentSearchResponseSchema, ...deskErrors } },
  deskApplication: { params: deskApplicationParamsSchema, query, responses: { 200: deskApplicationResponseSchema, ...deskErrors } },
  deskApplicationCreate: { params: deskApplicationParamsSchema, body: staffCreateBodySchema, responses: { 200: applyResponseSchema, ...deskErrors } },
  deskApplicationUpdate: { params: deskApplicationParamsSchema, body: staffUpdateBodySchema, responses: { 200: staffUpdateResponseSchema, ...deskErrors } },
  deskOutboundCall: { params: deskApplicationParamsSchema, body: outboundCallBodySchema, responses: { 200: outboundCallResponseSchema, ...deskErrors } },
  /** Opens, keeps open (the form's heartbeat) or takes over an application: who holds it after. */
  deskPresence: { params: deskApplicationParamsSchema, body: apiBodySchema(presenceClaimSchema), responses: { 200: presenceResponseSchema, ...deskErrors } },
  /** Releases the user's presence on an application (the form closed). */
  deskPresenceRelease: { params: deskApplicationParamsSchema, body: emptyApiBodySchema, responses: { 200: presenceResponseSchema, ...deskErrors } },
  /** 'Next call': the most urgent item of the work queue the user may handle, claimed for them. */
  deskQueueNext: { body: emptyApiBodySchema, responses: { 200: workQueueNextResponseSchema, ...refusals } },
  deskVisa: { params: deskApplicationParamsSchema, query, responses: { 200: visaResponseSchema, ...deskErrors } },
  deskVisaUpdate: { params: deskApplicationParamsSchema, body: visaBodySchema, responses: { 200: visaUpdateResponseSchema, ...deskErrors } },
  /** The Visa Team sets the visa state (one transaction with its LOG row). */
  deskVisaState: { params: deskApplicationParamsSchema, body: visaStateBodySchema, responses: { 200: visaStateResponseSchema, ...deskErrors } },
  /** The stored document itself, as an attachment (binary, not JSON): no 2xx schema. */
  deskDocument: { params: deskDocumentParamsSchema, query, responses: {} },
  deskEmails: { params: deskApplicationParamsSchema, query, responses: { 200: emailListResponseSchema, ...emailErrors } },
  deskEmailResend: { params: adminEmailParamsSchema, responses: { 201: resendEmailResponseSchema, ...emailErrors } },
  // Training scenarios.
  scenario: { params: scenarioFilterSchema, query, responses: { 200: scenarioResponseSchema, ...refusals, 404: scenarioNotFoundResponseSchema } },
  scenarioCompleted: { body: apiBodySchema(scenarioCompletionRequestSchema), responses: { 200: scenarioCompletionSchema, ...refusals, ...e404 } },
  scenarioProgress: { query, responses: { 200: scenarioProgressSchema, ...refusals } },
  // Callbacks the applicant books from the status page (docs/domain/work-queue.md "Callbacks").
  /** Free slots of the next working days and the applicant's booking. */
  callbackSlots: { params: applicationHashParamsSchema, query, responses: { 200: callbackSlotsResponseSchema, ...e404, ...e429 } },
  /** Book or move the call: 409 when the slot has just been taken, 400 when it is not a time offered. */
  callbackBook: {
    params: applicationHashParamsSchema,
    body: apiBodySchema(callbackBookRequestSchema),
    responses: { 200: callbackBookingSchema, ...e400, ...e403, ...e404, ...e409, ...e429 },
  },
  /** Cancel the call: 404 when none is booked. */
  callbackCancel: { params: applicationHashParamsSchema, body: emptyApiBodySchema, responses: { 200: callbackSlotsResponseSchema, ...e403, ...e404, ...e429 } },
  // Calls asked for from the course page by someone who has not applied (the same slots), and their private link.
  /** Free slots of the next working days. */
  callbackFreeSlots: { query, responses: { 200: callbackSlotsResponseSchema, ...e429 } },
  /** Book a call: the caller, the course and a free slot; 400 bad details or not a time offered, 404 unknown course, 409 just taken. */
  callbackRequestBook: {
    body: apiBodySchema(callbackRequestSchema),
    responses: { 201: callbackRequestBookedSchema, ...e400, ...e403, ...e404, ...e409, ...e429 },
  },
  /** The booked call of a private link, with the free slots. */
  callbackRequest: { params: callbackTokenParamsSchema, query, responses: { 200: callbackRequestPageSchema, ...e404, ...e429 } },
  /** Move the call of a private link. */
  callbackRequestMove: {
    params: callbackTokenParamsSchema,
    body: apiBodySchema(callbackBookRequestSchema),
    responses: { 200: callbackBookingSchema, ...e400, ...e403, ...e404, ...e409, ...e429 },
  },
  /** Cancel the call of a private link. */
  callbackRequestCancel: {
    params: callbackTokenParamsSchema,
    body: emptyApiBodySchema,
    responses: { 200: callbackRequestPageSchema, ...e403, ...e404, ...e429 },
  },
  /** Advisers on shift per hour (Administrator, Settings page). */
  deskCallbackCapacity: { query, responses: { 200: callbackCapacityAnswerSchema, ...refusals } },
  deskCallbackCapacityUpdate: { body: apiBodySchema(callbackCapacitySchema), responses: { 200: callbackCapacityAnswerSchema, ...e400, ...refusals } },
  // UCAS reconciliation (docs/domain/ucas-reconciliation.md), Administrators over all courses.
  /** Imports UCAS's CSV export of Clearing choices added: the import's counts; 400 when the file cannot be read (nothing stored). */
  deskUcasImport: { body: apiBodySchema(ucasImportRequestSchema), responses: { 200: ucasImportSchema, ...refusals } },
  /** Recent imports, rows not matched, offers lapsing and lapsed. */
  deskUcasOverview: { query, responses: { 200: ucasOverviewSchema, ...refusals } },
  /** Confirms a lapsed offer in one action: withdrawn with the reason 'lapsed', the place returned, the applicant emailed. */
  deskUcasConfirmLapse: {
    params: ucasLapseParamsSchema,
    body: apiBodySchema(ucasLapseConfirmRequestSchema),
    responses: { 200: ucasOverviewSchema, ...refusals, ...e404 },
  },
  /** Marks a row not matched dealt with, with an optional note (who and when recorded): the lists after it; 404 when the row is not open. */
  deskUcasUnmatchedDealtWith: {
    params: ucasUnmatchedParamsSchema,
    body: apiBodySchema(ucasUnmatchedDealtWithRequestSchema),
    responses: { 200: ucasOverviewSchema, ...refusals, ...e404 },
  },
  // A person's review of an automatic decision.
  /** The applicant asks (by the status page's hash): 409 when the decision was not automatic. */
  decisionReviewRequest: {
    params: applicationHashParamsSchema,
    body: apiBodySchema(decisionReviewRequestSchema),
    responses: { 200: decisionReviewAcceptedSchema, ...e400, ...e403, ...e404, ...e409, 410: errorResponseSchema, ...e429 },
  },
  /** The back office's queue (set-status permission). */
  deskDecisionReviews: { query, responses: { 200: decisionReviewListSchema, ...refusals } },
  /** Records the outcome and emails it to the applicant. */
  deskDecisionReviewOutcome: {
    params: decisionReviewIdParamsSchema,
    body: apiBodySchema(decisionReviewDecisionSchema),
    responses: { 200: decisionReviewItemSchema, ...refusals, ...e404, ...e409 },
  },
  /** An application's audit (Administrators on its course). */
  deskApplicationAudit: { params: deskApplicationParamsSchema, query, responses: { 200: auditListSchema, ...deskErrors, ...e401 } },
  /** The audit trail as CSV: reads, changes, sign-ins and role changes (Administrators over all courses). */
  deskAuditCsv: { query: auditExportQuerySchema, responses: { 200: z.string(), ...refusals } },
  /** The zip itself (binary, not JSON): no 2xx schema. 404 when no one is held under the email or UCAS Personal ID. */
  deskSubjectAccess: { query: subjectAccessQuerySchema, responses: { ...refusals, ...e404 } },
  /** Erases a person from every service (Administrators over all courses); 409 while a retention rule keeps the data (a live offer). Safe to repeat with the same TICKET. */
  deskErasure: { body: apiBodySchema(erasureRequestSchema), responses: { 200: erasureResultSchema, ...refusals, ...e404, ...e409 } },
  /** The retention schedule in force, with the sentences the privacy notice prints (public). */
  retentionSchedule: { query, responses: { 200: retentionScheduleResponseSchema } },
  /** The retention job's runs with their counts, newest first (Administrators over all courses). */
  deskRetentionRuns: { query, responses: { 200: retentionRunListSchema, ...refusals } },
  /** Runs the retention job now (the nightly job's own queue) and answers the run as recorded. */
  deskRetentionRun: { responses: { 200: retentionRunSchema, ...refusals } },
  // Application events for the record system (docs/domain/events.md).
  /** A page of events after a cursor (API key as a bearer token, 401 without a live one; limited per key, 429). */
  events: { query: eventFeedQuerySchema, responses: { 200: eventFeedPageSchema, ...e400 } },
  /** The API keys (Administrators over all courses). */
  adminEventKeys: { query, responses: { 200: eventApiKeyListSchema, ...refusals } },
  /** Issues a key: the secret is in this answer only. */
  adminEventKeyCreate: { body: apiBodySchema(eventApiKeyCreateSchema), responses: { 200: eventApiKeyIssuedSchema, ...refusals } },
  /** Revokes a key at once. */
  adminEventKeyRevoke: { params: eventApiKeyIdParamsSchema, body: emptyApiBodySchema, responses: { 200: eventApiKeySchema, ...refusals, ...e404, ...e409 } },
  /** The webhook endpoints with their backlog (Administrators over all courses). */
  adminWebhooks: { query, responses: { 200: webhookEndpointListSchema, ...refusals } },
  /** Registers an endpoint: the signing secret is in this answer only. */
  adminWebhookCreate: { body: apiBodySchema(webhookEndpointCreateSchema), responses: { 200: webhookEndpointIssuedSchema, ...refusals } },
  /** Resumes a paused endpoint. */
  adminWebhookResume: {
    params: webhookEndpointIdParamsSchema,
    body: emptyApiBodySchema,
    responses: { 200: webhookEndpointSchema, ...refusals, ...e404, ...e409 },
  },
  /** An endpoint's latest delivery attempts. */
  adminWebhookAttempts: { params: webhookEndpointIdParamsSchema, query, responses: { 200: webhookAttemptListSchema, ...refusals, ...e404 } },
  // The OpenAPI document of all of these.
  /** The document itself. */
  openapi: { responses: {} },
});
export type ApiEndpoints = typeof API_ENDPOINTS;
