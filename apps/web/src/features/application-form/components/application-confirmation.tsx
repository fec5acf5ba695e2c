import {
  CONFIRMATION_TEXTS,
  DECISION_FACT_ATTRIBUTE,
  DECISION_TEXTS,
  decisionCourseOf,
  decisionFactRows,
  decisionFacts,
  type DecisionFactSheet,
  courseDocumentTypes,
  displayCourseCode,
  offerTexts,
  offerVariant,
  publicReference,
  type ApplyResponse,
  type CourseData,
  type QualOption,
  type RecommendedCourse,
} from '@clearing-desk/contracts';
import { FactList, Panel } from '@clearing-desk/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { callUsText, FORM_TEXTS, submittedText } from '../texts';
import type { FormValues } from '../types';
import { uploadedDocuments } from '../utils/form-values';
import { ApplicationDetails } from './application-details';

type ApplicationConfirmationProps = {
  response: ApplyResponse;
  course: CourseData;
  /** The values that were submitted (read back when the status has no page of its own). */
  values: FormValues;
  qualOptions: readonly QualOption[];
  /** The Clearing team's number where the course has none (build configuration). */
  clearingTeamTelephone: string;
  courseName: string;
  reviewHref: string;
  searchHref: string;
  getCourseHref: (ucasCode: string) => string;
  /** A section shown after the decision (the route passes an automatic decision's safeguards). */
  safeguards?: ReactNode;
  /** 'Ask us to call you' for this application (the route composes it: feature callbacks). */
  callback?: ReactNode;
};

