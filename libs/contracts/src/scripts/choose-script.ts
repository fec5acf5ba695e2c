import type { TrafficLight } from '../assessment/assessment';
import type { ApplicationStatus } from '../status/status-codes';
import { hasPermission } from '../auth/role-permissions';
import type { Access } from '../auth/roles';
import { SCHOOL_CODES } from '../courses/school-codes';
import { needsStudentVisa } from './nationality';
import type { RejectForm, ScriptVariant, SecondYearNote } from './script-texts';

/** Everything the choice depends on (spec section 4 "Decision outcomes"; domain.md "Call scripts"). */
export type ScriptSituation = {
  /** The chosen (or stored) status; null before a button is chosen. */
  status: ApplicationStatus | null;
  /** NATIONALITY, three-letter code. */
  nationality: string | null | undefined;
  /** VISA_TYPE as answered (hidden, so empty, for GBR and IRL): with the nationality it decides visa need. */
  visaType?: string | null | undefined;
  /** OVER18 of the assessment: 0 when under 18 on the course start date. */
  over18: 0 | 1;
  /** SECOND_YEAR_ENTRY is 1. */
  secondYearEntry: boolean;
  /** The course's ALLOW_SECOND_YEAR_ENTRY. */
  allowSecondYearEntry: boolean;
  /** The course's SCHOOL code (SHS, SCI, ...). */
  school: string;
  /** TRAFFIC_LIGHT of the assessment; null before one exists. */
  trafficLight: TrafficLight | null;
  /** The user's access on the course; null for the public. */
  access: Access;
  /**
   * APPLIED_TO_UCAS as answered: true ('1'), false ('0': no UCAS Personal ID, spec section 4), null
   * while nobody has answered it (no note then: the question starts unanswered, domain.md).
   */
  appliedToUcas: boolean | null;
};

/** Which script to read: the outcome variant (null: none yet) and the notes above it. */
export type ScriptChoice = {
  outcome: ScriptVariant | null;
  /** Set only when outcome is REJECT. */
  rejectForm: RejectForm | null;
  under18: boolean;
  secondYear: SecondYearNote | null;
  noUcasId: boolean;
};

const NO_SCRIPT: ScriptChoice = { outcome: null, rejectForm: null, under18: false, secondYear: null, noUcasId: false };

const referVariant = (school: string): ScriptVariant => (school === SCHOOL_CODES.HEALTH_SCIENCES ? 'REFER_SHS' : 'REFER');

function chooseOutcome(s: ScriptSituation): Pick<ScriptChoice, 'outcome' | 'rejectForm'> {
  // The *_NONEEA variants are the 'needs a visa' ones (domain.md "Call scripts").
  const eea = !needsStudentVisa(s.nationality, s.visaType);
  switch (s.status) {
    case null:
    case 'V': // V is treated like the current status (spec section 4): the caller resolves it first.
      return { outcome: null, rejectForm: null };
    case 'D':
    case 'W':
      return { outcome: 'DELETED', rejectForm: null };
    case 'O':
    case 'I': {
      // An offer the adviser may not make directly (no set-status permission, under 18, second-year
      // entry: spec section 4, domain.md "Submit buttons") is transferred and stored as a referral.
      if (!hasPermission(s.access, 'SET_APPLICATION_STATUS') || s.over18 === 0 || s.secondYearEntry) {
        return { outcome: 'OFFER_CALLBACK', rejectForm: null };
      }
      const base = s.status === 'O' ? 'OFFER' : 'INVITE';
      return { outcome: eea ? base : `${base}_NONEEA`, rejectForm: null };
    }
    case 'S':
      // Staff without set-status permission only have Submit: a green form is an offer for a
      // colleague to make, anything else is referred.
      return { outcome: s.trafficLight === 'G' ? 'OFFER_CALLBACK' : referVariant(s.school), rejectForm: null };
    case 'R':
      return { outcome: referVariant(s.school), rejectForm: null };
    case 'P':
      return { outcome: 'POOL', rejectForm: null };
    case 'X':
      return { outcome: 'REJECT', rejectForm: eea ? 'EEA' : 'GENERAL' };
  }
}

/**
 * The second-year note (spec section 4; domain.md "Second-year callers"). On a course without
 * second-year entry the Year 2 option is removed from the form, so nobody can say the caller wants
 * it: the note is always there, for a caller who wants only Year 2 (end the call politely;
 * Sciences: call a supervisor). Where the course allows it and the caller chose Year 2: transfer,
 * or for an under-18 caller a line in the under-18 referral (one extension per script).
 */
function chooseSecondYear(s: ScriptSituation): SecondYearNote | null {
  if (!s.allowSecondYearEntry) return s.school === SCHOOL_CODES.SCIENCES ? 'SUPERVISOR' : 'END_CALL';
  if (!s.secondYearEntry) return null;
  return s.over18 === 0 ? 'REFERRAL' : 'TRANSFER';
}

/**
 * Chooses the call script for a situation (spec section 4 "Decision outcomes"; the table in
 * `src/scripts/README.md`). Pure: the same situation always gives the same script, so the panel
 * can re-run it on every form change or button press. The public (access null) gets no script.
 */
export function chooseScript(situation: ScriptSituation): ScriptChoice {
  if (situation.access === null) return NO_SCRIPT;
  return {
    ...chooseOutcome(situation),
    under18: situation.over18 === 0,
    secondYear: chooseSecondYear(situation),
    noUcasId: situation.appliedToUcas === false,
  };
}
