import { z } from 'zod';
import {
  eventApiKeyCreateSchema,
  eventApiKeyIdParamsSchema,
  eventApiKeyIssuedSchema,
  eventApiKeyListSchema,
  eventApiKeySchema,
  eventApiKeyVerifiedSchema,
  eventApiKeyVerifySchema,
} from '../events/event-api-keys';
import { eventFeedPageSchema, internalEventFeedQuerySchema } from '../events/event-feed';
import {
  webhookAttemptListSchema,
  webhookEndpointCreateSchema,
  webhookEndpointIdParamsSchema,
  webhookEndpointIssuedSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
} from '../events/webhooks';
import {
  deskApplicationParamsSchema,
  applicationListingQuerySchema,
  applicationListingResponseSchema,
  logEntryBodySchema,
  outboundCallDataSchema,
  outboundCallResponseSchema,
  staffStoredApplicationSchema,
  staffUpdateResponseSchema,
  storeUpdateRequestSchema,
  studentSearchQuerySchema,
  studentSearchResponseSchema,
  visaDataSchema,
  visaUpdateResponseSchema,
  visaStateDataSchema,
  visaStateResponseSchema,
} from '../applications/desk';
import { presenceClaimSchema, presenceResponseSchema } from '../applications/presence';
import { workQueueNextResponseSchema } from '../applications/work-queue';
import {
  ucasImportRequestSchema,
  ucasImportSchema,
  ucasLapseConfirmSchema,
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
import {
  callbackRequestBookedSchema,
  callbackRequestPageSchema,
  callbackTokenParamsSchema,
  storeCallbackRequestSchema,
} from '../applications/callback-requests';
import { appliedResponseSchema, applyResponseSchema } from '../applications/application';
import {
  applicationHashParamsSchema,
  appliedLookupQuerySchema,
  submitFactsRequestSchema,
  submitFactsResponseSchema,
  storeApplicationRequestSchema,
  storedApplicationResponseSchema,
  submissionIdParamsSchema,
  submissionStoredResponseSchema,
} from '../applications/store-application';
import { errorResponseSchema } from '../common/errors';
import { figuresCountRequestSchema, figuresCountResponseSchema } from '../figures/figures';
import { wallboardDeskQuerySchema, wallboardDeskSchema } from '../figures/wallboard';
import { reconciliationQuerySchema, reconciliationReportSchema } from '../reconciliation/reconciliation';
import { placesBackfillResultSchema, placesBackfillSchema, placesLedgerSchema } from '../rules/places-schemas';
import { clearingStatusAuditResponseSchema, clearingStatusResponseSchema, clearingStatusUpdateSchema } from '../status/clearing-status';
import { cycleResponseSchema, cycleRollRequestSchema } from '../status/recruitment-cycle-schemas';
import {
  decisionReviewAcceptedSchema,
  decisionReviewDecisionSchema,
  decisionReviewIdParamsSchema,
  decisionReviewItemSchema,
  decisionReviewListSchema,
  decisionReviewRequestSchema,
} from '../privacy/decision-review';
import { auditExportQuerySchema, auditListSchema, deskReadQuerySchema, staffAuditEventSchema } from '../privacy/audit';
import { applicationsSubjectAccessSchema, subjectAccessQuerySchema } from '../privacy/subject-access';
import { applicationsErasureSchema, erasureRequestSchema } from '../privacy/erasure';
import { retentionPartSchema, retentionRunListSchema, retentionRunRecordSchema, retentionRunRequestSchema, retentionRunSchema } from '../privacy/retention';
import { endpoint } from './endpoint';

const e400 = { 400: errorResponseSchema };
const e403 = { 403: errorResponseSchema };
const e404 = { 404: errorResponseSchema };
const e409 = { 409: errorResponseSchema };

/**
 * applications-svc, called by the gateway only. Permissions are checked here too (never only in
 * the gateway): the user comes from the forwarded header, the role from the SCHOOL/DEPT stored on
 * the row or sent with the course.
 */
export const APPLICATIONS_SVC = {
  // Public applications (spec section 7).
  /** Duplicate check: this applicant's applications to the course (none asked without email or UCAS Personal ID). */
  applied: endpoint({ method: 'GET', path: '/applications/applied', query: appliedLookupQuerySchema, responses: { 200: appliedResponseSchema, ...e400 } }),
  /**
   * Stores a decided submission (public, or a staff create with `staff`): 201 the record, 200 the
   * stored record of a replayed SUBMISSION_ID; 409 duplicate, reused key or no place left.
   */
  store: endpoint({
    method: 'POST',
    path: '/applications',
    body: storeApplicationRequestSchema,
    responses: { 200: applyResponseSchema, 201: applyResponseSchema, ...e400, ...e403, ...e404, 409: errorResponseSchema },
  }),
  /** What a public submit reads before it is assessed, in one call: Clearing setting, replayed key, duplicate and places left (holds nothing). */
  submitFacts: endpoint({
    method: 'POST',
    path: '/applications/submit-facts',
    body: submitFactsRequestSchema,
    responses: { 200: submitFactsResponseSchema, ...e400 },
  }),
  /** Whether a SUBMISSION_ID is stored. */
  submission: endpoint({
    method: 'GET',
    path: '/applications/submissions/:id',
    params: submissionIdParamsSchema,
    responses: { 200: submissionStoredResponseSchema, ...e400 },
  }),
  /** The applicant's status page by hash: 404 unknown, 410 once its intake's cycle has ended. */
  byHash: endpoint({
    method: 'GET',
    path: '/applications/by-hash/:hash',
    params: applicationHashParamsSchema,
    responses: { 200: storedApplicationResponseSchema, ...e404, 410: errorResponseSchema },
  }),

  // The applications desk.
  /** The listing, in the user's scopes. */
  deskList: endpoint({
    method: 'GET',
    path: '/desk/applications',
    query: applicationListingQuerySchema,
    responses: { 200: applicationListingResponseSchema, ...e400, ...e403 },
  }),
  /** Student search, in the user's scopes. */
  deskStudents: endpoint({
    method: 'GET',
    path: '/desk/students',
    query: studentSearchQuerySchema,
    responses: { 200: studentSearchResponseSchema, ...e400, ...e403 },
  }),
  /** One stored application as staff see it. */
  deskApplication: endpoint({
    method: 'GET',
    path: '/desk/applications/:student/:course',
    params: deskApplicationParamsSchema,
    /** `screen`: a staff member opened it on that screen (recorded in the audit trail). */
    query: deskReadQuerySchema,
    responses: { 200: staffStoredApplicationSchema, ...e403, ...e404 },
  }),
  /** The application's audit (reads and changes by staff, newest first): Administrators on its course. */
  deskAudit: endpoint({
    method: 'GET',
    path: '/desk/applications/:student/:course/audit',
    params: deskApplicationParamsSchema,
    responses: { 200: auditListSchema, ...e403, ...e404 },
  }),
  /** Records a sign-in, sign-out or change of roles (the gateway's). */
  auditEvent: endpoint({ method: 'POST', path: '/audit/events', body: staffAuditEventSchema, responses: { 200: z.object({ ok: z.literal(true) }), ...e400 } }),
  /** Everything held about a person (subject access; Administrators over all courses): 404 when no one. */
  subjectAccess: endpoint({
    method: 'GET',
    path: '/subject-access',
    query: subjectAccessQuerySchema,
    responses: { 200: applicationsSubjectAccessSchema, ...e400, ...e403, ...e404 },
  }),
  /**
   * Erases a person (Administrators over all courses): anonymises their students and applications
   * rows with the History, reviews and outbox payloads, records the erasure in the audit trail, and
   * answers the keys the other services hold them under. 404 when no one; 409 while an offer is live.
   * A TICKET already erased answers its keys again (the gateway's retry).
   */
  erasure: endpoint({
    method: 'POST',
    path: '/erasure',
    body: erasureRequestSchema,
    responses: { 200: applicationsErasureSchema, ...e400, ...e403, ...e404, 409: errorResponseSchema },
  }),
  /** This service's part of the retention job (applications by outcome and cycle, outbox payloads, staff reads). */
  retention: endpoint({ method: 'POST', path: '/retention/run', body: retentionRunRequestSchema, responses: { 200: retentionPartSchema, ...e400 } }),
  /** Records a run of the retention job with every service's counts. */
  retentionRecord: endpoint({ method: 'POST', path: '/retention/runs', body: retentionRunRecordSchema, responses: { 200: retentionRunSchema, ...e400 } }),
  /** The runs, newest first (the last 50). */
  retentionRuns: endpoint({ method: 'GET', path: '/retention/runs', responses: { 200: retentionRunListSchema } }),
  /** The whole audit trail, oldest first (Administrators over all courses). */
  auditExport: endpoint({ method: 'GET', path: '/audit', query: auditExportQuerySchema, responses: { 200: auditListSchema, ...e400, ...e403 } }),
  /** A staff update (409 on a stale version, a duplicate, no place left, or another adviser holding it: presence). */
  deskUpdate: endpoint({
    method: 'PUT',
    path: '/desk/applications/:student/:course',
    params: deskApplicationParamsSchema,
    body: storeUpdateRequestSchema,
    responses: { 200: staffUpdateResponseSchema, ...e400, ...e403, ...e404, 409: errorResponseSchema },
  }),
  /** Logs an outbound call (409 while another adviser holds the application). */
  deskOutboundCall: endpoint({
    method: 'PUT',
    path: '/desk/applications/:student/:course/outbound-call',
    params: deskApplicationParamsSchema,
    body: outboundCallDataSchema,
    responses: { 200: outboundCallResponseSchema, ...e400, ...e403, ...e404, 409: errorResponseSchema },
  }),
  /** Saves the visa screen. */
  deskVisa: endpoint({
    method: 'PUT',
    path: '/desk/applications/:student/:course/visa',
    params: deskApplicationParamsSchema,
    body: visaDataSchema,
    responses: { 200: visaUpdateResponseSchema, ...e400, ...e403, ...e404 },
  }),
  /** Opens (or keeps open, or takes over) an application for the forwarded user: its presence after the claim. */
  deskPresence: endpoint({
    method: 'PUT',
    path: '/desk/applications/:student/:course/presence',
    params: deskApplicationParamsSchema,
    body: presenceClaimSchema,
    responses: { 200: presenceResponseSchema, ...e400, ...e403, ...e404 },
  }),
  /** Releases the forwarded user's presence on an application (the form closed). */
  deskPresenceRelease: endpoint({
    method: 'DELETE',
    path: '/desk/applications/:student/:course/presence',
    params: deskApplicationParamsSchema,
    responses: { 200: presenceResponseSchema, ...e403, ...e404 },
  }),
  /** The forwarded user's next call from the work queue, claimed for them (their open one first); `{ item: null }` when none waits. */
  deskQueueNext: endpoint({
    method: 'POST',
    path: '/desk/queue/next',
    responses: { 200: workQueueNextResponseSchema, ...e403 },
  }),
  /** Sets the visa state (Visa Team), with its LOG row, in one transaction. */
  deskVisaState: endpoint({
    method: 'PUT',
    path: '/desk/applications/:student/:course/visa-state',
    params: deskApplicationParamsSchema,
    body: visaStateDataSchema,
    responses: { 200: visaStateResponseSchema, ...e400, ...e403, ...e404 },
  }),
  /** Adds a line to the application's log; answers the application's version. */
  deskLog: endpoint({
    method: 'POST',
    path: '/desk/applications/:student/:course/log',
    params: deskApplicationParamsSchema,
    body: logEntryBodySchema,
    responses: { 200: z.object({ version: z.number().int() }), ...e400, ...e403, ...e404 },
  }),

  // The Clearing open/closed setting (read by the gateway's /api/admin/status and /api/ping).
  status: endpoint({ method: 'GET', path: '/status', responses: { 200: clearingStatusResponseSchema } }),
  /** Opens or closes Clearing (Administrators). */
  statusUpdate: endpoint({
    method: 'PUT',
    path: '/status',
    body: clearingStatusUpdateSchema,
    responses: { 200: clearingStatusResponseSchema, ...e400, ...e403 },
  }),
  /** Who changed the setting, when. */
  statusAudit: endpoint({ method: 'GET', path: '/status/audit', responses: { 200: clearingStatusAuditResponseSchema, ...e403 } }),

  // The recruitment cycle (domain.md "Recruitment cycles").
  /** The current cycle, the next one a roll would make and the rolls so far (Administrators). */
  cycle: endpoint({ method: 'GET', path: '/cycle', responses: { 200: cycleResponseSchema, ...e403 } }),
  /** Rolls to the next cycle (Administrators): 409 unless FROM is the current cycle. */
  cycleRoll: endpoint({
    method: 'POST',
    path: '/cycle/roll',
    body: cycleRollRequestSchema,
    responses: { 200: cycleResponseSchema, ...e400, ...e403, ...e409 },
  }),

  // The places ledger (course control's settings reach it as courses-svc's 'course-control' events, not by a call).
  /** The ledgers of a list of courses (the figures screen). */
  placesLedgers: endpoint({
    method: 'POST',
    path: '/places/ledgers',
    body: z.object({ courses: z.array(z.string().min(1).max(32)).max(5000) }),
    responses: { 200: z.object({ rows: z.array(placesLedgerSchema) }), ...e400 },
  }),
  /** The one-off places backfill (the gateway at start-up): creates the ledger of each course named that has none. */
  placesBackfill: endpoint({
    method: 'POST',
    path: '/places/backfill',
    body: placesBackfillSchema,
    responses: { 200: placesBackfillResultSchema, ...e400 },
  }),

  // Callbacks the applicant books from the status page (docs/domain/work-queue.md "Callbacks").
  /** Free slots of the next working days and the applicant's booking: 404 unknown hash. */
  callbackSlots: endpoint({
    method: 'GET',
    path: '/callbacks/by-hash/:hash',
    params: applicationHashParamsSchema,
    responses: { 200: callbackSlotsResponseSchema, ...e404 },
  }),
  /** Book or move the applicant's callback: 409 when the slot is full, 400 when it is not a slot offered. */
  callbackBook: endpoint({
    method: 'PUT',
    path: '/callbacks/by-hash/:hash',
    params: applicationHashParamsSchema,
    body: callbackBookRequestSchema,
    responses: { 200: callbackBookingSchema, ...e400, ...e404, 409: errorResponseSchema },
  }),
  /** Cancel the applicant's callback: 404 when none is booked. */
  callbackCancel: endpoint({
    method: 'DELETE',
    path: '/callbacks/by-hash/:hash',
    params: applicationHashParamsSchema,
    responses: { 200: callbackSlotsResponseSchema, ...e404 },
  }),
  // Calls asked for from the course page by someone who has not applied (the same slots and capacity).
  /** The free slots of the next working days (no booking: the caller has none yet). */
  callbackFree: endpoint({ method: 'GET', path: '/callbacks/free', responses: { 200: callbackSlotsResponseSchema } }),
  /** Books a call for a caller without an application: 201 with the private link's token; 409 when the slot is full, 400 when it is not a slot offered. */
  callbackRequestBook: endpoint({
    method: 'POST',
    path: '/callbacks/requests',
    body: storeCallbackRequestSchema,
    responses: { 201: callbackRequestBookedSchema, ...e400, 409: errorResponseSchema },
  }),
  /** The private page of a caller's booking: the free slots and the booking (null once cancelled or called); 404 unknown token. */
  callbackRequestPage: endpoint({
    method: 'GET',
    path: '/callbacks/requests/:token',
    params: callbackTokenParamsSchema,
    responses: { 200: callbackRequestPageSchema, ...e404 },
  }),
  /** Moves the caller's booking: 409 when the slot is full, 400 when it is not a slot offered, 404 when none is booked. */
  callbackRequestMove: endpoint({
    method: 'PUT',
    path: '/callbacks/requests/:token',
    params: callbackTokenParamsSchema,
    body: callbackBookRequestSchema,
    responses: { 200: callbackBookingSchema, ...e400, ...e404, 409: errorResponseSchema },
  }),
  /** Cancels the caller's booking: 404 when none is booked. */
  callbackRequestCancel: endpoint({
    method: 'DELETE',
    path: '/callbacks/requests/:token',
    params: callbackTokenParamsSchema,
    responses: { 200: callbackRequestPageSchema, ...e404 },
  }),
  /** Advisers on shift per hour, today and the next days (Administrator). */
  callbackCapacity: endpoint({ method: 'GET', path: '/callbacks/capacity', responses: { 200: callbackCapacityAnswerSchema, ...e403 } }),
  /** Set advisers on shift for the hours given (Administrator). */
  callbackCapacityUpdate: endpoint({
    method: 'PUT',
    path: '/callbacks/capacity',
    body: callbackCapacitySchema,
    responses: { 200: callbackCapacityAnswerSchema, ...e400, ...e403 },
  }),

  // UCAS reconciliation (docs/domain/ucas-reconciliation.md), Administrator only.
  /** Imports UCAS's export of Clearing choices added, in one transaction: 400 when the file cannot be read (nothing stored). */
  ucasImport: endpoint({ method: 'POST', path: '/ucas/imports', body: ucasImportRequestSchema, responses: { 200: ucasImportSchema, ...e400, ...e403 } }),
  /** Recent imports, rows not matched, offers lapsing and lapsed. */
  ucasOverview: endpoint({ method: 'GET', path: '/ucas/overview', responses: { 200: ucasOverviewSchema, ...e403 } }),
  /** Confirms a lapsed offer: withdrawn with the reason 'lapsed', its place returned, the applicant emailed; 404 when it is not lapsed. */
  ucasConfirmLapse: endpoint({
    method: 'POST',
    path: '/ucas/lapsed/:applicationId',
    params: ucasLapseParamsSchema,
    body: ucasLapseConfirmSchema,
    responses: { 200: ucasOverviewSchema, ...e400, ...e403, ...e404 },
  }),
  /** Marks a row not matched dealt with (who, when, the note) in one transaction: the lists after it; 404 when the row is not open. */
  ucasUnmatchedDealtWith: endpoint({
    method: 'POST',
    path: '/ucas/unmatched/:id/dealt-with',
    params: ucasUnmatchedParamsSchema,
    body: ucasUnmatchedDealtWithRequestSchema,
    responses: { 200: ucasOverviewSchema, ...e400, ...e403, ...e404 },
  }),

  // A person's review of an automatic decision.
  /** The applicant's request by hash: 404 unknown, 409 not automatic, 410 past its cycle; a repeat answers the open request. */
  reviewRequest: endpoint({
    method: 'POST',
    path: '/decision-reviews/by-hash/:hash',
    params: applicationHashParamsSchema,
    body: decisionReviewRequestSchema,
    responses: { 200: decisionReviewAcceptedSchema, ...e400, ...e404, 409: errorResponseSchema, 410: errorResponseSchema },
  }),
  /** The queue, in the user's scopes (set-status permission). */
  reviewList: endpoint({ method: 'GET', path: '/decision-reviews', responses: { 200: decisionReviewListSchema, ...e403 } }),
  /** A review's outcome: recorded on the application's LOG and emailed through the outbox. */
  reviewOutcome: endpoint({
    method: 'PUT',
    path: '/decision-reviews/:id',
    params: decisionReviewIdParamsSchema,
    body: decisionReviewDecisionSchema,
    responses: { 200: decisionReviewItemSchema, ...e400, ...e403, ...e404, 409: errorResponseSchema },
  }),

  // Application events for the record system (docs/domain/events.md).
  /** A page of the feed after a cursor, of the types the gateway's verified key may read. */
  eventsFeed: endpoint({ method: 'GET', path: '/events', query: internalEventFeedQuerySchema, responses: { 200: eventFeedPageSchema, ...e400 } }),
  /** Every API key, newest first (Administrator over all courses). */
  eventKeys: endpoint({ method: 'GET', path: '/event-keys', responses: { 200: eventApiKeyListSchema, ...e403 } }),
  /** Issues a key: its secret is in this answer only. */
  eventKeyCreate: endpoint({
    method: 'POST',
    path: '/event-keys',
    body: eventApiKeyCreateSchema,
    responses: { 200: eventApiKeyIssuedSchema, ...e400, ...e403 },
  }),
  /** Revokes a key at once: 404 unknown, 409 already revoked. */
  eventKeyRevoke: endpoint({
    method: 'POST',
    path: '/event-keys/:id/revoke',
    params: eventApiKeyIdParamsSchema,
    responses: { 200: eventApiKeySchema, ...e403, ...e404, 409: errorResponseSchema },
  }),
  /** Whether a bearer token is a live key: its id and event types, or 401. */
  eventKeyVerify: endpoint({
    method: 'POST',
    path: '/event-keys/verify',
    body: eventApiKeyVerifySchema,
    responses: { 200: eventApiKeyVerifiedSchema, 401: errorResponseSchema },
  }),

  /** The webhook endpoints with their backlog (Administrator over all courses). */
  webhooks: endpoint({ method: 'GET', path: '/webhooks', responses: { 200: webhookEndpointListSchema, ...e403 } }),
  /** Registers an endpoint: its signing secret is in this answer only. */
  webhookCreate: endpoint({
    method: 'POST',
    path: '/webhooks',
    body: webhookEndpointCreateSchema,
    responses: { 200: webhookEndpointIssuedSchema, ...e400, ...e403 },
  }),
  /** Resumes a paused endpoint: its backlog is delivered in order; 409 when it is not paused. */
  webhookResume: endpoint({
    method: 'POST',
    path: '/webhooks/:id/resume',
    params: webhookEndpointIdParamsSchema,
    responses: { 200: webhookEndpointSchema, ...e403, ...e404, 409: errorResponseSchema },
  }),
  /** An endpoint's latest delivery attempts, newest first. */
  webhookAttempts: endpoint({
    method: 'GET',
    path: '/webhooks/:id/attempts',
    params: webhookEndpointIdParamsSchema,
    responses: { 200: webhookAttemptListSchema, ...e403, ...e404 },
  }),

  /** Counts for the courses the gateway names; view-report on every one. */
  figures: endpoint({
    method: 'POST',
    path: '/figures',
    body: figuresCountRequestSchema,
    responses: { 200: figuresCountResponseSchema, ...e400, ...e403 },
  }),
  /** The wallboard's desk panels (queue, callbacks, presence, decisions today) in the forwarded user's scopes. */
  wallboardDesk: endpoint({
    method: 'GET',
    path: '/wallboard',
    query: wallboardDeskQuerySchema,
    responses: { 200: wallboardDeskSchema, ...e400, ...e403 },
  }),
  /** The daily reconciliation of a day (default: today in the team's time zone); view-report over all courses. */
  reconciliation: endpoint({
    method: 'GET',
    path: '/reconciliation',
    query: reconciliationQuerySchema,
    responses: { 200: reconciliationReportSchema, ...e400, ...e403 },
  }),
} as const;
