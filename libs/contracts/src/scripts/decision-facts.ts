import type { ApplicationStatus, ApplicationSubStatus } from '../status/status-codes';
import { APPLICATION_STATUSES } from '../status/status-codes';
import { formatLondonDateTime } from '../common/london-time';
import { formatLongDate } from '../common/long-date';
import { SCHOOL_CODES } from '../courses/school-codes';
import { needsStudentVisa } from './nationality';
import { courseTelephone } from '../courses/course-telephone';
import type { EmailCourseFacts, InterviewDetails } from '../applications/decision-facts';

/**
 * The facts of one decision, in the order every surface lists them: the adviser's script, the
 * staff Saved screen, the public confirmation, the decision email and the status page all render
 * these rows from `decisionFacts`, so none of them can say something the others do not.
 */
export const DECISION_FACT_LABELS = {
  status: 'Decision',
  reference: 'Reference',
  course: 'Course',
  courseCode: 'Course code',
  institutionCode: 'Institution code',
  nextStep: 'Next step',
  deadline: 'Deadline',
  telephone: 'Telephone',
} as const;
export type DecisionFactKey = keyof typeof DECISION_FACT_LABELS;

/** What the facts of a decision are made from (the stored decision, its course and configuration). */
export type DecisionFactsInput = {
  status: ApplicationStatus;
  subStatus: ApplicationSubStatus | null;
  /** The public reference: DEPART_NUMBER followed by id[3] (spec section 2). */
  reference: string;
  course: EmailCourseFacts;
  /** The Clearing team's number (configuration): the telephone of a course without FEEDBACK_TELEPHONE. */
  clearingTeamTelephone: string;
  /** The university's UCAS institution code (config UCAS_INSTITUTION_CODE). */
  institutionCode: string;
  /** The decision's deadline by the working-day rules (contracts/server decisionDeadline), else null. */
  deadline: Date | null;
  interview: InterviewDetails | null;
  nationality: string | null;
  visaType: string | null;
  /** APPLIED_TO_UCAS is '1'. */
  appliedToUcas: boolean;
};

/** A decision's facts (values as shown; null: not a fact of this decision). */
export type DecisionFactSheet = {
  status: ApplicationStatus;
  /** The status's label of spec section 3 ('Offered'). */
  statusLabel: string;
  reference: string;
  /** The course as every surface names it: 'Computer Science BSc (Hons)'. */
  course: string;
  /** The code an applicant enters: COURSE_CODE_OVERRIDE when set, else UCAS_CODE. */
  courseCode: string;
  /** Only for an offer: the code entered in UCAS Hub with the course code. */
  institutionCode: string | null;
  /** The one thing the applicant does (or waits for) next. */
  nextStep: string;
  deadline: { text: string; at: Date } | null;
  /** The course's FEEDBACK_TELEPHONE, else the Clearing team's. */
  telephone: string;
  /** The applicant needs a Student visa (needsStudentVisa): an offer or invitation goes to the Visa Team. */
  needsVisa: boolean;
};

/** One fact as a surface lists it. */
export type DecisionFactRow = { key: DecisionFactKey; label: string; value: string };

/** The course as the words name it: 'Computer Science BSc (Hons)'. */
export const decisionCourseName = (c: Pick<EmailCourseFacts, 'COURSE_TITLE' | 'QUALIFICATION'>): string => `${c.COURSE_TITLE} ${c.QUALIFICATION}`.trim();

/** The course fields the facts (and a decision's email) name, picked from a course's data. */
export const decisionCourseOf = (c: EmailCourseFacts): EmailCourseFacts => ({
  UCAS_CODE: c.UCAS_CODE,
  COURSE_CODE_OVERRIDE: c.COURSE_CODE_OVERRIDE,
  COURSE_TITLE: c.COURSE_TITLE,
  QUALIFICATION: c.QUALIFICATION,
  COURSE_START_DATE: c.COURSE_START_DATE,
  FEEDBACK_TELEPHONE: c.FEEDBACK_TELEPHONE,
  SCHOOL: c.SCHOOL,
});

/** The code an applicant enters for a course: COURSE_CODE_OVERRIDE when set, else UCAS_CODE. */
export const decisionCourseCode = (c: Pick<EmailCourseFacts, 'UCAS_CODE' | 'COURSE_CODE_OVERRIDE'>): string =>
  c.COURSE_CODE_OVERRIDE?.trim() ? c.COURSE_CODE_OVERRIDE : c.UCAS_CODE;

/**
 * The sentences naming a referral's and a pool's deadline, word for word in the call script
 * (script-texts.ts REFER and POOL, with `{deadline}`), the next-step fact of the Saved screen, the
 * email and the status page. `deadline` is the stored decision's (contracts/server
 * decisionDeadline on the Clearing team's working days, CLEARING_TEAM_DAYS and
 * CLEARING_BANK_HOLIDAYS) as formatLondonDateTime writes it: '12:00 on Monday 17 August 2026'.
 * Null before the decision is stored (a pool's 24 hours start at the save): the rule itself
 * (spec sections 4 and 9: midday on the next working day; 24 hours), never 'tomorrow', which a
 * Saturday referral would make untrue.
 */
