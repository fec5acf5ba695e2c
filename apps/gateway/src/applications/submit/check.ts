import {
  checkSubmission,
  courseDocumentTypes,
  dropHiddenFields,
  type ApplySubmission,
  type CheckedSubmission,
  type CourseDetailResponse,
  type KeyedSubmission,
} from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import type { FastifyRequest } from 'fastify';
import { settleSubmissionId } from './context';

/** A form checked against a course: the submission without STATUS/REJECTION_REASONS and its assessable part. */
export type CheckedForm<T> = CheckedSubmission<T>;

/**
 * The submission as it is checked and stored: its SUBMISSION_ID settled (settleSubmissionId),
 * STATUS and REJECTION_REASONS taken out, and the values of hidden fields dropped (domain.md "Form
 * behaviour": what is stored is exactly what the rules checked).
 */
export function keySubmission(
  request: FastifyRequest,
  detail: CourseDetailResponse,
  data: ApplySubmission,
): { submission: KeyedSubmission; status: ApplySubmission['STATUS']; reasons: ApplySubmission['REJECTION_REASONS'] } {
  const { STATUS, REJECTION_REASONS, ...rest } = data;
  const SUBMISSION_ID = settleSubmissionId(request, rest.SUBMISSION_ID);
  const submission = dropHiddenFields({ ...rest, SUBMISSION_ID }, courseDocumentTypes(detail.courseData));
  return { submission, status: STATUS, reasons: REJECTION_REASONS };
}

/**
 * Spec section 5's rules for this course (documents of its DOCUMENT_TYPES included), then the
 * assessable values: contracts' checkSubmission, its refusal thrown (400).
 */
export function checkForm<T extends Readonly<Record<string, unknown>>>(detail: CourseDetailResponse, submission: T): CheckedForm<T> {
  const { refusal, checked } = checkSubmission(detail, submission);
  if (refusal) throw new HttpError(refusal.status, refusal.message);
  return checked;
}
