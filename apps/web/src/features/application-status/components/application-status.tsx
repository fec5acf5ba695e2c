import {
  applicationReference,
  DECISION_FACT_ATTRIBUTE,
  DECISION_TEXTS,
  decisionContent,
  decisionCourseOf,
  STATUS_PAGE_TEXTS,
  ucasAddedLabel,
  type DecisionContent,
  type StatusPageResponse,
} from '@clearing-desk/contracts';
import { FactList, Panel, SummaryList, Tag } from '@clearing-desk/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { DeadlineCountdown } from './deadline-countdown';
import '../application-status.css';

export type ApplicationStatusProps = {
  review: StatusPageResponse;
  /** The Clearing team's number where the course has none (build configuration). */
  clearingTeamTelephone: string;
  /** Router link to a course's apply page (recommended courses). */
  getCourseHref: (ucasCode: string) => string;
  /** The application read back, below the decision (composed by the route). */
  details: ReactNode;
  /** The countdown's clock (tests). */
  now?: () => number;
  /** A section after the decision's words (the route passes an automatic decision's safeguards). */
  safeguards?: ReactNode;
  /** A section after how to call us (the route passes 'Ask us to call you'). */
  callback?: ReactNode;
};

/** The words of the application's current decision: the contracts' decisionContent, as its email has them. */
export function statusPageContent(review: StatusPageResponse, clearingTeamTelephone: string, getCourseHref: (ucasCode: string) => string): DecisionContent {
  const { applicationData: a, courseData: c, decision: d } = review;
  return decisionContent({
    status: d.STATUS,
    subStatus: d.SUB_STATUS,
    reference: applicationReference(a),
    nationality: a.NATIONALITY ?? null,
    visaType: a.VISA_TYPE || null,
    appliedToUcas: a.APPLIED_TO_UCAS === '1',
    course: decisionCourseOf(c),
    clearingTeamTelephone,
    institutionCode: d.INSTITUTION_CODE,
    deadline: d.DEADLINE ? new Date(d.DEADLINE) : null,
    interview: d.INTERVIEW,
    rejectionReasons: a.REJECTION_REASONS.map((r) => r.MESSAGE),
    recommendedCourses: d.RECOMMENDED_COURSES,
    courseHref: getCourseHref,
  });
}

const telHref = (telephone: string) => `tel:${telephone.replace(/\s+/g, '')}`;

/**
 * The applicant's status page (the review route by hash that every email links
 * to): the decision in plain words (the same words as its email), what to do next and by when (a
 * deadline as a date and time, with the time left), the reference, course and start date, the
 * reasons and other courses, how to reach the Clearing team, then the application read back.
 */
export function ApplicationStatus({ review, clearingTeamTelephone, getCourseHref, details, now, safeguards, callback }: ApplicationStatusProps) {
  const content = statusPageContent(review, clearingTeamTelephone, getCourseHref);
  const { courseData, decision } = review;
  const telephone = content.sheet.telephone;
  const next = content.nextSteps;
  useDocumentTitle(content.heading, STATUS_PAGE_TEXTS.TITLE);

  return (
    <article className="cd-application-status">
      <span className="cd-caption-l">
        {courseData.COURSE_TITLE} {courseData.QUALIFICATION}
      </span>
      {decision.STATUS === 'O' ? <Panel title={content.heading} /> : <h1 className="cd-heading-l">{content.heading}</h1>}
      {ucasAddedLabel(decision.UCAS_ADDED_AT) && (
        <p className="cd-body-l">
          <Tag colour="green">{ucasAddedLabel(decision.UCAS_ADDED_AT)}</Tag>
        </p>
      )}
      {content.paragraphs.map((p) => (
        <p key={p} className="cd-body-l">
          {p}
        </p>
      ))}

      {next && (
        <section aria-labelledby="status-next-heading">
          <h2 className="cd-heading-m" id="status-next-heading">
            {next.heading}
          </h2>
          {next.deadline && (
            <div className="cd-deadline">
              <p className="cd-body cd-deadline__at">
                <strong>{STATUS_PAGE_TEXTS.DEADLINE}:</strong> <time dateTime={next.deadline.at.toISOString()}>{next.deadline.text}</time>
              </p>
              <DeadlineCountdown deadline={next.deadline.at} now={now} />
            </div>
          )}
          {next.lead.map((p) => (
            <p key={p} className="cd-body">
              {p}
            </p>
          ))}
          {next.steps.length > 0 && (
            <ol className="cd-list cd-list--number">
              {next.steps.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ol>
          )}
          {next.after.map((p) => (
            <p key={p} className="cd-body">
              {p}
            </p>
          ))}
        </section>
      )}

      <section aria-labelledby="status-facts-heading">
        <h2 className="cd-heading-m" id="status-facts-heading">
          {DECISION_TEXTS.FACTS}
        </h2>
        <FactList rows={content.facts} attribute={DECISION_FACT_ATTRIBUTE} />
      </section>

      <SummaryList
        rows={content.details.map((d) => ({
          key: d.key,
          value: d.href ? (
            <a className="cd-link" href={d.href} rel="noreferrer">
              {d.value}
            </a>
          ) : (
            d.value
          ),
        }))}
      />

      {content.lists.map((list, i) => (
        <section key={list.heading} aria-labelledby={`status-list-${i}`}>
          <h2 className="cd-heading-m" id={`status-list-${i}`}>
            {list.heading}
          </h2>
          <ul className="cd-list cd-list--bullet">
            {list.items.map((item) => (
              <li key={item.text}>
                {item.href ? (
                  <Link className="cd-link" to={item.href}>
                    {item.text}
                  </Link>
                ) : (
                  item.text
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}

      {safeguards}

      <section aria-labelledby="status-call-heading">
        <h2 className="cd-heading-m" id="status-call-heading">
          {STATUS_PAGE_TEXTS.CALL_US}
        </h2>
        <p className="cd-body">{content.contact}</p>
        <p className="cd-body-l">
          <a className="cd-link cd-application-status__telephone" href={telHref(telephone)}>
            {telephone}
          </a>
        </p>
      </section>
      {callback}
      <p className="cd-body cd-secondary-text">{STATUS_PAGE_TEXTS.pageValidUntil(new Date(decision.LINK_VALID_UNTIL))}</p>

      {details}
    </article>
  );
}
