import {
  buildCallScript,
  courseScriptValues,
  SCRIPT_HEADINGS,
  type Access,
  type ApplicationFormInput,
  type ApplicationStatus,
  type Assessment,
  type CallScript as CallScriptData,
  type CourseData,
  type DecisionFactSheet,
  type LogItem,
  type ScriptScenario,
} from '@clearing-desk/contracts';
import { TrafficLight } from '@clearing-desk/ui';
import type { ReactNode } from 'react';
import { env } from '@/config/env';
import { SubjectRequirements } from '@/components/subject-requirements';
import { CallScript } from './call-script';
import { ScriptHtml } from './script-html';
import { HistoryLog } from './history-log';
import { PointsTable } from './points-table';
import { SecondYearGuidanceNote, type SecondYearGuidancePlace } from './second-year-guidance';
import '../call-scripts.css';

/**
 * The form values the script reads (NAME1, NAME2, NATIONALITY, SECOND_YEAR_ENTRY, APPLIED_TO_UCAS,
 * UCAS_PERSONAL_ID): the live form's values or the stored application, as they are; anything that
 * is not a string counts as not given.
 */
export type ScriptFormValues = Readonly<Partial<Record<keyof ApplicationFormInput, unknown>>> | Readonly<Record<string, unknown>>;

const str = (form: ScriptFormValues, key: keyof ApplicationFormInput): string => {
  const value = (form as Readonly<Record<string, unknown>>)[key];
  return typeof value === 'string' ? value.trim() : '';
};

export type FeedbackPanelProps = {
  /** The live assessment of the form; null before the first one. */
  assessment: Assessment | null;
  /** The form values (live form or stored application). */
  form: ScriptFormValues;
  course: Pick<
    CourseData,
    | 'UCAS_CODE'
    | 'COURSE_TITLE'
    | 'SCHOOL'
    | 'SCHOOL_NAME'
    | 'TARIFF_ADVERTISED'
    | 'TARIFF_ACCEPTED'
    | 'IB_ADVERTISED'
    | 'IB_ACCEPTED'
    | 'ALLOW_SECOND_YEAR_ENTRY'
    | 'EXTENSION_NO'
    | 'FEEDBACK_TELEPHONE'
    | 'COURSE_START_DATE'
    | 'SUBJECT_REQUIREMENTS'
  > & { assessmentInfo?: Pick<CourseData['assessmentInfo'], 'priorEntry'> | undefined };
  /** The user's access on the course (spec section 3); null renders nothing (public). */
  access: Access;
  /** The chosen submit button's status, else the stored status; null when neither. */
  status: ApplicationStatus | null;
  /** The application's history LOG; empty for a new application. */
  log?: readonly LogItem[];
  /** APPLICATION_ID (aid) quoted to the priority hotline; absent for a new application. */
  applicationId?: string | null;
  /** The public reference number (%ref%). */
  reference?: string | null;
  /** A training call's scenario. */
  scenario?: ScriptScenario | null;
  /** The stored decision's facts (deskDecisionFacts), read back when the script is for that decision. */
  facts?: DecisionFactSheet | null;
  /** The stored current cycle's NAME ('2025/26', the Clearing status's `cycle`): the version line's label. */
  cycle?: string | null;
  /** The outbound call button (spec section 4 "Outbound call"), supplied by the applications desk. */
  outboundCall?: ReactNode;
  /** The application's decision emails, after the History LOG; supplied by the applications desk. */
  emails?: ReactNode;
  /**
   * The Year 2 guidance at the top of the panel while it sits beside the form (a course without
   * second-year entry): for screens whose form starts below the first screen.
   */
  secondYearGuidanceOnTop?: boolean;
  /**
   * A call being taken (a new phone application): the script comes straight after the panel's
   * heading (and the Year 2 guidance), before the points and history, so the greeting and the
   * first thing to say are in view when the call starts, not a screen further down the panel.
   */
  scriptFirst?: boolean;
};

/** APPLIED_TO_UCAS as the script reads it: unanswered ('') is neither yes nor no. */
const appliedToUcas = (answer: string): boolean | null => (answer === '1' ? true : answer === '0' ? false : null);

const fullName = (form: ScriptFormValues): string => [str(form, 'NAME1'), str(form, 'NAME2')].filter(Boolean).join(' ');

/** What the script depends on: the panel's props without the history and the call button. */
export type DeskScriptProps = Omit<FeedbackPanelProps, 'log' | 'outboundCall' | 'emails' | 'secondYearGuidanceOnTop' | 'scriptFirst'>;

/**
 * The call script for what is on screen (spec sections 1 and 4): the situation (status,
 * nationality, OVER18 of the live assessment, second-year entry, school, light, access, UCAS ID)
 * and the placeholder values from the form and course, through `buildCallScript` of contracts.
 */
