import { API_ROUTES, applicationEventSchema, basePrefix, IDEMPOTENCY_KEY_HEADER, XSRF_COOKIE, XSRF_HEADER, type ApiRouteName } from '@clearing-desk/contracts';
import { z } from 'zod';
import { SESSION_COOKIE } from '../app/staff-session';

/** The parts of an OpenAPI 3.1 operation this module reads and adds. */
type Operation = {
  summary?: string;
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; [field: string]: unknown }[];
  responses?: Record<string, unknown>;
  [field: string]: unknown;
};
type OpenApiDocument = {
  info: Record<string, unknown>;
  servers?: { url: string; description?: string }[];
  paths?: Record<string, Record<string, Operation>>;
  components?: Record<string, Record<string, unknown>>;
  [field: string]: unknown;
};

/** What each operation does, in a line (Redocly's `operation-summary`); the routes are spec section 7's. */
const SUMMARIES: Record<ApiRouteName, string> = {
  courseSearch: 'Search the courses open in Clearing',
  course: 'One course with its entry requirements and form fields',
  applied: 'Whether a UCAS personal ID has applied to a course',
  application: "An applicant's status page (their review link)",
  assess: 'Assess a form as filled so far (UCAS Tariff, the decision it would get)',
  apply: 'Submit a public application',
  formStart: 'The signed start token of a public form',
  fileUpload: 'Upload a supporting document (multipart, scanned for viruses)',
  ping: 'Whether the gateway answers',
  clearingStatus: 'Whether Clearing is open, and its closing message',
  authOptions: 'The staff sign-in methods offered',
  authLogin: 'Staff sign-in with a directory account',
  authLogout: 'Staff sign-out',
  authUser: 'The signed-in staff user',
  authSession: "The staff session's remaining time",
  authSessionExtend: 'Extend the staff session',
  authOidcCallback: "The single sign-on provider's redirect back",
  signInLockouts: 'Sign-in lockouts in force',
  liftSignInLockout: 'Lift a sign-in lockout',
  clearingStatusUpdate: 'Open or close Clearing',
  clearingStatusAudit: 'Who opened or closed Clearing, and when',
  recruitmentCycle: 'The current recruitment cycle, the next one and the rolls so far',
  recruitmentCycleRoll: 'Roll to the next recruitment cycle',
  deskCourse: 'One course for staff',
  deskCourseUpdate: "Change a course's Clearing settings",
  deskCourseHistory: "A course's change history",
  deskCourseClose: 'Close a course to new applications (its external vacancies kept for reopening)',
  deskCourseReopen: 'Reopen a course closed with Close, restoring its external vacancies',
  figures: 'Application figures by course',
  figuresCsv: 'Application figures by course, as CSV',
  figuresFailedEmails: 'Failed decision emails of the courses in the figures',
  wallboard: "The wallboard's desk panels: queue, callbacks, advisers signed in, red states",
  reconciliation: 'The daily reconciliation: figures, events feed and webhook deliveries per status',
  wallboardEvents: 'Live wallboard updates (server-sent events)',
  deskApplications: 'List applications (the applications desk)',
  deskStudents: 'Search students',
  deskApplication: 'One application for staff',
  deskApplicationCreate: 'Take an application by phone',
  deskApplicationUpdate: 'Edit an application or set its decision',
  deskOutboundCall: "Set an application's outbound call flag",
  deskPresence: 'Open, keep open or take over an application (desk presence)',
  deskPresenceRelease: "Release the user's presence on an application",
  deskQueueNext: "Take the adviser's next call from the work queue",
  deskVisa: "An application's visa details",
  deskVisaUpdate: "Change an application's visa details",
  deskVisaState: "Set an application's visa state (Visa Team)",
  deskDocument: 'Download an uploaded document',
  deskEmails: "An application's decision emails",
  deskEmailResend: 'Send a decision email again',
  scenario: 'A training scenario',
  scenarioCompleted: 'Record a completed training scenario',
  scenarioProgress: "Advisers' training progress",
  callbackSlots: "Free times for a call and the applicant's booked call",
  callbackBook: 'Book or move a call from the Clearing team',
  callbackCancel: 'Cancel a booked call',
  callbackFreeSlots: 'Free times for a call, for someone who has not applied',
  callbackRequestBook: 'Book a call from the Clearing team without an application',
  callbackRequest: 'A call booked without an application, by its private link',
  callbackRequestMove: 'Move a call booked without an application',
  callbackRequestCancel: 'Cancel a call booked without an application',
  deskCallbackCapacity: 'Advisers on shift per hour for booked calls',
  deskCallbackCapacityUpdate: 'Set advisers on shift per hour for booked calls',
  deskUcasImport: "Import UCAS's CSV export of Clearing choices added",
  deskUcasOverview: 'UCAS imports, rows not matched, offers lapsing and lapsed',
  deskUcasConfirmLapse: 'Confirm a lapsed offer: withdrawn as lapsed, its place returned',
  deskUcasUnmatchedDealtWith: 'Mark a UCAS row not matched dealt with, with a note',
  decisionReviewRequest: 'Ask for a person to review an automatic decision',
  deskDecisionReviews: 'Requests to review automatic decisions',
  deskDecisionReviewOutcome: "Record a review's outcome and email it",
  deskApplicationAudit: "An application's audit trail",
  deskAuditCsv: 'The audit trail, as CSV',
  deskSubjectAccess: "A person's stored data, as a zip (subject access)",
  deskErasure: 'Erase a person from every service (erasure on request)',
  retentionSchedule: 'The retention schedule in force (printed in the privacy notice)',
  deskRetentionRuns: "The retention job's runs with their counts",
  deskRetentionRun: 'Run the retention job now',
  events: 'Application events for the record system, after a cursor',
  adminEventKeys: "The events feed's API keys",
  adminEventKeyCreate: 'Issue an API key for the events feed (its secret is shown once)',
  adminEventKeyRevoke: 'Revoke an API key of the events feed',
  adminWebhooks: 'The webhook endpoints of application events, with their backlog',
  adminWebhookCreate: 'Register a webhook endpoint (its signing secret is shown once)',
  adminWebhookResume: 'Resume a paused webhook endpoint',
  adminWebhookAttempts: "A webhook endpoint's latest delivery attempts",
  openapi: 'This document',
};

