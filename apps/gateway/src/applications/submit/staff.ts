import {
  DESK_MESSAGES,
  courseOpenRefusal,
  dropHiddenFields,
  NEW_STUDENT,
  rejectionReasonsRefusal,
  staffEditRefusal,
  staffStatusRefusal,
  withoutDocuments,
  type ApplicationStatus,
  type ApplyResponse,
  type CourseDetailResponse,
  type StaffCreateSubmission,
  type StaffUpdateResponse,
  type StaffUpdateSubmission,
  type StoreUpdateRequestInput,
} from '@clearing-desk/contracts';
import { forbidIfRefused, HttpError } from '@clearing-desk/service-kit';
import type { FastifyRequest } from 'fastify';
import { assessForm, readCourse } from './assess';
import { checkForm, keySubmission } from './check';
import { refuse, refuseOtherKindOfId, settleSubmissionId, type SubmitApp } from './context';
import { courseBody, decisionRules, emailCourseFacts, staffDecision } from './decide';
import { nowOf, refuseUnhonourableDecision } from './cycle';
import { refuseOfferWithoutPlace } from './places';
import { claimAndStore, storeUpdate } from './store';

/**
 * The staff create (POST /api/admin/applications/{student}/{course}): allowed while Clearing is
 * closed; the course must take applications (409 COURSE_SUSPENDED / CLOSED, staffCourseClosedCode);
 * the user needs a role that edits new applications and a STATUS among the assessment's buttons
 * for that role (403); an offer with no place left is 409 NO_PLACE_LEFT. `student` is NEW_STUDENT
 * or the STUDENT_ID chosen in the search. The same steps as the public submit, in the same folder.
 */
export async function submitStaff(app: SubmitApp, request: FastifyRequest, student: string, code: string, data: StaffCreateSubmission): Promise<ApplyResponse> {
  const user = request.staffUser;
  if (!user) throw new HttpError(401, DESK_MESSAGES.NO_ROLE);
  refuseOtherKindOfId(settleSubmissionId(request, data.SUBMISSION_ID), 'staff');
  // For staff the course carries places left as the ledger counts them (assessmentGateway.course).
  const detail = await readCourse(app, request, code);
  forbidIfRefused(staffEditRefusal(detail.access, null));
  refuse(courseOpenRefusal(detail.courseData, 'staff'));
  const { INTERVIEW, OVER_ALLOWANCE, CALLBACK_ID, ...form } = data;
  const { submission, status: STATUS, reasons: REJECTION_REASONS } = keySubmission(request, detail, form);
  forbidIfRefused(rejectionReasonsRefusal(detail.access, REJECTION_REASONS));
  const checked = checkForm(detail, submission);
  const status = STATUS ?? 'S';
  refuseUnhonourableDecision(nowOf(app), detail, null, status, INTERVIEW);
  if (!OVER_ALLOWANCE) refuseOfferWithoutPlace(detail, null, status);
  const outcome = await assessForm(app, request, detail, checked.assessable);
  forbidIfRefused(staffStatusRefusal(detail.access, null, status, outcome.result.SUBMISSION_OPTIONS.BUTTONS));
  return claimAndStore(app, request, checked, {
    submission: withoutDocuments(submission),
    course: courseBody(detail),
    qualOptions: detail.qualOptions,
    assessment: outcome.result,
    decision: staffDecision(status, outcome, REJECTION_REASONS),
    decisionRules: decisionRules(detail),
    user: user.username,
    courseFacts: emailCourseFacts(detail),
    // An Administrator confirmed offering over the allowance (applications-svc checks the role too).
    ...(OVER_ALLOWANCE && status === 'O' ? { overAllowance: true } : {}),
    // Created as I: the interview arranged goes with it to its LOG row and email.
    ...(INTERVIEW && status === 'I' ? { interview: INTERVIEW } : {}),
    staff: true,
    // Taken from a booked call without an application: the call is linked and done in the same transaction.
    ...(CALLBACK_ID ? { callbackId: Number(CALLBACK_ID) } : {}),
    ...(student === NEW_STUDENT ? {} : { studentId: student }),
  });
}

/**
 * The staff update (PUT /api/admin/applications/{student}/{course}) of a stored application whose
 * status is `current`: editing rules of spec section 6 (403), the form checked and re-assessed for
 * the user's role, the STATUS among its buttons (or the current one, or V), and the version the
 * client read (`ifMatch`; 409 when stale). Documents are not re-claimed: they stay bound to the
 * application's SUBMISSION_ID.
 */
export async function updateStaff(
  app: SubmitApp,
  request: FastifyRequest,
  params: { student: string; course: string },
  detail: CourseDetailResponse,
  current: ApplicationStatus,
  data: StaffUpdateSubmission,
  ifMatch: number | undefined,
): Promise<StaffUpdateResponse> {
  forbidIfRefused(staffEditRefusal(detail.access, current));
  const { REJECTION_REASONS, INTERVIEW, OVER_ALLOWANCE, ...rest } = data;
  forbidIfRefused(rejectionReasonsRefusal(detail.access, REJECTION_REASONS));
  const checked = checkForm(detail, dropHiddenFields(withoutDocuments(rest), []));
  refuseUnhonourableDecision(nowOf(app), detail, current, data.STATUS, INTERVIEW);
  if (!OVER_ALLOWANCE) refuseOfferWithoutPlace(detail, current, data.STATUS);
  const outcome = await assessForm(app, request, detail, checked.assessable);
  forbidIfRefused(staffStatusRefusal(detail.access, current, data.STATUS, outcome.result.SUBMISSION_OPTIONS.BUTTONS));
  const body: StoreUpdateRequestInput = {
    // The interview (a change to I) and an Administrator's confirmed offer over the allowance travel
    // with the status change to its LOG row and email.
    submission: { ...checked.submission, ...(INTERVIEW ? { INTERVIEW } : {}), ...(OVER_ALLOWANCE && data.STATUS === 'O' ? { OVER_ALLOWANCE } : {}) },
    courseFacts: emailCourseFacts(detail),
    qualOptions: detail.qualOptions,
    ALLOW_SECOND_YEAR_ENTRY: detail.courseData.ALLOW_SECOND_YEAR_ENTRY,
    assessment: outcome.result,
    ...(REJECTION_REASONS ? { rejection_reasons: REJECTION_REASONS } : {}),
    ...(ifMatch !== undefined ? { ifMatch } : {}),
  };
  return storeUpdate(app, request, params, body);
}