export function deskCallScript(props: DeskScriptProps): CallScriptData {
  const { assessment, form, course, access, status } = props;
  return buildCallScript(
    {
      status,
      nationality: str(form, 'NATIONALITY'),
      visaType: str(form, 'VISA_TYPE'),
      over18: assessment?.OVER18 ?? 1,
      secondYearEntry: str(form, 'SECOND_YEAR_ENTRY') === '1',
      allowSecondYearEntry: course.ALLOW_SECOND_YEAR_ENTRY,
      school: course.SCHOOL,
      trafficLight: assessment?.TRAFFIC_LIGHT ?? null,
      access,
      appliedToUcas: appliedToUcas(str(form, 'APPLIED_TO_UCAS')),
    },
    {
      // The Clearing team's number (build configuration) where the course has no telephone.
      ...courseScriptValues(course, env.VITE_CLEARING_TEAM_TELEPHONE),
      studentName: fullName(form),
      aid: props.applicationId,
      ref: props.reference,
    },
    { alternates: assessment?.ALTERNATE, scenario: props.scenario, facts: props.facts, cycle: props.cycle },
  );
}

/**
 * The staff feedback panel (spec section 2): outbound call button, points table, explanation
 * messages, numbered history log, then the scripting area (Script heading, notes, the
 * status-specific script). Pure props: it re-renders with the form, the assessment and the chosen
 * button, so the script is always the one for what is on screen. Renders nothing for the public.
 */
export function FeedbackPanel(props: FeedbackPanelProps) {
  const { assessment, course, access, log = [], outboundCall } = props;
  if (access === null) return null;
  const script = deskCallScript(props);
  const secondYearNote = course.ALLOW_SECOND_YEAR_ENTRY ? undefined : script.notes.find((n) => n.id === 'second-year');

  return (
    <section className="cd-feedback cd-call-scripts__panel" aria-labelledby="call-scripts-feedback-heading">
      <h2 className="cd-heading-m" id="call-scripts-feedback-heading">
        {SCRIPT_HEADINGS.PANEL}
      </h2>
      {props.reference && (
        <p className="cd-body cd-feedback__reference">
          {SCRIPT_HEADINGS.REFERENCE}: <strong>{props.reference}</strong>
        </p>
      )}
      {props.secondYearGuidanceOnTop && secondYearNote && <SecondYearGuidanceNote paragraphs={secondYearNote.paragraphs} place="panel" />}
      {props.scriptFirst && <CallScript script={script} />}
      {outboundCall && <div className="cd-call-scripts__outbound">{outboundCall}</div>}
      <PointsTable assessment={assessment} course={course} />
      {((course.SUBJECT_REQUIREMENTS ?? []).length > 0 || course.assessmentInfo?.priorEntry) && (
        <>
          <h3 className="cd-heading-s">{SCRIPT_HEADINGS.SUBJECT_REQUIREMENTS}</h3>
          <SubjectRequirements course={course} className="cd-list cd-feedback__requirements" />
        </>
      )}
      {assessment && assessment.EXPLANATION.length > 0 && (
        <>
          <h3 className="cd-heading-s">{SCRIPT_HEADINGS.EXPLANATION}</h3>
          <ul className="cd-list cd-feedback__explanation">
            {assessment.EXPLANATION.map((e, i) => (
              <li key={i}>
                <TrafficLight value={e.STATUS} /> {e.MESSAGE}
              </li>
            ))}
          </ul>
        </>
      )}
      <HistoryLog log={log} />
      {props.emails}
      {!props.scriptFirst && <CallScript script={script} />}
    </section>
  );
}

/**
 * The feedback script on the Review tab (spec section 2 "the feedback script when complete"), for
 * StaffReview's `script`: the same script as the panel's, not announced again. Nothing for the public.
 */
export function ReviewScript(props: DeskScriptProps) {
  if (props.access === null) return null;
  return <CallScript script={deskCallScript(props)} live={false} />;
}

/**
 * The opening of a call for a narrow screen, where the panel follows the form: the greeting and
 * the first thing to say after it (the start date where the script has one, else the
 * data-protection notice), above the form's fields, hidden once the panel sits beside the form
 * (its script is then in view). The same texts as the panel's script (`deskCallScript`).
 * Nothing for the public.
 */
export function CallOpening(props: DeskScriptProps) {
  if (props.access === null) return null;
  const script = deskCallScript(props);
  return (
    <div className="cd-inset-text cd-call-opening" data-opening="call">
      <ScriptHtml html={script.greeting} className="cd-body cd-call-opening__greeting" />
      <ScriptHtml html={script.startDate ?? script.dataProtection} className="cd-body" />
    </div>
  );
}

/**
 * The guidance for a caller who wants only the Second Year, where the course has no second-year
 * entry (spec section 4: end the call politely; the Sciences variant: call a supervisor;
 * domain.md "Second-year callers"), for a desk screen's form (training scenario
 * SC014): the panel's own second-year note. Nothing where the course allows the Second Year, and
 * nothing for the public.
 */
export function SecondYearGuidance({ course, access, place }: Pick<DeskScriptProps, 'course' | 'access'> & { place: SecondYearGuidancePlace }) {
  if (access === null || course.ALLOW_SECOND_YEAR_ENTRY) return null;
  const note = deskCallScript({ course, access, assessment: null, form: {}, status: null }).notes.find((n) => n.id === 'second-year');
  return note ? <SecondYearGuidanceNote paragraphs={note.paragraphs} place={place} /> : null;
}