export const DEADLINE_SENTENCES = {
  refer: (deadline: string | null) =>
    `If nobody has contacted you by ${deadline ?? 'midday on our next working day'}, please assume that you have been unsuccessful.`,
  pool: (deadline: string | null) =>
    `If you have not heard from us ${deadline ? `by ${deadline}` : 'within 24 hours'}, please presume that you have been unsuccessful.`,
} as const;

/** The words of the next-step fact (domain.md "Decision emails"). */
export const NEXT_STEP_TEXTS = {
  offer: (deadline: string | null) =>
    deadline
      ? `Add us as your Clearing choice in UCAS Hub by ${deadline} (two working days). After that the offer lapses.`
      : 'Add us as your Clearing choice in UCAS Hub within two working days. After that the offer lapses.',
  interview: (i: InterviewDetails | null) => {
    if (!i) return 'We will send you the time and venue of your interview.';
    const online = /^https?:\/\//i.test(i.INTERVIEW_VENUE);
    return `Your interview is at ${i.INTERVIEW_TIME} on ${formatLongDate(i.INTERVIEW_DATE)}${online ? ', online.' : `, at ${i.INTERVIEW_VENUE}.`}`;
  },
  RECEIVED: 'Our Clearing team will call you to talk about your application.',
  REFER_SHS: 'The course tutor may contact you within 24 hours.',
  refer: (deadline: string | null) => `Our admissions team or the course tutor will call you. ${DEADLINE_SENTENCES.refer(deadline)}`,
  pool: (deadline: string | null) => DEADLINE_SENTENCES.pool(deadline),
  REJECT: 'You can look at the other vacancies in Clearing on the UCAS website.',
  WITHDRAWN: 'There is nothing more to do. If you did not expect this, call our Clearing team.',
  CLOSED: 'There is nothing more to do.',
} as const;

/**
 * The facts of a decision (status, reference, course and its code, the institution code of an
 * offer, the next step, its deadline, the telephone): the one source the script, the Saved
 * screen, the public confirmation, the email and the status page render from. Pure.
 */
export function decisionFacts(input: DecisionFactsInput): DecisionFactSheet {
  const shs = input.course.SCHOOL === SCHOOL_CODES.HEALTH_SCIENCES;
  const deadlineAt = input.status === 'O' || input.status === 'P' || (input.status === 'R' && !shs) ? input.deadline : null;
  const deadline = deadlineAt ? { text: formatLondonDateTime(deadlineAt), at: deadlineAt } : null;
  const nextStep = (() => {
    switch (input.status) {
      case 'O':
        return NEXT_STEP_TEXTS.offer(deadline?.text ?? null);
      case 'I':
        return NEXT_STEP_TEXTS.interview(input.interview);
      case 'S':
        return NEXT_STEP_TEXTS.RECEIVED;
      case 'R':
        return shs ? NEXT_STEP_TEXTS.REFER_SHS : NEXT_STEP_TEXTS.refer(deadline?.text ?? null);
      case 'P':
        return NEXT_STEP_TEXTS.pool(deadline?.text ?? null);
      case 'X':
        return NEXT_STEP_TEXTS.REJECT;
      case 'W':
        return NEXT_STEP_TEXTS.WITHDRAWN;
      default:
        return NEXT_STEP_TEXTS.CLOSED;
    }
  })();
  return {
    status: input.status,
    statusLabel: APPLICATION_STATUSES[input.status],
    reference: input.reference,
    course: decisionCourseName(input.course),
    courseCode: decisionCourseCode(input.course),
    institutionCode: input.status === 'O' && input.institutionCode ? input.institutionCode : null,
    nextStep,
    deadline,
    telephone: courseTelephone(input.course, input.clearingTeamTelephone),
    needsVisa: needsStudentVisa(input.nationality, input.visaType),
  };
}

/** The facts as rows, in DECISION_FACT_LABELS' order, leaving out those this decision has not. */
export function decisionFactRows(sheet: DecisionFactSheet): DecisionFactRow[] {
  const values: Record<DecisionFactKey, string | null> = {
    status: sheet.statusLabel,
    reference: sheet.reference,
    course: sheet.course,
    courseCode: sheet.courseCode,
    institutionCode: sheet.institutionCode,
    nextStep: sheet.nextStep,
    deadline: sheet.deadline?.text ?? null,
    telephone: sheet.telephone,
  };
  return (Object.keys(DECISION_FACT_LABELS) as DecisionFactKey[]).flatMap((key) => {
    const value = values[key];
    return value === null ? [] : [{ key, label: DECISION_FACT_LABELS[key], value }];
  });
}

/** The attribute each surface puts on a fact's element, so tests can read any surface's facts alike. */
export const DECISION_FACT_ATTRIBUTE = 'data-decision-fact';
