import type { ApplicationStatus } from '../status/status-codes';
import { PAGE_ROUTES, pageHref } from '../web/page-routes';

/**
 * Safeguards of an automatic decision (UK GDPR Article 22 as amended by the Data (Use and Access)
 * Act 2025: tell the person, give the reasons, offer a way to contest and a human review). Without
 * zod, so /apply's first load can show them on the confirmation.
 */

/** The sub-statuses of a decision made without a person (domain.md "Public submissions"). */
export const AUTOMATIC_SUB_STATUSES = ['AO', 'AR', 'AX'] as const;

/** Whether a stored SUB_STATUS marks a decision made automatically. */
export const isAutomaticDecision = (subStatus: string | null | undefined): boolean =>
  subStatus != null && (AUTOMATIC_SUB_STATUSES as readonly string[]).includes(subStatus);

/** The words every surface (confirmation, email, status page) uses for an automatic decision. */
export const AUTOMATIC_DECISION_TEXTS = {
  HEADING: 'How this decision was made',
  MADE_AUTOMATICALLY:
    'This decision was made automatically: our system compared the qualifications you entered with the entry requirements of the course. No person was involved in making it.',
  REASONS: 'The reasons for this decision',
  /** An automatic rejection: its reasons are the decision's own list ('Why we cannot offer you a place'), not repeated. */
  REASONS_ABOVE: 'The reasons for this decision are listed above.',
  RIGHT:
    'You can ask for a person to review this decision. You can tell us why you think it is wrong, and a member of our admissions team will look at it again.',
  LINK: 'Ask for a person to review this decision',
} as const;

/** The reasons an automatic decision gives, in the order shown. */
export type AutomaticDecisionFacts = {
  status: ApplicationStatus;
  rejectionReasons: readonly string[];
  /** The assessment's explanations (STATUS G/A/R and MESSAGE). */
  explanation: readonly { STATUS: string; MESSAGE: string }[];
  /** UCAS_POINTS_EFFECTIVE of the assessment. */
  points: number;
};

/**
 * The reasons of an automatic decision: a rejection's stored reasons (the R explanations); an
 * offer's green explanations, or, when the assessment gave none, the points that met the course's
 * requirements. Source: the assessment the decision was made from.
 */
export function automaticDecisionReasons(f: AutomaticDecisionFacts): string[] {
  // The rejection's reasons are already the decision's own list on every surface: not repeated.
  if (f.status === 'X') return f.rejectionReasons.length > 0 ? [] : f.explanation.filter((e) => e.STATUS === 'R').map((e) => e.MESSAGE);
  const green = f.explanation.filter((e) => e.STATUS === 'G').map((e) => e.MESSAGE);
  return green.length > 0 ? green : [`Your qualifications come to ${f.points} UCAS Tariff points, which meets the entry requirements of the course.`];
}

/** The page where an applicant asks for a person to review (relative to the web app's base; PAGE_ROUTES.reviewRequest). */
export const decisionReviewPagePath = (hash: string): string => pageHref(PAGE_ROUTES.reviewRequest, { applicationHash: hash }).slice(1);

/** Texts of the review request page and the back office's queue. */
export const DECISION_REVIEW_TEXTS = {
  PAGE_TITLE: 'Ask for a person to review this decision',
  REASON_LABEL: 'Why should we look at this decision again?',
  REASON_HINT: 'For example, a qualification or grade that is missing or wrong. Do not include anything we do not need.',
  SUBMIT: 'Send request',
  sent: (respondBy: string) => `We have your request. A member of our admissions team will review the decision and email you by ${respondBy}.`,
  ALREADY_OPEN: 'You have already asked for a review of this decision. We will email you with the outcome.',
  NOT_AUTOMATIC: 'This decision was not made automatically: a person has already made it.',
  REASON_REQUIRED: 'Enter why we should look at this decision again',
  REASON_TOO_LONG: 'Why we should look at this decision again must be 2000 characters or fewer',
  QUEUE_TITLE: 'Reviews of automatic decisions',
  QUEUE_EMPTY: 'No reviews are waiting.',
  OUTCOME_UPHELD: 'Decision stands',
  OUTCOME_CHANGED: 'Decision changed',
  OUTCOME_NOTE_LABEL: 'What to tell the applicant',
  OUTCOME_REQUIRED: 'Choose an outcome',
  NOTE_REQUIRED: 'Enter what to tell the applicant',
  RECORD: 'Record outcome',
  ALREADY_DECIDED: 'This review already has an outcome.',
  NOT_FOUND: 'Review not found',
  logRequested: 'Applicant asked for a person to review the automatic decision',
  logOutcome: (outcome: string, note: string) => `Review of the automatic decision: ${outcome}. ${note}`,
} as const;

/** The outcome email's words (kind REVIEW). */
export const DECISION_REVIEW_EMAIL_TEXTS = {
  subject: (courseTitle: string) => `The review of the decision on your application for ${courseTitle}`,
  UPHELD_HEADING: 'A person has reviewed the decision: it stands',
  CHANGED_HEADING: 'A person has reviewed the decision: it has changed',
  UPHELD: 'A member of our admissions team has reviewed the automatic decision on your application and agrees with it.',
  CHANGED:
    'A member of our admissions team has reviewed the automatic decision on your application and changed it. You will receive a separate email with the new decision.',
  NOTE: 'Their comments',
} as const;
