import { claimNeeded, clearingClosedRefusal, courseOpenRefusal, publicStatusRefusal, type ApplyResponse, type ApplySubmission } from '@clearing-desk/contracts';
import type { FastifyRequest } from 'fastify';
import { assessForm, readCourse } from './assess';
import { checkForm, keySubmission } from './check';
import { refuse, refuseOtherKindOfId, settleSubmissionId, submitFacts, type SubmitApp } from './context';
import { decidePublic } from './decide';
import { refuseNoPlaceLeft } from './places';
import { claimAndStore } from './store';

/**
 * The whole public submit (POST /api/apply/{course}), in named steps; a green submit without
 * documents makes 4 internal calls (submit facts, course, assess, store):
 * 1. context: the STATUS, when sent, must be the public button's S (400 PUBLIC_STATUS_ONLY), the
 *    SUBMISSION_ID settled and of the public kind (409), before anything is read or stored;
 * 2. context: applications-svc's submit facts (one call): Clearing closed answers 403 with the
 *    closing message; a course the ledger has no place left on answers 409 COURSE_CLOSED (spec section 8);
 * 3. check: the course, fresh (409 COURSE_SUSPENDED / COURSE_CLOSED), then the form against it (spec section 5: 400);
 * 4. assess, then decide (contracts' decidePublicOutcome; the body's REJECTION_REASONS are ignored);
 * 5. claim files only for a new key of a person who has not applied (contracts' claimNeeded on the
 *    facts), so a duplicate or a retry never binds files;
 * 6. store: the commit, which takes the place of an O in its transaction (no place: 409
 *    COURSE_CLOSED); a refused store releases the files claimed (claimAndStore). Answers the stored record.
 */
export async function submitPublic(app: SubmitApp, request: FastifyRequest, code: string, data: ApplySubmission): Promise<ApplyResponse> {
  refuse(publicStatusRefusal(data.STATUS));
  const submissionId = settleSubmissionId(request, data.SUBMISSION_ID);
  refuseOtherKindOfId(submissionId, 'public');
  const facts = await submitFacts(app, request, code, data, submissionId);
  if (!request.staffUser) refuse(clearingClosedRefusal(facts.clearing));
  // The ledger is exact; the course's VACANCIES_INTERNAL follows it within a second.
  refuseNoPlaceLeft(facts);
  const detail = await readCourse(app, request, code);
  refuse(courseOpenRefusal(detail.courseData));
  const { submission } = keySubmission(request, detail, { ...data, SUBMISSION_ID: submissionId });
  const checked = checkForm(detail, submission);
  const outcome = await assessForm(app, request, detail, checked.assessable);
  return claimAndStore(app, request, checked, decidePublic(request, detail, checked, outcome), { claim: claimNeeded(facts) });
}
