import { assessFormSchema, type AssessForm } from '../assessment/assess-form';
import type { Assessment } from '../assessment/assessment';
import { SUBMISSION_BUTTONS, type ApplicationStatus } from '../status/status-codes';
import { ERROR_CODES } from '../common/error-codes';
import { courseDocumentTypes, type CourseData, type DocumentType } from '../courses/course';
import type { QualOption } from '../qualifications/qual-option';
import { courseClosedCode, staffCourseClosedCode, type CourseOpenFields } from '../rules/course-open';
import { DEFAULT_CLOSED_MESSAGE } from '../status/clearing-texts';
import { recommendedCourses, type ApplicationDecision, type RecommendableCourse } from './decide-public-outcome';
import { PUBLIC_STATUS_ONLY } from './store-application';
import { submissionIdKind, SUBMISSION_ID_KIND_MISMATCH, type SubmissionIdKind } from './submission-id';
import { describeFormErrors, validateSubmission } from './validate-submission';

/**
 * The pure steps of a submission (POST /api/apply/{course}, the staff create and update), in the
 * order the gateway runs them: each answers a refusal (the status and the `message` of spec
 * section 8) or null. The gateway's submit steps (apps/gateway/src/applications/submit) and the
 * web tests' fake gateway (msw) both call these, so the two refuse alike and in the same order:
 * 1. publicStatusRefusal, then submissionKindRefusal (nothing read or stored before them);
 * 2. clearingClosedRefusal and noPlaceRefusal, from what applications-svc knows (submit facts);
 * 3. courseOpenRefusal on the course read fresh, then checkSubmission (spec section 5);
 * 4. the decision: decidePublicOutcome or decideStaffOutcome;
 * 5. claimNeeded: documents are bound only for a new key of a person who has not applied.
 */
export type SubmitRefusal = { status: number; message: string };

/** 400 PUBLIC_STATUS_ONLY when a public submission asks for a STATUS other than the public button's S. */
export function publicStatusRefusal(status: unknown): SubmitRefusal | null {
  return status !== undefined && status !== SUBMISSION_BUTTONS.SUBMIT.STATUS ? { status: 400, message: PUBLIC_STATUS_ONLY } : null;
}

/**
 * 409 SUBMISSION_ID_KIND_MISMATCH[route] when `id` was issued for the other kind of form
 * (domain.md 'Staff sessions on results day'); unbound ids pass.
 */
export function submissionKindRefusal(id: string, route: SubmissionIdKind): SubmitRefusal | null {
  const kind = submissionIdKind(id);
  return kind !== null && kind !== route ? { status: 409, message: SUBMISSION_ID_KIND_MISMATCH[route] } : null;
}

/** 403 with the closing message (DEFAULT_CLOSED_MESSAGE when none) while Clearing is closed to the public (spec section 4). */
export function clearingClosedRefusal(clearing: { state: number; closing_message: string | null }): SubmitRefusal | null {
  return clearing.state === 1 ? null : { status: 403, message: clearing.closing_message || DEFAULT_CLOSED_MESSAGE };
}

/**
 * 409 COURSE_CLOSED (spec section 8) when the places ledger has no place left on the course and
 * the submission is not a retry of a stored one (a retry answers its record). `placesLeft` null:
 * the ledger has not seen the course yet, so the course's own fields decide (courseOpenRefusal).
 */
export function noPlaceRefusal(facts: { placesLeft: number | null; stored: boolean }): SubmitRefusal | null {
  return facts.placesLeft === 0 && !facts.stored ? { status: 409, message: ERROR_CODES.COURSE_CLOSED } : null;
}

/**
 * 409 COURSE_SUSPENDED or COURSE_CLOSED for a course that takes no applications: courseClosedCode
 * for the public, staffCourseClosedCode for staff taking a call.
 */
export function courseOpenRefusal(course: CourseOpenFields, who: 'public' | 'staff' = 'public'): SubmitRefusal | null {
  const code = who === 'staff' ? staffCourseClosedCode(course) : courseClosedCode(course);
  return code ? { status: 409, message: code } : null;
}

/** A submission checked against a course: the submission itself, its assessable part and the course's document categories. */
export type CheckedSubmission<T> = { submission: T; assessable: AssessForm; documentTypes: DocumentType[] };

/**
 * Spec section 5's rules for the course (documents of its DOCUMENT_TYPES and second-year entry
 * included: 400, the messages joined by ' '), then the assessable part with exact values (400
 * naming the field: the rules trim, the assessment does not, e.g. ' 1' is not a year of entry).
 */
export function checkSubmission<T extends Readonly<Record<string, unknown>>>(
  course: { courseData: Pick<CourseData, 'DOCUMENT_TYPES' | 'ALLOW_SECOND_YEAR_ENTRY'>; qualOptions: readonly QualOption[] },
  submission: T,
): { refusal: SubmitRefusal; checked?: undefined } | { refusal: null; checked: CheckedSubmission<T> } {
  const { courseData, qualOptions } = course;
  const documentTypes = courseDocumentTypes(courseData);
  const errors = validateSubmission(submission, { qualOptions, documentTypes, ALLOW_SECOND_YEAR_ENTRY: courseData.ALLOW_SECOND_YEAR_ENTRY });
  if (errors.length > 0) return { refusal: { status: 400, message: describeFormErrors(errors) } };
  const assessable = assessFormSchema.safeParse(submission);
  if (!assessable.success) {
    const issue = assessable.error.issues[0];
    return { refusal: { status: 400, message: `${issue?.path.join('.') ?? 'data'}: ${issue?.message ?? 'is invalid'}` } };
  }
  return { refusal: null, checked: { submission, assessable: assessable.data, documentTypes } };
}

/**
 * The decision staff save (the create and the status they chose; S when none): a rejection (X)
 * carries the assessment's red reasons unless the adviser gave their own, and the assessment's
 * ALTERNATE as recommended courses; any other status neither. No sub-status (staff decisions
 * have none; domain.md "Statuses").
 */
export function decideStaffOutcome(
  status: ApplicationStatus,
  assessment: Pick<Assessment, 'EXPLANATION' | 'ALTERNATE'>,
  reasons: readonly { MESSAGE: string }[] | undefined,
  candidates: readonly RecommendableCourse[],
): ApplicationDecision {
  const rejected = status === 'X';
  return {
    confirmed_status: status,
    sub_status: null,
    rejection_reasons: reasons ? [...reasons] : rejected ? assessment.EXPLANATION.filter((e) => e.STATUS === 'R').map((e) => ({ MESSAGE: e.MESSAGE })) : [],
    recommended_courses: rejected ? recommendedCourses(assessment.ALTERNATE, candidates) : [],
  };
}

/**
 * Whether a submission's documents are bound to it (files-svc claim): only for a key not stored
 * yet of a person who has not applied to the course, so a retry or a second application never
 * binds files (the store then answers the record, or the duplicate).
 */
export function claimNeeded(facts: { stored: boolean; applied: boolean }): boolean {
  return !facts.stored && !facts.applied;
}
