import {
  DECISION_EMAIL_TEXTS,
  DECISION_REVIEW_EMAIL_TEXTS,
  DECISION_TEXTS,
  decisionReviewPagePath,
  type DecisionContent,
  decisionContent,
  decisionEmailKind,
  decisionEmailSubject,
  intakeCycleEnd,
  statusPagePath,
  type DecisionEmailKind,
  type DecisionEmailPayload,
} from '@clearing-desk/contracts';
import { decisionDeadline } from '@clearing-desk/contracts/server';
import { render } from '@react-email/render';
import { AutomaticDecisionSection } from '../templates/automatic-decision-section';
import { DecisionEmail } from '../templates/decision-email';

/** The words of a review's outcome email (kind REVIEW): the outcome, the reviewer's note, the reference and course. */
function reviewOutcomeContent(payload: DecisionEmailPayload, review: NonNullable<DecisionEmailPayload['review']>): DecisionContent {
  const upheld = review.OUTCOME === 'UPHELD';
  return {
    heading: upheld ? DECISION_REVIEW_EMAIL_TEXTS.UPHELD_HEADING : DECISION_REVIEW_EMAIL_TEXTS.CHANGED_HEADING,
    paragraphs: [upheld ? DECISION_REVIEW_EMAIL_TEXTS.UPHELD : DECISION_REVIEW_EMAIL_TEXTS.CHANGED],
    nextSteps: null,
    details: [
      { key: DECISION_TEXTS.REFERENCE, value: payload.reference },
      { key: DECISION_TEXTS.COURSE, value: `${payload.course.COURSE_TITLE} ${payload.course.QUALIFICATION}`.trim() },
    ],
    lists: [{ heading: DECISION_REVIEW_EMAIL_TEXTS.NOTE, items: [{ text: review.NOTE }] }],
    contact: null,
  };
}

/** What a rendered email needs beyond its payload (notifications-svc config). */
export type RenderContext = { publicUrl: string; institutionCode: string };

export type RenderedEmail = { kind: DecisionEmailKind; subject: string; html: string; text: string };

/** One line: header values never carry a line break (a name with CR/LF cannot add a header). */
export const oneLine = (value: string): string => value.replace(/[\r\n\t\u2028\u2029]+/g, ' ').trim();

/** The status page of an application: PUBLIC_URL + review/{hash} (contracts' statusPagePath, the web app's review route). */
export const statusPageUrl = (publicUrl: string, hash: string): string => `${publicUrl}${statusPagePath(hash)}`;

/**
 * Renders a decision's email (subject, HTML and plain text) from its outbox payload, or null when
 * the decision sends none (decisionEmailKind). Pure apart from the clock-free date rules: the
 * same payload always renders the same email, so a retried job sends the same words.
 */
export async function renderDecisionEmail(payload: DecisionEmailPayload, ctx: RenderContext): Promise<RenderedEmail | null> {
  const kind = decisionEmailKind({ previous: payload.previousStatus, status: payload.status, source: payload.source, review: payload.review });
  if (!kind) return null;
  const decidedAt = new Date(payload.decidedAt);
  const content = payload.review
    ? reviewOutcomeContent(payload, payload.review)
    : decisionContent({
        status: payload.status,
        subStatus: payload.subStatus,
        reference: payload.reference,
        nationality: payload.applicant.NATIONALITY,
        visaType: payload.applicant.VISA_TYPE ?? null,
        appliedToUcas: payload.applicant.APPLIED_TO_UCAS,
        course: payload.course,
        institutionCode: ctx.institutionCode,
        deadline: decisionDeadline(payload.status, decidedAt),
        interview: payload.interview,
        rejectionReasons: payload.rejectionReasons,
        recommendedCourses: payload.recommendedCourses,
        courseHref: (code) => `${ctx.publicUrl}${DECISION_EMAIL_TEXTS.COURSE_PATH(code)}`,
      });
  const subject = oneLine(decisionEmailSubject(kind, payload.course));
  const preview = oneLine(content.nextSteps?.lead[0] ?? content.paragraphs[0] ?? content.heading);
  const element = (
    <DecisionEmail
      subject={subject}
      preview={preview}
      greeting={DECISION_EMAIL_TEXTS.greeting(payload.applicant.NAME1)}
      content={content}
      statusUrl={statusPageUrl(ctx.publicUrl, payload.hash)}
      statusLinkLabel={DECISION_EMAIL_TEXTS.STATUS_LINK}
      linkNote={DECISION_EMAIL_TEXTS.linkValidUntil(payload.linkValidUntil ? new Date(payload.linkValidUntil) : intakeCycleEnd(payload.intake))}
      signOff={DECISION_EMAIL_TEXTS.SIGN_OFF}
      extra={
        payload.automaticReasons && !payload.review ? (
          <AutomaticDecisionSection reasons={payload.automaticReasons} reviewUrl={`${ctx.publicUrl}${decisionReviewPagePath(payload.hash)}`} />
        ) : undefined
      }
    />
  );
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { kind, subject, html, text };
}
