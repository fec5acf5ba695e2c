import {
  APPLICATIONS_SVC,
  documentNotAttachedText,
  fileClaimErrorSchema,
  FILES_SVC,
  formDocuments,
  type DocumentType,
  type KeyedSubmission,
} from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import type { FastifyRequest } from 'fastify';
import { ServiceError } from '../../plugins/app/service-clients';
import { duplicateKeys, type PersonKeys, type SubmitApp } from './context';

/** Whether this person already applied to the course (same email or UCAS Personal ID: duplicateKeys). */
export async function alreadyApplied(app: SubmitApp, request: FastifyRequest, ucasCode: string, person: PersonKeys): Promise<boolean> {
  const { email, ucasPersonalId } = duplicateKeys(person);
  if (!email && !ucasPersonalId) return false;
  const { rows } = await app.services.applications.send(request, APPLICATIONS_SVC.applied, {
    query: { ucas_code: ucasCode, email, ucas_personal_id: ucasPersonalId },
  });
  return rows.length > 0;
}

/** Whether an application is already stored under the submission's SUBMISSION_ID (a replayed key). */
export async function keyStored(app: SubmitApp, request: FastifyRequest, submission: Pick<KeyedSubmission, 'SUBMISSION_ID'>): Promise<boolean> {
  const { stored } = await app.services.applications.send(request, APPLICATIONS_SVC.submission, { params: { id: submission.SUBMISSION_ID } });
  return stored;
}

/**
 * Binds the uploaded documents of the course's categories to the submission (files-svc POST
 * /files/claim, all or nothing, idempotent for the same owner). files-svc refuses with a code of
 * the contracts and the refused token's index (fileClaimErrorSchema); the answer (409) names its
 * document. Returns whether anything was claimed.
 */
export async function claimDocuments(app: SubmitApp, request: FastifyRequest, submission: KeyedSubmission, types: readonly DocumentType[]): Promise<boolean> {
  const documents = formDocuments(submission, types);
  if (documents.length === 0) return false;
  const body = { tokens: documents.map((d) => d.document.file_token), owner: submission.SUBMISSION_ID };
  try {
    await app.services.files.send(request, FILES_SVC.claim, { body });
  } catch (err) {
    const refusal = err instanceof ServiceError && err.statusCode === 409 ? fileClaimErrorSchema.safeParse(err.body) : null;
    if (!refusal?.success) throw err;
    const refused = documents[refusal.data.index] ?? documents[0];
    request.log.warn({ code: refusal.data.code, field: refused?.field.name }, 'document claim refused');
    throw new HttpError(409, documentNotAttachedText(refused?.field.label ?? 'document'));
  }
  return true;
}

/**
 * Unbinds the documents claimed for a submission whose store was then refused, so the applicant
 * can use them again and files-svc's sweeper deletes them if nobody does. A failure is logged,
 * never hides the refusal the applicant must see.
 */
export async function releaseDocuments(app: SubmitApp, request: FastifyRequest, owner: string): Promise<void> {
  try {
    await app.services.files.send(request, FILES_SVC.release, { body: { owner } });
  } catch (err) {
    request.log.error({ err, owner }, 'claimed documents of a refused submission could not be released');
  }
}
