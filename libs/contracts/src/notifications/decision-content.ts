import { CALLBACK_TEXTS } from '../applications/callback-texts';
import { UCAS_TEXTS } from '../applications/ucas-reconciliation';
import { DECISION_REVIEW_EMAIL_TEXTS } from '../privacy/automatic-decision-texts';
import type { RecommendedCourse } from '../applications/application';
import type { ApplicationStatus } from '../status/status-codes';
import { formatLondonDateTime } from '../common/london-time';
import { formatLongDate } from '../common/long-date';
import {
  decisionCourseCode,
  decisionFactRows,
  decisionFacts,
  type DecisionFactRow,
  type DecisionFactSheet,
  type DecisionFactsInput,
} from '../scripts/decision-facts';
import type { EmailCourseFacts } from '../applications/decision-facts';
import type { DecisionEmailPayload } from './outbox';

/**
 * Which email a decision sends (domain.md "Decision emails"; DfE Apply's habit: every transition
 * says what it sends). One status change sends one email at most:
 * - a public submission, by its confirmed status: O an offer, S or R 'received', X a rejection;
 * - an adviser's change of status (or a staff create) to O, I, P, R, X or W: that decision's email;
 * - a staff create as S (taken by Front Office, or any adviser who submits for a colleague to
 *   decide): 'received', so the caller has the reference in writing (domain.md "Decision emails");
 * - D and V send nothing, nor does a save that keeps the status.
 */
export const DECISION_EMAIL_KINDS = ['OFFER', 'INVITE', 'RECEIVED', 'REFER', 'POOL', 'REJECT', 'WITHDRAWN', 'REVIEW', 'CALLBACK', 'UCAS_REMINDER'] as const;
export type DecisionEmailKind = (typeof DECISION_EMAIL_KINDS)[number];

/** What each kind is called in the staff History ('Offer email to ann@example.com'). */
export const DECISION_EMAIL_KIND_LABELS: Record<DecisionEmailKind, string> = {
  OFFER: 'Offer email',
  INVITE: 'Interview invitation email',
  RECEIVED: 'Application received email',
  REFER: 'Referral email',
  POOL: 'Pooled email',
  REJECT: 'Rejection email',
  WITHDRAWN: 'Withdrawal email',
  REVIEW: 'Decision review email',
  CALLBACK: 'Callback booked email',
  UCAS_REMINDER: 'UCAS reminder email',
};

/** `review`: the outcome of a person's review of an automatic decision, which always sends its REVIEW email. */
export type DecisionChange = { previous: ApplicationStatus | null; status: ApplicationStatus; source: 'public' | 'staff'; review?: unknown };

/** The email a decision sends, or null (rules above). */
export function decisionEmailKind({ previous, status, source, review }: DecisionChange): DecisionEmailKind | null {
  if (review) return 'REVIEW';
  if (previous === status) return null;
  if (source === 'public') {
    if (previous !== null) return null;
    if (status === 'O') return 'OFFER';
    if (status === 'S' || status === 'R') return 'RECEIVED';
    if (status === 'X') return 'REJECT';
    return null;
  }
  switch (status) {
    case 'S':
      return previous === null ? 'RECEIVED' : null;
    case 'O':
      return 'OFFER';
    case 'I':
      return 'INVITE';
    case 'P':
      return 'POOL';
    case 'R':
      return 'REFER';
    case 'X':
      return 'REJECT';
    case 'W':
      return 'WITHDRAWN';
    default:
      return null;
  }
}

/** Everything the words of a decision depend on; the same for an email and the status page. */
export type DecisionFacts = DecisionFactsInput & {
  rejectionReasons: readonly string[];
  recommendedCourses: readonly RecommendedCourse[];
  /** Link to a recommended course's page (the public apply page). */
  courseHref: (ucasCode: string) => string;
  /** Why a withdrawal (W) was made, when it records one: 'lapsed' says the offer was not added in UCAS by its deadline. */
  withdrawalReason?: 'lapsed' | null;
};

/** A list in the words: heading and items, an item optionally a link. */
export type DecisionList = { heading: string; items: { text: string; href?: string }[] };