/** Routes a client calls with an API key (Authorization: Bearer), not a session (routes/api/events.ts). */
const API_KEY_ROUTES: ReadonlySet<ApiRouteName> = new Set(['events']);

/** Routes under /api/admin (or training) that answer without a staff session. */
const PUBLIC_STAFF_ROUTES: ReadonlySet<ApiRouteName> = new Set(['clearingStatus', 'authOptions', 'authLogin', 'authOidcCallback']);
/** Routes that take an `Idempotency-Key` (submit/context.ts settleSubmissionId). */
const IDEMPOTENT_ROUTES: ReadonlySet<ApiRouteName> = new Set(['apply', 'deskApplicationCreate']);

/**
 * The 200 of a route whose answer is a file, not JSON: its contract declares no 2xx schema (the
 * reply is not serialised through one), so the document says what the file is here.
 */
const BINARY_ANSWERS: Partial<Record<ApiRouteName, Record<string, unknown>>> = {
  wallboardEvents: {
    200: {
      description:
        'A stream of server-sent events: `event: figures` with a JSON `data` line per decision (the course, its new status, when) or change on the desk (`type: desk`), and keep-alive comments',
      content: { 'text/event-stream': { schema: { type: 'string' } } },
    },
  },
  deskSubjectAccess: {
    200: {
      description: "The person's stored data: a zip with index.txt and one JSON file per table",
      content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
    },
  },
};

const needsSession = (name: ApiRouteName) => !PUBLIC_STAFF_ROUTES.has(name) && /^\/api\/(admin|scenario)/.test(API_ROUTES[name].path) && name !== 'openapi';
const isWrite = (name: ApiRouteName) => API_ROUTES[name].method !== 'GET';

const ERROR_SCHEMA = { $ref: '#/components/schemas/ErrorResponse' };
const error = (description: string) => ({ description, content: { 'application/json': { schema: ERROR_SCHEMA } } });

/**
 * The standard refusals every operation can meet, beside those its contract declares: 401/403 of
 * the staff session and role, 403 of the XSRF check on writes, 429 of the rate limits and the 5xx
 * of an error or an unreachable service (error-handler.ts: always `{ message }`).
 */
function standardResponses(name: ApiRouteName): Record<string, unknown> {
  const retryAfter = { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 0 } } };
  if (API_KEY_ROUTES.has(name)) {
    return {
      401: {
        ...error('No API key, or one unknown or revoked.'),
        headers: { 'WWW-Authenticate': { description: 'Bearer: send the key as `Authorization: Bearer <key>`.', schema: { type: 'string' } } },
      },
      429: { ...error('Too many calls with this API key: wait the seconds in Retry-After.'), headers: retryAfter },
      500: error('An unexpected error; the message never carries its details.'),
      503: error('A service or store this route needs cannot be reached; try again shortly.'),
    };
  }
  return {
    ...(needsSession(name) ? { 401: error('No staff session, or it has expired: sign in again.') } : {}),
    ...(needsSession(name) || isWrite(name)
      ? { 403: error(needsSession(name) ? 'The staff role may not do this, or the XSRF token is missing or wrong.' : 'The XSRF token is missing or wrong.') }
      : {}),
    429: {
      ...error('Too many requests from this address or account: wait the seconds in Retry-After.'),
      headers: retryAfter,
    },
    500: error('An unexpected error; the message never carries its details.'),
    503: error('A service or store this route needs cannot be reached; try again shortly.'),
  };
}

