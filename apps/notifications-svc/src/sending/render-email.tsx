import {
  DECISION_EMAIL_TEXTS,
  DECISION_REVIEW_EMAIL_TEXTS,
  decisionReviewPagePath,
  type DecisionContent,
  decisionContent,
  decisionFactsInputOf,
  decisionEmailKind,
  decisionEmailSubject,
  intakeCycleEnd,
  statusPagePath,
  type DecisionEmailKind,
  type DecisionEmailPayload,
} from '@clearing-desk/contracts';
import { decisionDeadline, type TeamCalendar } from '@clearing-desk/contracts/server';
import { render } from '@react-email/render';
import { AutomaticDecisionSection } from '../templates/automatic-decision-section';
import { DecisionEmail } from '../templates/decision-email';

/**
 * The words of a review's outcome email (kind REVIEW): the outcome and the reviewer's note, over the
 * same decision facts (reference, course, telephone) as every other surface of the decision.
 */
function reviewOutcomeContent(decision: DecisionContent, review: NonNullable<DecisionEmailPayload['review']>): DecisionContent {
  const upheld = review.OUTCOME === 'UPHELD';
  return {
    ...decision,
    heading: upheld ? DECISION_REVIEW_EMAIL_TEXTS.UPHELD_HEADING : DECISION_REVIEW_EMAIL_TEXTS.CHANGED_HEADING,
    paragraphs: [upheld ? DECISION_REVIEW_EMAIL_TEXTS.UPHELD : DECISION_REVIEW_EMAIL_TEXTS.CHANGED],
    nextSteps: null,
    details: [],
    lists: [{ heading: DECISION_REVIEW_EMAIL_TEXTS.NOTE, items: [{ text: review.NOTE }] }],
  };
}

/** What a rendered email needs beyond its payload (notifications-svc config). */
export type RenderContext = {
  publicUrl: string;
  institutionCode: string;
  /** The Clearing team's number, for an email whose course has no telephone of its own. */
  clearingTeamTelephone: string;
  /** The Clearing team's working days (referral and pool deadlines); the default calendar when absent. */
  calendar?: TeamCalendar | undefined;
};

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
  const decision = decisionContent({
    ...decisionFactsInputOf(payload, ctx, decisionDeadline(payload.status, decidedAt, ctx.calendar)),
    rejectionReasons: payload.rejectionReasons,
    recommendedCourses: payload.recommendedCourses,
    courseHref: (code) => `${ctx.publicUrl}${DECISION_EMAIL_TEXTS.COURSE_PATH(code)}`,
    withdrawalReason: payload.withdrawalReason ?? null,
  });
  const content = payload.review ? reviewOutcomeContent(decision, payload.review) : decision;
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