/**
 * A decision in plain words: the heading, the opening paragraphs, what to do next (the action and
 * its deadline first), the decision's facts (decisionFacts, the rows every surface lists), details
 * beyond them (interview, start date), lists (reasons, recommended courses) and how to reach the
 * Clearing team. Emails wrap it in a greeting and a link to the status page; the status page shows
 * it above the application details. Each part is a section of its own, so other notices fit between.
 */
export type DecisionContent = {
  heading: string;
  paragraphs: string[];
  nextSteps: { heading: string; deadline: { text: string; at: Date } | null; lead: string[]; steps: string[]; after: string[] } | null;
  facts: DecisionFactRow[];
  sheet: DecisionFactSheet;
  details: { key: string; value: string; href?: string }[];
  lists: DecisionList[];
  contact: string;
};

export const DECISION_TEXTS = {
  NEXT_STEPS: 'What to do next',
  WHAT_HAPPENS_NEXT: 'What happens next',
  FACTS: 'Your decision at a glance',
  REFERENCE: 'Reference',
  COURSE: 'Course',
  STARTS: 'Starts',
  REASONS: 'Why we cannot offer you a place',
  RECOMMENDED: 'Courses you could apply for instead',
  INTERVIEW_DATE: 'Date',
  INTERVIEW_TIME: 'Time',
  INTERVIEW_VENUE: 'Venue or link',
  OFFER_HEADING: 'Good News!',
  INVITE_HEADING: 'You are invited to an interview',
  RECEIVED_HEADING: 'We have received your application',
  REFER_HEADING: 'Your application has been referred',
  POOL_HEADING: 'We are considering your application',
  REJECT_HEADING: 'Unfortunately, you do not meet the requirements for this course',
  WITHDRAWN_HEADING: 'Your application has been withdrawn',
  DUPLICATE_HEADING: 'This application has been closed',
  /** An offer (or invitation) to an applicant who needs a Student visa (spec section 4's OFFER_NONEEA). */
  VISA_OFFER: 'Because of your nationality, our visa compliance team will contact you about your offer and your student visa.',
  VISA_INTERVIEW: 'Because of your nationality, our visa compliance team will contact you before your interview.',
  contact: (telephone: string, reference: string) => `If you have any questions, call our Clearing team on ${telephone} and quote your reference ${reference}.`,
} as const;

