import { meetsEnglishByNationality } from '../qualifications/english-tests';
import type { Alternate } from '../assessment/assessment';
import { formatLongDate } from '../common/long-date';
import type { CourseData } from '../courses/course';
import { courseTelephone } from '../courses/course-telephone';
import { chooseScript, type ScriptChoice, type ScriptSituation } from './choose-script';
import { renderScript, type ScriptValues } from './render-script';
import { SCRIPT_VERSION } from '../common/limits';
import { clearingLabel } from '../rules/clearing-label';
import { decisionFactRows, type DecisionFactRow, type DecisionFactSheet } from './decision-facts';
import { hasPermission } from '../auth/role-permissions';
import type { InterviewDetails } from '../applications/decision-facts';
import {
  CALLBACK_SUBMIT,
  OFFER_NO_UCAS,
  OUTCOME_SCRIPTS,
  REJECT_EXTRAS,
  SCRIPT_EXTENSIONS,
  SCRIPT_NOTES,
  SCRIPT_TEXTS,
  type PlaceholderName,
  type ScriptText,
} from './script-texts';

/** The call script, every text rendered to escaped HTML (see renderScript). */
export type CallScript = {
  version: string;
  /** 'Clearing 2025/26': the current cycle's label (clearingLabel; 'Clearing' while the cycle is not known). */
  cycleLabel: string;
  choice: ScriptChoice;
  /** Greeting, continued by the under-18 or second-year wording when they apply (spec section 1). */
  greeting: string;
  /** Null when the course has no start date to read out. */
  startDate: string | null;
  /** Only in a training call (a scenario is set). */
  trainingIntro: string | null;
  dataProtection: string;
  /** Null when the nationality alone meets the English requirement: the question is not asked. */
  englishEvidence: string | null;
  searchPrompts: string[];
  /** Notes in the order shown: no-UCAS-ID, under-18, second-year. */
  notes: { id: 'no-ucas-id' | 'under-18' | 'second-year'; paragraphs: string[] }[];
  /** The status-specific script; empty when no status is chosen. */
  outcome: string[];
  /**
   * The stored decision's facts (decisionFacts) to read back to the caller, when the script is for
   * that decision (the chosen status is the stored one); empty before a save or for another status.
   */
  facts: DecisionFactRow[];
  /** Placeholders no alternative of a text could fill (read as empty): always none for a course of the catalogue. */
  gaps: PlaceholderName[];
};

/** A scenario of a training call (spec section 3 "Scenario"). */
export type ScriptScenario = { id: string; name: string; dob: string };

/**
 * The values a call script is filled with. `courseTitle`, `cname`, `course` and `phone` are what
 * every course has (phone: FEEDBACK_TELEPHONE, else the Clearing team's number from
 * configuration); the others may be missing while the call goes on (no name yet, not saved yet:
 * no aid or ref), and each text then reads its alternative without them.
 */
export type CallScriptValues = ScriptValues & { courseTitle: string; cname: string; course: string; phone: string };

/** The course fields a script reads. */
export type ScriptCourse = Pick<CourseData, 'UCAS_CODE' | 'COURSE_TITLE' | 'SCHOOL_NAME' | 'EXTENSION_NO' | 'FEEDBACK_TELEPHONE' | 'COURSE_START_DATE'>;

/**
 * What a course puts in every script: its title (courseTitle, %cname%), UCAS code (%course%),
 * school's name (%school%), extension (%extno%), start date written out, and the telephone of the
 * priority hotline: the course's FEEDBACK_TELEPHONE, else `clearingTeamTelephone` (the Clearing
 * team's number from configuration), so a course without one never leaves a gap.
 */
export function courseScriptValues(course: ScriptCourse, clearingTeamTelephone: string): CallScriptValues {
  return {
    courseTitle: course.COURSE_TITLE,
    cname: course.COURSE_TITLE,
    course: course.UCAS_CODE,
    school: course.SCHOOL_NAME,
    extno: course.EXTENSION_NO,
    startDate: formatLongDate(course.COURSE_START_DATE),
    phone: courseTelephone(course, clearingTeamTelephone),
  };
}

/**
 * Builds the whole scripting area for one situation (spec sections 1, 2 and 4): chooses the
 * variant with chooseScript and renders every text with `values`. One extension per script: for
 * an under-18 caller every transfer is the under-18 referral's (0421), never the course's too.
 * Alternatives of a red assessment each get the alternative-course paragraph with their own
 * title, code, school name and extension.
 */
