import type { Alternate } from '../assessment/assessment';
import { chooseScript, type ScriptChoice, type ScriptSituation } from './choose-script';
import { renderScript, type ScriptValues } from './render-script';
import { INTAKE_YEAR, SCRIPT_VERSION } from '../common/limits';
import { OUTCOME_SCRIPTS, REJECT_EXTRAS, SCRIPT_NOTES, SCRIPT_TEXTS } from './script-texts';

/** The call script, every text rendered to escaped HTML (see renderScript). */
export type CallScript = {
  version: string;
  intakeYear: string;
  choice: ScriptChoice;
  /** Greeting, continued by the under-18 or second-year wording when they apply (spec section 1). */
  greeting: string;
  startDate: string;
  /** Only in a training call (a scenario is set). */
  trainingIntro: string | null;
  dataProtection: string;
  englishEvidence: string;
  searchPrompts: string[];
  /** Notes in the order shown: no-UCAS-ID, under-18, second-year. */
  notes: { id: 'no-ucas-id' | 'under-18' | 'second-year'; paragraphs: string[] }[];
  /** The status-specific script; empty when no status is chosen. */
  outcome: string[];
};

/** A scenario of a training call (spec section 3 "Scenario"). */
export type ScriptScenario = { id: string; name: string; dob: string };

/**
 * Builds the whole scripting area for one situation (spec sections 1, 2 and 4): chooses the
 * variant with chooseScript and renders every text with `values` (student name, course title,
 * start date, aid, phone, %extno%, %cname%, ...). Alternatives of a red assessment each get the
 * alternative-course paragraph with their own %cname%, %course%, %school% and %extno%.
 */
export function buildCallScript(
  situation: ScriptSituation,
  values: ScriptValues,
  options: { alternates?: readonly Alternate[]; scenario?: ScriptScenario | null } = {},
): CallScript {
  const choice = chooseScript(situation);
  const r = (t: string, extra: ScriptValues = {}) => renderScript(t, { ...values, ...extra });

  let greeting = SCRIPT_TEXTS.GREETING;
  if (choice.under18) greeting += ` ${SCRIPT_TEXTS.UNDER_18_WORDING}`;
  if (choice.secondYear) greeting += ` ${SCRIPT_TEXTS.SECOND_YEAR_WORDING}`;

  const notes: CallScript['notes'] = [];
  if (choice.noUcasId) notes.push({ id: 'no-ucas-id', paragraphs: [r(SCRIPT_TEXTS.NO_UCAS_ID)] });
  if (choice.under18) notes.push({ id: 'under-18', paragraphs: SCRIPT_NOTES.UNDER_18.map((t) => r(t)) });
  if (choice.secondYear) notes.push({ id: 'second-year', paragraphs: SCRIPT_NOTES.SECOND_YEAR[choice.secondYear].map((t) => r(t)) });

  const outcome: string[] = choice.outcome ? OUTCOME_SCRIPTS[choice.outcome].map((t) => r(t)) : [];
  if (choice.rejectForm) {
    outcome.push(...REJECT_EXTRAS[choice.rejectForm].map((t) => r(t)));
    for (const alt of options.alternates ?? []) {
      outcome.push(r(REJECT_EXTRAS.ALTERNATIVE, { cname: alt.TITLE ?? alt.COURSE, course: alt.COURSE, school: alt.SCHOOL, extno: alt.EXTENSION }));
    }
  }

  const scenario = options.scenario;
  return {
    version: SCRIPT_VERSION,
    intakeYear: INTAKE_YEAR,
    choice,
    greeting: r(greeting),
    startDate: r(SCRIPT_TEXTS.START_DATE),
    trainingIntro: scenario ? r(SCRIPT_TEXTS.TRAINING_INTRO, { scenarioId: scenario.id, scenarioName: scenario.name, scenarioDob: scenario.dob }) : null,
    dataProtection: r(SCRIPT_TEXTS.DATA_PROTECTION),
    englishEvidence: r(SCRIPT_TEXTS.ENGLISH_EVIDENCE),
    searchPrompts: SCRIPT_TEXTS.SEARCH_PROMPTS.map((t) => r(t)),
    notes,
    outcome,
  };
}
