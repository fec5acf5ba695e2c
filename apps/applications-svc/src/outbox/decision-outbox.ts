import {
  automaticDecisionReasons,
  decisionEmailKind,
  isAutomaticDecision,
  OUTBOX_KINDS,
  type ApplicationStatus,
  type DecisionEmailPayload,
  type EmailCourseFacts,
  type InterviewDetails,
} from '@clearing-desk/contracts';
import { currentTraceparent } from '@clearing-desk/service-kit';
import { applications, outbox } from '../db/schema';
import type { Executor } from '../repositories/applications-repository';

type ApplicationRow = typeof applications.$inferSelect;

export type DecisionAnnouncement = {
  row: ApplicationRow;
  previousStatus: ApplicationStatus | null;
  source: 'public' | 'staff';
  courseFacts: EmailCourseFacts | undefined;
  interview?: InterviewDetails | null;
  /** When the status page link the email gives stops working (IntakeCycle.endOf the row's intake). */
  linkValidUntil: Date;
  /** A person's review of the automatic decision: sends the REVIEW email whatever the status. */
  review?: { OUTCOME: 'UPHELD' | 'CHANGED'; NOTE: string };
  /** Why a withdrawal was made: 'lapsed' (an offer not added in UCAS by its deadline) says so in the email. */
  withdrawalReason?: 'lapsed';
};

/**
 * Writes the outbox row of a decision in the caller's transaction `tx`, when the
 * decision sends an email (decisionEmailKind: a new application or a changed status to one of the
 * statuses that do). The payload carries everything the email needs as it is now. Returns whether
 * a row was written. Without the course facts (a caller that sends none) nothing is written.
 */
export async function writeDecisionOutbox(tx: Executor, a: DecisionAnnouncement): Promise<boolean> {
  const { row } = a;
  if (!a.courseFacts) return false;
  if (!decisionEmailKind({ previous: a.previousStatus, status: row.status, source: a.source, review: a.review })) return false;
  const automatic = a.source === 'public' && a.previousStatus === null && isAutomaticDecision(row.subStatus);
  const form = row.form;
  const payload: DecisionEmailPayload = {
    applicationId: String(row.applicationId),
    studentId: row.studentId,
    ucasCode: row.ucasCode,
    hash: row.hash,
    reference: `${row.departNumber}${row.reference}`,
    intake: row.intake,
    source: a.source,
    previousStatus: a.previousStatus,
    status: row.status,
    subStatus: row.subStatus ?? null,
    decidedAt: row.updatedAt.toISOString(),
    applicant: {
      NAME1: (form.NAME1 ?? '').trim(),
      NAME2: (form.NAME2 ?? '').trim(),
      EMAIL: (form.EMAIL ?? '').trim(),
      NATIONALITY: form.NATIONALITY?.trim() || null,
      VISA_TYPE: form.VISA_TYPE?.trim() || null,
      APPLIED_TO_UCAS: form.APPLIED_TO_UCAS === '1',
    },
    course: a.courseFacts,
    rejectionReasons: row.rejectionReasons.map((r) => r.MESSAGE),
    recommendedCourses: row.recommendedCourses,
    interview: a.interview ?? null,
    ...(automatic
      ? {
          automaticReasons: automaticDecisionReasons({
            status: row.status,
            rejectionReasons: row.rejectionReasons.map((r) => r.MESSAGE),
            explanation: row.assessment.EXPLANATION,
            points: row.assessment.UCAS_POINTS_EFFECTIVE,
          }),
        }
      : {}),
    ...(a.review ? { review: a.review } : {}),
    ...(a.withdrawalReason ? { withdrawalReason: a.withdrawalReason } : {}),
    linkValidUntil: a.linkValidUntil.toISOString(),
  };
  // The request's trace goes with the row, in the same transaction: the email's sending continues it.
  await tx.insert(outbox).values({ aggregateId: payload.applicationId, kind: OUTBOX_KINDS.DECISION_EMAIL, payload, traceparent: currentTraceparent() });
  return true;
}