/**
 * The webhook a registered endpoint receives (OpenAPI 3.1 `webhooks`): one application event per
 * POST, signed per Standard Webhooks (routes/api/events.ts; docs/domain/events.md "Webhooks").
 */
function applicationEventWebhook(): Record<string, unknown> {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(applicationEventSchema, { target: 'draft-2020-12' }) as Record<string, unknown>;
  const header = (name: string, description: string) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } });
  return {
    post: {
      operationId: 'applicationEventWebhook',
      summary: 'An application event, posted to a registered endpoint',
      description:
        'Posted to each endpoint an Administrator registered for its type, at least once and in order; retried with backoff until a 2xx, the endpoint paused after too many failures in a row. Verify the signature with the endpoint’s secret (the standardwebhooks library), and ignore a webhook-id already handled.',
      security: [],
      parameters: [
        header('webhook-id', 'The event’s id: the same on every attempt.'),
        header('webhook-timestamp', 'When this attempt was signed, in seconds since 1970.'),
        header('webhook-signature', '`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` with the endpoint’s secret.'),
      ],
      requestBody: { required: true, content: { 'application/json': { schema } } },
      responses: {
        204: { description: 'Taken: any 2xx counts as delivered.' },
        400: { description: 'Refused (e.g. the signature did not verify): tried again later, like any answer but a 2xx.' },
      },
    },
  };
}

/**
 * Completes @fastify/swagger's document of the contracts (their routes and payloads untouched) to
 * what an integrator and Redocly's recommended rules expect: the server (BASE_PATH), a licence,
 * the cookie and XSRF security schemes with each operation's requirement (public reads none;
 * public writes the XSRF pair; staff routes the session cookie, and the XSRF pair on writes),
 * an operationId (the API_ROUTES name) and summary each, the `Idempotency-Key` header of the
 * submissions, the standard refusals (standardResponses) where the contract has none, and the
 * application event webhook a record system's endpoint receives.
 * Returns a new document; an operation not in API_ROUTES keeps what it had.
 */
export function completeOpenApiDocument(document: OpenApiDocument, basePath: string): OpenApiDocument {
  const paths: Record<string, Record<string, Operation>> = structuredClone(document.paths ?? {});
  for (const name of Object.keys(API_ROUTES) as ApiRouteName[]) {
    const { method, path } = API_ROUTES[name];
    const docPath = `${basePrefix(basePath)}${path}`.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const operation = paths[docPath]?.[method.toLowerCase()];
    if (!operation) continue;
    operation.operationId = name;
    operation.summary ??= SUMMARIES[name];
    const xsrf = { xsrfCookie: [], xsrfToken: [] };
    operation.security = API_KEY_ROUTES.has(name)
      ? [{ eventsApiKey: [] }]
      : needsSession(name)
        ? [{ staffSession: [], ...(isWrite(name) ? xsrf : {}) }]
        : isWrite(name)
          ? [xsrf]
          : [];
    if (IDEMPOTENT_ROUTES.has(name)) {
      operation.parameters = [
        ...(operation.parameters ?? []).filter((p) => !(p.in === 'header' && p.name.toLowerCase() === IDEMPOTENCY_KEY_HEADER)),
        {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'Any 1-255 visible ASCII characters (a UUID is best), the same on every retry of one submission: a retry answers the stored application instead of a duplicate. Must agree with the body’s SUBMISSION_ID when both are sent.',
          schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
        },
      ];
    }
    operation.responses = { ...standardResponses(name), ...(BINARY_ANSWERS[name] ?? {}), ...(operation.responses ?? {}) };
  }
  return {
    ...document,
    info: { ...document.info, license: { name: 'Proprietary: the university’s own terms', identifier: 'LicenseRef-Proprietary' } },
    servers: [{ url: basePath, description: 'This gateway (its BASE_PATH)' }],
    paths,
    webhooks: { applicationEvent: applicationEventWebhook() },
    components: {
      ...document.components,
      schemas: {
        ...document.components?.schemas,
        ErrorResponse: { type: 'object', required: ['message'], properties: { message: { type: 'string' } }, additionalProperties: true },
      },
      securitySchemes: {
        eventsApiKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An API key of the events feed (`<key id>.<secret>`), issued by an Administrator on the Settings page and shown once; scoped to event types; limited per key (429 with Retry-After).',
        },
        staffSession: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The staff session, set by a sign-in (PUT /api/admin/auth/ldap or single sign-on); httpOnly, Secure, SameSite=Strict.',
        },
        xsrfCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: '_csrf',
          description: 'The httpOnly XSRF secret, set with XSRF-TOKEN by any GET of the API; renewed at sign-in and sign-out.',
        },
        xsrfToken: {
          type: 'apiKey',
          in: 'header',
          name: XSRF_HEADER,
          description: `The value of the readable ${XSRF_COOKIE} cookie, sent back in this header or as the \`token\` of a \`{ data, token }\` body (double submit).`,
        },
      },
    },
  };
}