/** The words of a decision (DecisionContent) for the status it has; its facts are decisionFacts'. */
export function decisionContent(f: DecisionFacts): DecisionContent {
  const sheet = decisionFacts(f);
  const facts = decisionFactRows(sheet);
  const name = sheet.course;
  const starts = formatLongDate(f.course.COURSE_START_DATE);
  const startsRow = [{ key: DECISION_TEXTS.STARTS, value: starts }];
  const contact = DECISION_TEXTS.contact(sheet.telephone, sheet.reference);
  const base = { facts, sheet, details: startsRow, lists: [] as DecisionList[], contact };
  const next = (heading: string, after: string[] = [], steps: string[] = []) => ({ heading, deadline: sheet.deadline, lead: [sheet.nextStep], steps, after });
  switch (f.status) {
    case 'O': {
      const steps = [
        ...(f.appliedToUcas
          ? []
          : [
              'You have not applied through UCAS this year, so first register with UCAS and make a Clearing application in UCAS Hub; you will get a UCAS Personal ID.',
            ]),
        'Sign in to your UCAS Hub and choose Clearing.',
        `Add us as your Clearing choice with institution code ${f.institutionCode} and course code ${sheet.courseCode}.`,
        'Submit your choice. We will confirm your place in UCAS Hub.',
      ];
      return {
        ...base,
        heading: DECISION_TEXTS.OFFER_HEADING,
        paragraphs: [`We are pleased to offer you a place on ${name}, starting on ${starts}.`, `Your reference is ${f.reference}.`],
        nextSteps: next(DECISION_TEXTS.NEXT_STEPS, sheet.needsVisa ? [DECISION_TEXTS.VISA_OFFER] : [], steps),
      };
    }
    case 'I': {
      const i = f.interview;
      const venueIsLink = i ? /^https?:\/\//i.test(i.INTERVIEW_VENUE) : false;
      return {
        ...base,
        heading: DECISION_TEXTS.INVITE_HEADING,
        paragraphs: [`We would like to invite you to an interview for ${name}, starting on ${starts}.`, `Your reference is ${f.reference}.`],
        nextSteps: next(DECISION_TEXTS.NEXT_STEPS, sheet.needsVisa ? [DECISION_TEXTS.VISA_INTERVIEW] : []),
        details: i
          ? [
              { key: DECISION_TEXTS.INTERVIEW_DATE, value: formatLongDate(i.INTERVIEW_DATE) },
              { key: DECISION_TEXTS.INTERVIEW_TIME, value: i.INTERVIEW_TIME },
              { key: DECISION_TEXTS.INTERVIEW_VENUE, value: i.INTERVIEW_VENUE, ...(venueIsLink ? { href: i.INTERVIEW_VENUE } : {}) },
              ...startsRow,
            ]
          : startsRow,
      };
    }
    case 'S':
      return {
        ...base,
        heading: DECISION_TEXTS.RECEIVED_HEADING,
        paragraphs: [`Thank you for applying for ${name}.`, `Your reference is ${f.reference}.`],
        nextSteps: next(DECISION_TEXTS.WHAT_HAPPENS_NEXT),
      };
    case 'R':
      return {
        ...base,
        heading: DECISION_TEXTS.REFER_HEADING,
        paragraphs: [`Thank you for applying for ${name}. We have referred your application to our admissions team.`, `Your reference is ${f.reference}.`],
        nextSteps: next(DECISION_TEXTS.WHAT_HAPPENS_NEXT),
      };
    case 'P':
      return {
        ...base,
        heading: DECISION_TEXTS.POOL_HEADING,
        paragraphs: [`We are holding your application for ${name} while we consult our colleagues.`, `Your reference is ${f.reference}.`],
        nextSteps: next(DECISION_TEXTS.WHAT_HAPPENS_NEXT),
      };
    case 'X':
      return {
        ...base,
        heading: DECISION_TEXTS.REJECT_HEADING,
        paragraphs: [`Thank you for applying for ${name}. We are sorry, but we cannot offer you a place on it this year.`, `Your reference is ${f.reference}.`],
        nextSteps: next(DECISION_TEXTS.WHAT_HAPPENS_NEXT),
        lists: [
          ...(f.rejectionReasons.length > 0 ? [{ heading: DECISION_TEXTS.REASONS, items: f.rejectionReasons.map((text) => ({ text })) }] : []),
          ...(f.recommendedCourses.length > 0
            ? [
                {
                  heading: DECISION_TEXTS.RECOMMENDED,
                  items: f.recommendedCourses.map((c) => ({
                    text: `${c.COURSE_TITLE} ${c.QUALIFICATION} (${decisionCourseCode(c)})`,
                    href: f.courseHref(c.UCAS_CODE),
                  })),
                },
              ]
            : []),
        ],
      };
    case 'W':
      return {
        ...base,
        heading: DECISION_TEXTS.WITHDRAWN_HEADING,
        paragraphs: [
          `Your application for ${name} has been withdrawn.`,
          ...(f.withdrawalReason === 'lapsed' ? [UCAS_TEXTS.LAPSED_EMAIL_SENTENCE] : []),
          `Your reference was ${f.reference}.`,
        ],
        nextSteps: null,
      };
    default:
      // D (and V, never stored): nothing is decided for the applicant.
      return { ...base, heading: DECISION_TEXTS.DUPLICATE_HEADING, paragraphs: [`Your reference is ${f.reference}.`], nextSteps: null };
  }
}

/**
 * An email's subject for a kind (short, the decision first; DfE Apply's habit): the course title
 * is the applicant's own and never carries a line break into a header (notifications-svc folds it).
 */
export function decisionEmailSubject(kind: DecisionEmailKind, course: Pick<EmailCourseFacts, 'COURSE_TITLE'>): string {
  const title = course.COURSE_TITLE;
  switch (kind) {
    case 'CALLBACK':
      return CALLBACK_TEXTS.EMAIL_SUBJECT;
    case 'UCAS_REMINDER':
      return UCAS_TEXTS.REMINDER_SUBJECT;
    case 'OFFER':
      return `Good News! Your offer for ${title}`;
    case 'INVITE':
      return `Interview invitation: ${title}`;
    case 'RECEIVED':
      return `We have received your application for ${title}`;
    case 'REFER':
      return `Your application for ${title} has been referred`;
    case 'POOL':
      return `We are considering your application for ${title}`;
    case 'REJECT':
      return `Your application for ${title}`;
    case 'WITHDRAWN':
      return `Your application for ${title} has been withdrawn`;
    case 'REVIEW':
      return DECISION_REVIEW_EMAIL_TEXTS.subject(title);
  }
}

