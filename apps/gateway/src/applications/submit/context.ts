import { createHash, randomUUID } from 'node:crypto';
import {
  APPLICATIONS_SVC,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MISMATCH,
  LIMITS,
  submissionKindRefusal,
  type ApplySubmission,
  type SubmissionIdKind,
  type SubmitFactsResponse,
  type SubmitRefusal,
} from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * What the submit steps use of the app: the internal service clients and the assessment gateway
 * (assessmentGatewayPlugin, registered by the route plugin that submits).
 */
export type SubmitApp = Pick<FastifyInstance, 'services' | 'assessmentGateway'>;

/** Throws a contracts step's refusal as the HTTP answer (its status and `message`); null passes. */
export function refuse(refusal: SubmitRefusal | null): void {
  if (refusal) throw new HttpError(refusal.status, refusal.message);
}

/** The fields a person is looked up by (the duplicate check). */
export type PersonKeys = Pick<ApplySubmission, 'EMAIL' | 'APPLIED_TO_UCAS' | 'UCAS_PERSONAL_ID'>;

/**
 * The keys the duplicate check looks a person up by (domain.md "Statuses"): the trimmed EMAIL, and
 * the UCAS Personal ID when APPLIED_TO_UCAS is '1'. A value longer than any stored application can
 * hold (EMAIL over LIMITS.EMAIL_MAX, a UCAS Personal ID over its digits) matches nobody, so it is
 * left out: the form's own check then refuses it in spec section 5's words, never the lookup's.
 */
export function duplicateKeys(form: PersonKeys): { email: string | undefined; ucasPersonalId: string | undefined } {
  const email = typeof form.EMAIL === 'string' ? form.EMAIL.trim() : '';
  const ucasPersonalId = form.APPLIED_TO_UCAS === '1' && typeof form.UCAS_PERSONAL_ID === 'string' ? form.UCAS_PERSONAL_ID.trim() : '';
  return {
    email: email && email.length <= LIMITS.EMAIL_MAX ? email : undefined,
    ucasPersonalId: ucasPersonalId && ucasPersonalId.length <= LIMITS.UCAS_PERSONAL_ID_DIGITS ? ucasPersonalId : undefined,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** A UUID for any idempotency key: the key itself when it is a UUID, else a name-based UUID (SHA-256, version 8). */
export function idempotencyKeyToUuid(key: string): string {
  if (UUID.test(key)) return key.toLowerCase();
  const hex = createHash('sha256').update(`idempotency-key:${key}`).digest('hex');
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The SUBMISSION_ID a submission is stored under: the body's SUBMISSION_ID, or the
 * `Idempotency-Key` header (any 1-255 visible characters, as a UUID: idempotencyKeyToUuid), or a
 * new UUID when the client sends neither (a client following spec section 7 exactly; it gets no
 * replay protection, the duplicate rule still holds). 400 when the header is malformed or differs
 * from the body's SUBMISSION_ID.
 */
export function settleSubmissionId(request: FastifyRequest, bodyId: string | undefined): string {
  const raw = request.headers[IDEMPOTENCY_KEY_HEADER];
  const header = Array.isArray(raw) ? raw[0] : raw;
  if (header === undefined) return bodyId?.toLowerCase() ?? randomUUID();
  if (!IDEMPOTENCY_KEY.test(header)) throw new HttpError(400, 'Idempotency-Key must be 1 to 255 visible ASCII characters.');
  const fromHeader = idempotencyKeyToUuid(header);
  if (bodyId !== undefined && bodyId.toLowerCase() !== fromHeader) throw new HttpError(400, IDEMPOTENCY_KEY_MISMATCH);
  return fromHeader;
}

/**
 * Refuses a submission whose SUBMISSION_ID was issued for the other kind of form (contracts'
 * submissionKindRefusal: 409). Runs before anything is read or stored, so a staff call can never
 * be filed as public, nor the reverse.
 */
export function refuseOtherKindOfId(id: string, route: SubmissionIdKind): void {
  refuse(submissionKindRefusal(id, route));
}

/**
 * What applications-svc knows before a public submission is assessed, in one call
 * (POST /applications/submit-facts): the Clearing setting, whether the SUBMISSION_ID is stored (a
 * retry), whether the person applied to the course (a duplicate) and the course's places left by
 * the ledger. It holds nothing: the store (POST /applications) takes the place in the transaction
 * that stores the application.
 */
export function submitFacts(app: SubmitApp, request: FastifyRequest, ucasCode: string, person: PersonKeys, submissionId: string): Promise<SubmitFactsResponse> {
  const { email, ucasPersonalId } = duplicateKeys(person);
  return app.services.applications.send(request, APPLICATIONS_SVC.submitFacts, {
    body: { ucas_code: ucasCode, submission_id: submissionId, email, ucas_personal_id: ucasPersonalId },
  });
}
