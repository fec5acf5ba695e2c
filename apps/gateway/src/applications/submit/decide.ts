import {
  decidePublicOutcome,
  decideStaffOutcome,
  PUBLIC_USER,
  TARIFF_TABLES_VERSION,
  withoutDocuments,
  type ApplicationDecision,
  type ApplicationStatus,
  type CourseDetailResponse,
  type DecisionRules,
  type EmailCourseFacts,
  type KeyedSubmission,
  type StoreApplicationRequestInput,
} from '@clearing-desk/contracts';
import { courseRequirementsHash } from '@clearing-desk/contracts/server';
import type { FastifyRequest } from 'fastify';
import type { AssessOutcome } from '../../plugins/app/assessment-gateway';
import type { CheckedForm } from './check';

/**
 * The public decision, as the body the store takes: contracts' decidePublicOutcome (the automatic
 * decisions of domain.md; any REJECTION_REASONS the body sent are ignored), the submission without
 * its documents, the course fields an application keeps, the facts its decision email names and
 * the course's places (the ledger's seed).
 */
export function decidePublic(
  request: FastifyRequest,
  detail: CourseDetailResponse,
  checked: CheckedForm<KeyedSubmission>,
  outcome: AssessOutcome,
): StoreApplicationRequestInput {
  return {
    submission: withoutDocuments(checked.submission),
    course: courseBody(detail),
    qualOptions: detail.qualOptions,
    assessment: outcome.result,
    decision: decidePublicOutcome({ assessment: outcome.result, form: checked.assessable, course: detail.courseData, candidates: outcome.candidates }),
    decisionRules: decisionRules(detail),
    user: request.staffUser?.username ?? PUBLIC_USER,
    courseFacts: emailCourseFacts(detail),
  };
}

/** The staff decision: the chosen STATUS with the reasons and alternatives of a rejection (contracts' decideStaffOutcome). */
/** The rules a decision is made under, stored with it: the Tariff tables' version and the course requirements' hash. */
export const decisionRules = (detail: Pick<CourseDetailResponse, 'courseData' | 'qualOptions'>): DecisionRules => ({
  TARIFF_TABLES_VERSION,
  COURSE_REQUIREMENTS_HASH: courseRequirementsHash(detail.courseData, detail.qualOptions),
});

export function staffDecision(status: ApplicationStatus, outcome: AssessOutcome, reasons: readonly { MESSAGE: string }[] | undefined): ApplicationDecision {
  return decideStaffOutcome(status, outcome.result, reasons, outcome.candidates);
}

/**
 * The course facts a decision's email names: the gateway has just read the course fresh, so
 * applications-svc copies them into the outbox row and nobody asks courses-svc later.
 */
export function emailCourseFacts(detail: CourseDetailResponse): EmailCourseFacts {
  const { UCAS_CODE, COURSE_CODE_OVERRIDE, COURSE_TITLE, QUALIFICATION, COURSE_START_DATE, FEEDBACK_TELEPHONE, SCHOOL } = detail.courseData;
  return { UCAS_CODE, COURSE_CODE_OVERRIDE, COURSE_TITLE, QUALIFICATION, COURSE_START_DATE, FEEDBACK_TELEPHONE, SCHOOL };
}

/** The course fields an application keeps (the public reference, the second-year rule, scopes for the listing). */
export function courseBody(detail: CourseDetailResponse): StoreApplicationRequestInput['course'] {
  const c = detail.courseData;
  return {
    UCAS_CODE: c.UCAS_CODE,
    DEPART_NUMBER: c.DEPART_NUMBER,
    ALLOW_SECOND_YEAR_ENTRY: c.ALLOW_SECOND_YEAR_ENTRY,
    SCHOOL: c.SCHOOL,
    DEPT: c.DEPT,
    COURSE_CODE_OVERRIDE: c.COURSE_CODE_OVERRIDE,
  };
}
