import { errorResponseSchema } from '../common/errors';
import {
  emailIdParamsSchema,
  emailListQuerySchema,
  emailListResponseSchema,
  emailRecordSchema,
  emailSummaryRequestSchema,
  emailSummarySchema,
  failedEmailsRequestSchema,
  failedEmailsResponseSchema,
  resendEmailRequestSchema,
} from '../notifications/email-records';
import { subjectAccessKeysSchema, subjectAccessPartSchema } from '../privacy/subject-access';
import { erasureKeysSchema, erasurePartSchema } from '../privacy/erasure';
import { retentionPartSchema, retentionRunRequestSchema } from '../privacy/retention';
import { endpoint } from './endpoint';

/**
 * notifications-svc, called by the gateway only (notifications-svc itself calls nobody). The
 * gateway checks who may see and resend (the user's role on the application's course).
 */
export const NOTIFICATIONS_SVC = {
  /** An application's emails, for the staff History. */
  list: endpoint({
    method: 'GET',
    path: '/emails',
    query: emailListQuerySchema,
    responses: { 200: emailListResponseSchema, 400: errorResponseSchema },
  }),
  /** Counts of queued, sent and failed emails of some courses, for the figures. */
  summary: endpoint({
    method: 'POST',
    path: '/emails/summary',
    body: emailSummaryRequestSchema,
    responses: { 200: emailSummarySchema, 400: errorResponseSchema },
  }),
  /** The failed emails of some courses, newest first (the figures' 'Emails that failed'). */
  failed: endpoint({
    method: 'POST',
    path: '/emails/failed',
    body: failedEmailsRequestSchema,
    responses: { 200: failedEmailsResponseSchema, 400: errorResponseSchema },
  }),
  /** A staff Resend of one email of the application: the new email (201), queued. */
  resend: endpoint({
    method: 'POST',
    path: '/emails/:emailId/resend',
    params: emailIdParamsSchema,
    body: resendEmailRequestSchema,
    responses: { 201: emailRecordSchema, 400: errorResponseSchema, 404: errorResponseSchema, 503: errorResponseSchema },
  }),
  /** A person's rows in this service by the keys applications-svc found (subject access; the gateway checks the Administrator). */
  subjectAccess: endpoint({
    method: 'POST',
    path: '/subject-access',
    body: subjectAccessKeysSchema,
    responses: { 200: subjectAccessPartSchema, 400: errorResponseSchema },
  }),
  /** Erasure of a person by the keys applications-svc found: blanks the emails' address, subject and bodies (rows kept: the History says an email went); repeating it clears nothing more. */
  erasure: endpoint({ method: 'POST', path: '/erasure', body: erasureKeysSchema, responses: { 200: erasurePartSchema, 400: errorResponseSchema } }),
  /** This service's part of the nightly retention job: what is past its date under the schedule at `now`, with counts. */
  retention: endpoint({
    method: 'POST',
    path: '/retention/run',
    body: retentionRunRequestSchema,
    responses: { 200: retentionPartSchema, 400: errorResponseSchema },
  }),
} as const;