/** The longest name the emails print (characters); a longer one is cut. */
const EMAIL_NAME_MAX = 60;

/**
 * The applicant's name as the decision emails print it (both parts): letters, combining marks,
 * spaces, apostrophes, hyphens and a full stop that ends a word ('J. Smith') only, anything else
 * (digits, ':', '/', '@', a dot inside a word, line breaks) a space, at most EMAIL_NAME_MAX
 * characters (cut at a word). The public form takes any name and the email goes to any address it was given,
 * so a name such as 'Ann, log in at evil.example/verify' prints as 'Ann log in at evil example
 * verify': no link, no line, under the university's name.
 */
export function emailSafeName(name: string): string {
  const words = name
    .normalize('NFKC')
    .replace(/[^\p{L}\p{M}\p{Zs}'\u2019.-]+/gu, ' ')
    .replace(/\.(?!\s|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(words);
  if (chars.length <= EMAIL_NAME_MAX) return words;
  // Cut at the last whole word that fits (one long word is cut as it is).
  const cut = chars.slice(0, EMAIL_NAME_MAX + 1).join('');
  const space = cut.lastIndexOf(' ');
  return (space > 0 ? cut.slice(0, space) : Array.from(cut).slice(0, EMAIL_NAME_MAX).join('')).trim();
}

/** The email's framing around the content: greeting, the status page link and its expiry. */
export const DECISION_EMAIL_TEXTS = {
  greeting: (name1: string) => `Dear ${emailSafeName(name1) || 'applicant'},`,
  STATUS_LINK: 'See your application and what to do next',
  linkValidUntil: (until: Date) => `This link works until ${formatLondonDateTime(until)}.`,
  SIGN_OFF: 'The Clearing team',
  /** The status page's link to a recommended course (the public apply page). */
  COURSE_PATH: (ucasCode: string) => `apply/${encodeURIComponent(ucasCode)}`,
} as const;

/** The status page's texts around the decision. */
export const STATUS_PAGE_TEXTS = {
  TITLE: 'Your application',
  DEADLINE: 'Deadline',
  TIME_LEFT: 'Time left',
  countdown: (ms: number): string => {
    if (ms <= 0) return 'The deadline has passed.';
    const minutes = Math.floor(ms / 60_000);
    const days = Math.floor(minutes / (24 * 60));
    const hours = Math.floor((minutes % (24 * 60)) / 60);
    const mins = minutes % 60;
    const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
    return days > 0 ? `${part(days, 'day')}, ${part(hours, 'hour')} and ${part(mins, 'minute')}` : `${part(hours, 'hour')} and ${part(mins, 'minute')}`;
  },
  DETAILS_HEADING: 'Your application details',
  CALL_US: 'Call the Clearing team',
  /** Under the contact: how long the link (from the emails) keeps working (LINK_VALID_UNTIL). */
  pageValidUntil: (until: Date) => `This page works until ${formatLondonDateTime(until)}, when this Clearing cycle ends.`,
  LOADING: 'Loading your application',
  NOT_FOUND: 'We could not find this application. Check the link you were sent.',
} as const;

/**
 * The facts' input of a decision as its outbox payload carries it (what its email renders from),
 * with the configuration (institution code, the Clearing team's number) and its deadline
 * (contracts/server decisionDeadline from payload.decidedAt).
 */
export function decisionFactsInputOf(
  payload: DecisionEmailPayload,
  config: { institutionCode: string; clearingTeamTelephone: string },
  deadline: Date | null,
): DecisionFactsInput {
  return {
    status: payload.status,
    subStatus: payload.subStatus,
    reference: payload.reference,
    course: payload.course,
    clearingTeamTelephone: config.clearingTeamTelephone,
    institutionCode: config.institutionCode,
    deadline,
    interview: payload.interview,
    nationality: payload.applicant.NATIONALITY,
    visaType: payload.applicant.VISA_TYPE ?? null,
    appliedToUcas: payload.applicant.APPLIED_TO_UCAS,
  };
}