export function buildCallScript(
  situation: ScriptSituation,
  values: CallScriptValues,
  options: {
    alternates?: readonly Alternate[];
    scenario?: ScriptScenario | null;
    facts?: DecisionFactSheet | null;
    /** The interview the adviser entered (an invitation reads it back). */
    interview?: InterviewDetails | null;
    /** The stored current cycle's NAME ('2025/26', GET /api/admin/status `cycle`), for the version line. */
    cycle?: string | null;
  } = {},
): CallScript {
  const choice = chooseScript(situation);
  const interview: ScriptValues = options.interview
    ? {
        interviewDate: formatLongDate(options.interview.INTERVIEW_DATE),
        interviewTime: options.interview.INTERVIEW_TIME,
        interviewVenue: options.interview.INTERVIEW_VENUE,
      }
    : {};
  // The stored decision's facts, when the script is for that decision: its deadline as the email names it.
  const stored = options.facts && options.facts.status === situation.status ? options.facts : null;
  const filled: ScriptValues = {
    ...values,
    ...interview,
    deadline: stored?.deadline?.text ?? null,
    ...(choice.under18 ? { extno: SCRIPT_EXTENSIONS.UNDER_18_REFERRAL } : {}),
  };
  const gaps: PlaceholderName[] = [];
  const r = (t: ScriptText, extra: ScriptValues = {}) => renderScript(t, { ...filled, ...extra }, (name) => gaps.push(name));

  let wording = '';
  if (choice.under18) wording += ` ${SCRIPT_TEXTS.UNDER_18_WORDING}`;
  if (situation.secondYearEntry && situation.allowSecondYearEntry) wording += ` ${SCRIPT_TEXTS.SECOND_YEAR_WORDING}`;

  const notes: CallScript['notes'] = [];
  if (choice.noUcasId) notes.push({ id: 'no-ucas-id', paragraphs: [r(SCRIPT_TEXTS.NO_UCAS_ID)] });
  if (choice.under18) notes.push({ id: 'under-18', paragraphs: SCRIPT_NOTES.UNDER_18.map((t) => r(t)) });
  if (choice.secondYear) notes.push({ id: 'second-year', paragraphs: SCRIPT_NOTES.SECOND_YEAR[choice.secondYear].map((t) => r(t)) });

  // Front Office (no set-status permission) submits the callback for the Clearing team; it cannot store a referral.
  const submitsOnly = !hasPermission(situation.access, 'SET_APPLICATION_STATUS');
  const texts: readonly ScriptText[] = choice.outcome
    ? choice.outcome === 'OFFER_CALLBACK' && submitsOnly
      ? [...OUTCOME_SCRIPTS.OFFER_CALLBACK.slice(0, -1), CALLBACK_SUBMIT]
      : OUTCOME_SCRIPTS[choice.outcome]
    : [];
  const outcome = texts.map((t, i) => r(choice.outcome === 'OFFER' && choice.noUcasId && i === 1 ? OFFER_NO_UCAS : t));
  if (choice.rejectForm) {
    outcome.push(...REJECT_EXTRAS[choice.rejectForm].map((t) => r(t)));
    for (const alt of options.alternates ?? []) {
      const own: ScriptValues = { cname: alt.TITLE ?? alt.COURSE, course: alt.COURSE, school: alt.SCHOOL_NAME, extno: alt.EXTENSION };
      outcome.push(`${r(REJECT_EXTRAS.ALTERNATIVE, own)} ${r(REJECT_EXTRAS.ALTERNATIVE_TRANSFER, own)}`);
    }
  }

  const scenario = options.scenario;
  const greetings = SCRIPT_TEXTS.GREETING.map((t) => t + wording);
  return {
    version: SCRIPT_VERSION,
    cycleLabel: clearingLabel(options.cycle ? { NAME: options.cycle } : null),
    choice,
    greeting: r(greetings),
    startDate: values.startDate?.trim() ? r(SCRIPT_TEXTS.START_DATE) : null,
    trainingIntro: scenario ? r(SCRIPT_TEXTS.TRAINING_INTRO, { scenarioId: scenario.id, scenarioName: scenario.name, scenarioDob: scenario.dob }) : null,
    dataProtection: r(SCRIPT_TEXTS.DATA_PROTECTION),
    englishEvidence: meetsEnglishByNationality(situation.nationality) ? null : r(SCRIPT_TEXTS.ENGLISH_EVIDENCE),
    searchPrompts: SCRIPT_TEXTS.SEARCH_PROMPTS.map((t) => r(t)),
    notes,
    outcome,
    facts: stored ? decisionFactRows(stored) : [],
    gaps,
  };
}