function RecommendedCourses({ courses, getCourseHref }: { courses: readonly RecommendedCourse[]; getCourseHref: (code: string) => string }) {
  if (courses.length === 0) return null;
  return (
    <section aria-labelledby="recommended-heading">
      <h2 className="cd-heading-m" id="recommended-heading">
        {FORM_TEXTS.RECOMMENDED_HEADING}
      </h2>
      <ul className="cd-list cd-list--bullet cd-list--spaced">
        {courses.map((c) => (
          <li key={c.UCAS_CODE}>
            <Link className="cd-link" to={getCourseHref(c.UCAS_CODE)}>
              {c.COURSE_TITLE} {c.QUALIFICATION} ({displayCourseCode(c)})
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The page's main heading for a confirmed status (also its title). */
export function confirmationHeading(response: Pick<ApplyResponse, 'confirmed_status'>, course: Pick<CourseData, 'FEEDBACK_TELEPHONE'>): string {
  switch (response.confirmed_status) {
    case 'O':
      return CONFIRMATION_TEXTS.OFFER_HEADING;
    case 'S':
    case 'R':
      return course.FEEDBACK_TELEPHONE ? FORM_TEXTS.CALL_US_HEADING : FORM_TEXTS.SUBMITTED_HEADING;
    case 'X':
      return CONFIRMATION_TEXTS.REJECTED_HEADING;
    default:
      return FORM_TEXTS.DETAILS_HEADING;
  }
}

const telHref = (telephone: string) => `tel:${telephone.replace(/\s+/g, '')}`;

const formText = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/**
 * The decision's facts (contracts' decisionFacts) from the answer of POST /api/apply: its
 * deadline and institution code are the server's, so the confirmation names what the email names.
 */
export function confirmationFacts(response: ApplyResponse, course: CourseData, values: FormValues, clearingTeamTelephone: string): DecisionFactSheet {
  return decisionFacts({
    status: response.confirmed_status,
    subStatus: null,
    reference: publicReference(response),
    course: decisionCourseOf(course),
    clearingTeamTelephone,
    institutionCode: response.institution_code ?? '',
    deadline: response.decision_deadline ? new Date(response.decision_deadline) : null,
    interview: null,
    nationality: formText(values.NATIONALITY),
    visaType: formText(values.VISA_TYPE),
    appliedToUcas: values.APPLIED_TO_UCAS === '1',
  });
}

/** The decision's facts as every surface lists them (its own section, so other notices fit around it). */
export function ConfirmationFacts({ sheet }: { sheet: DecisionFactSheet }) {
  return (
    <section aria-labelledby="confirmation-facts-heading">
      <h2 className="cd-heading-m" id="confirmation-facts-heading">
        {DECISION_TEXTS.FACTS}
      </h2>
      <FactList rows={decisionFactRows(sheet)} attribute={DECISION_FACT_ATTRIBUTE} />
    </section>
  );
}

/**
 * The public confirmation page by confirmed_status (spec section 2): O a 'Good News!' panel with
 * the offer and the reference; S or R a call-us page with the Clearing team's number (or a
 * submitted message) and recommended courses; X the rejection heading with the reasons and
 * recommended courses; any other status the application details. The reference is the depart
 * number followed by id[3].
 */
export function ApplicationConfirmation({
  response,
  course,
  values,
  qualOptions,
  clearingTeamTelephone,
  courseName,
  reviewHref,
  searchHref,
  getCourseHref,
  safeguards,
  callback,
}: ApplicationConfirmationProps) {
  const reference = publicReference(response);
  const sheet = confirmationFacts(response, course, values, clearingTeamTelephone);
  const recommended = <RecommendedCourses courses={response.recommended_courses} getCourseHref={getCourseHref} />;

  let body;
  switch (response.confirmed_status) {
    case 'O':
      body = (
        <>
          <Panel title={CONFIRMATION_TEXTS.OFFER_HEADING}>
            {FORM_TEXTS.REFERENCE_LABEL}
            <br />
            <strong className="cd-panel__reference">{reference}</strong>
          </Panel>
          {offerTexts(courseName, displayCourseCode(course), offerVariant(typeof values.APPLIED_TO_UCAS === 'string' ? values.APPLIED_TO_UCAS : undefined)).map(
            (line) => (
              <p key={line} className="cd-body">
                {line}
              </p>
            ),
          )}
          {sheet.needsVisa && <p className="cd-body">{DECISION_TEXTS.VISA_OFFER}</p>}
        </>
      );
      break;
    case 'S':
    case 'R':
      body = course.FEEDBACK_TELEPHONE ? (
        <>
          <h1 className="cd-heading-l">{FORM_TEXTS.CALL_US_HEADING}</h1>
          <p className="cd-body-l">
            {FORM_TEXTS.REFERENCE_LABEL}: <strong>{reference}</strong>
          </p>
          <p className="cd-body">{sheet.nextStep}</p>
          <p className="cd-body">{callUsText(course.FEEDBACK_TELEPHONE, reference)}</p>
          <p className="cd-body">
            <a className="cd-link cd-confirmation__telephone" href={telHref(course.FEEDBACK_TELEPHONE)}>
              {course.FEEDBACK_TELEPHONE}
            </a>
          </p>
          {course.FEEDBACK_NOTE && <p className="cd-body">{course.FEEDBACK_NOTE}</p>}
          {recommended}
        </>
      ) : (
        <>
          <Panel title={FORM_TEXTS.SUBMITTED_HEADING}>
            {FORM_TEXTS.REFERENCE_LABEL}
            <br />
            <strong className="cd-panel__reference">{reference}</strong>
          </Panel>
          <p className="cd-body">{submittedText(reference, sheet.telephone)}</p>
          {recommended}
        </>
      );
      break;
    case 'X':
      body = (
        <>
          <h1 className="cd-heading-l">{CONFIRMATION_TEXTS.REJECTED_HEADING}</h1>
          <p className="cd-body-l">
            {FORM_TEXTS.REFERENCE_LABEL}: <strong>{reference}</strong>
          </p>
          {response.rejection_reasons.length > 0 && (
            <section aria-labelledby="rejection-reasons-heading">
              <h2 className="cd-heading-m" id="rejection-reasons-heading">
                {FORM_TEXTS.REJECTION_REASONS_HEADING}
              </h2>
              <ul className="cd-list cd-list--bullet">
                {response.rejection_reasons.map((reason, i) => (
                  <li key={i}>{reason.MESSAGE}</li>
                ))}
              </ul>
            </section>
          )}
          {recommended}
        </>
      );
      break;
    default:
      body = (
        <>
          <h1 className="cd-heading-l">{FORM_TEXTS.DETAILS_HEADING}</h1>
          <p className="cd-body-l">
            {FORM_TEXTS.REFERENCE_LABEL}: <strong>{reference}</strong>
          </p>
          <ApplicationDetails values={values} qualOptions={qualOptions} documents={uploadedDocuments(values, courseDocumentTypes(course))} />
        </>
      );
  }

  return (
    <div className="cd-confirmation">
      <span className="cd-caption-l">{courseName}</span>
      {body}
      <ConfirmationFacts sheet={sheet} />
      {safeguards}
      <p className="cd-body">
        <Link className="cd-link" to={reviewHref}>
          {FORM_TEXTS.VIEW_APPLICATION}
        </Link>
      </p>
      <p className="cd-body">
        <Link className="cd-link" to={searchHref}>
          {FORM_TEXTS.SEARCH_OTHER_COURSES}
        </Link>
      </p>
      {/* Last: it loads after the page, so nothing above it moves under a reader's click. */}
      {callback}
    </div>
  );
}
