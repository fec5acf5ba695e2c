import {
  APPLICATIONS_SVC,
  type ApplyResponse,
  type KeyedSubmission,
  type StaffUpdateResponse,
  type StoreApplicationRequestInput,
  type StoreUpdateRequestInput,
} from '@clearing-desk/contracts';
import type { FastifyRequest } from 'fastify';
import { ServiceError } from '../../plugins/app/service-clients';
import type { CheckedForm } from './check';
import { alreadyApplied, claimDocuments, keyStored, releaseDocuments } from './claim';
import type { SubmitApp } from './context';

/** applications-svc stores the decided submission with its first LOG row in one transaction (201/200 the record; 409 duplicate). */
export function storeApplication(app: SubmitApp, request: FastifyRequest, body: StoreApplicationRequestInput): Promise<ApplyResponse> {
  return app.services.applications.send(request, APPLICATIONS_SVC.store, { body });
}

/**
 * Claim then store: claim only when the key is new and the person has not applied yet (`known`:
 * what the caller already knows, else keyStored and alreadyApplied are asked). A repeat of a
 * stored submission goes straight to the store, which answers its record, or 409 when the key is
 * another applicant's: a replayed key never binds, nor releases, anyone's files; a second
 * application gets its 409.
 * When the store refuses (4xx: nothing was stored under this SUBMISSION_ID, since a retry of a
 * stored one answers its record) the claimed documents are released. After a 5xx or timeout
 * the store may have happened, so the claim stays (a retry binds the same owner again).
 */
export async function claimAndStore(
  app: SubmitApp,
  request: FastifyRequest,
  checked: CheckedForm<KeyedSubmission>,
  body: StoreApplicationRequestInput,
  known?: { claim: boolean },
): Promise<ApplyResponse> {
  const claim = known
    ? known.claim
    : !(await keyStored(app, request, checked.submission)) && !(await alreadyApplied(app, request, body.course.UCAS_CODE, checked.submission));
  const claimed = claim ? await claimDocuments(app, request, checked.submission, checked.documentTypes) : false;
  try {
    return await storeApplication(app, request, body);
  } catch (err) {
    if (claimed && err instanceof ServiceError && err.statusCode < 500) await releaseDocuments(app, request, checked.submission.SUBMISSION_ID);
    throw err;
  }
}

/** applications-svc stores a staff update of a stored application (409 when the version is stale). */
export function storeUpdate(
  app: SubmitApp,
  request: FastifyRequest,
  params: { student: string; course: string },
  body: StoreUpdateRequestInput,
): Promise<StaffUpdateResponse> {
  return app.services.applications.send(request, APPLICATIONS_SVC.deskUpdate, { params, body });
}
