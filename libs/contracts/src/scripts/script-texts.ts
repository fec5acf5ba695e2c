/**
 * Call-script texts as data (spec sections 1, 4 and 9; domain.md "Call scripts"). The adviser reads
 * them aloud. Each text is a trusted template: `{name}` placeholders come from the application and
 * course, `%name%` placeholders are the runtime ones of spec section 1 (%extno%, %ref%, %cname%,
 * %course%, %school%). Only `renderScript` fills them, escaping every value it inserts.
 */

import { FIND_APPLICATION_TEXTS } from '../applications/desk-texts';

// The version string (2023.0.3) and intake year (2025/26) of spec section 1 are SCRIPT_VERSION and
// INTAKE_YEAR in common/limits.ts.

/** Fixed telephone extensions of spec section 9. */
export const SCRIPT_EXTENSIONS = {
  /** Offer and invite transfers. */
  OFFER_INVITE: '7969',
  /** The under-18 referral note. */
  UNDER_18_REFERRAL: '0421',
  /** Transfer to the partner foundation-course organisation. */
  PARTNER_FOUNDATION: '7982',
} as const;

/** Outcome prompt variants of spec section 3. */
export const SCRIPT_VARIANTS = [
  'OFFER',
  'INVITE',
  'OFFER_NONEEA',
  'INVITE_NONEEA',
  'POOL',
  'REJECT',
  'REFER_SHS',
  'REFER',
  'OFFER_CALLBACK',
  'DELETED',
] as const;
export type ScriptVariant = (typeof SCRIPT_VARIANTS)[number];

/** The two forms of REJECT (spec section 4): EEA (incl. home) nationals and everyone else. */
export type RejectForm = 'EEA' | 'GENERAL';

/** What the second-year note tells the adviser to do (spec section 4 "Second-year entry"). */
export type SecondYearNote = 'TRANSFER' | 'END_CALL' | 'SUPERVISOR';

/** Labels shown in place of a placeholder that has no value yet (the form is still being filled). */
export const PLACEHOLDER_LABELS = {
  studentName: 'student name',
  courseTitle: 'course title',
  startDate: 'start date',
  scenarioId: 'scenario id',
  scenarioName: 'scenario name',
  scenarioDob: 'scenario date of birth',
  aid: 'application id',
  phone: 'hotline number',
  extno: 'extension',
  ref: 'reference number',
  cname: 'course name',
  course: 'course code',
  school: 'school',
} as const;
export type PlaceholderName = keyof typeof PLACEHOLDER_LABELS;

/** Headings of the scripting area. */
export const SCRIPT_HEADINGS = {
  PANEL: 'Feedback',
  POINTS: 'Points',
  EXPLANATION: 'Explanation',
  HISTORY: 'History',
  SCRIPT: 'Script',
  NOTES: 'Notes',
  OUTCOME: 'What to say',
  NO_HISTORY: 'No history yet.',
  NO_OUTCOME: 'Choose a status to see its script.',
} as const;

/** The opening and standing prompts (spec section 1). */
export const SCRIPT_TEXTS = {
  /** Spec section 1, quoted exactly; the under-18 and second-year wordings continue it. */
  GREETING: 'Hello {studentName}. You are applying for course {courseTitle}',
  /** Spec section 1, quoted exactly. */
  UNDER_18_WORDING: 'and you have indicated that you will be under the age of 18 on the courses start date',
  /** Spec section 1, quoted exactly. */
  SECOND_YEAR_WORDING: 'but want to start in the Second Year',
  START_DATE: 'The course starts on {startDate}.',
  TRAINING_INTRO:
    'This is a training call for scenario {scenarioId} ({scenarioName}). Before we start, please confirm your full name and your date of birth. (Expected: {scenarioName}, born {scenarioDob}.)',
  DATA_PROTECTION:
    'Before we continue: the information you give us is used to evaluate your suitability for the course, to process your application, to communicate with you by email and possibly to recommend alternative courses to you. It is not used for any other purposes.',
  ENGLISH_EVIDENCE: 'We need evidence of your English proficiency, for example GCSE English Language or IELTS. Which English qualification do you have?',
  /** The search prompts (spec section 1): the notes of 'Find an application', worded once in desk-texts.ts. */
  SEARCH_PROMPTS: [
    FIND_APPLICATION_TEXTS.REFERENCE_NOTE,
    `${FIND_APPLICATION_TEXTS.SPECIALIST_NOTE} ${FIND_APPLICATION_TEXTS.SPECIALIST_LINK}.`,
    `${FIND_APPLICATION_TEXTS.APPLY_NOTE} ${FIND_APPLICATION_TEXTS.COURSE_SEARCH_LINK}.`,
  ],
  NO_UCAS_ID: 'You do not have a UCAS Personal ID. We will still take your details now, but you may be asked to complete an application form later.',
} as const;

/** The notes shown under the Script heading (spec section 4). */
export const SCRIPT_NOTES = {
  UNDER_18: [
    'Your application will be referred to the Admissions Office; I am not able to make a decision on it today.',
    'If you need an answer quickly, call our priority hotline ({phone}) before 18:00 today and quote your application id {aid}.',
    'Adviser: add the under-18 referral note and transfer to extension ' + SCRIPT_EXTENSIONS.UNDER_18_REFERRAL + '.',
  ],
  SECOND_YEAR: {
    TRANSFER: ['I will transfer you now to extension %extno%, who deal with Second Year entry.'],
    END_CALL: [
      'This course does not accept entry into the Second Year. If you do not want to start in the First Year, I am sorry we cannot help with this course; thank you for calling.',
      'Adviser: end the call politely.',
    ],
    SUPERVISOR: ['This course does not accept entry into the Second Year.', 'Adviser: call a supervisor before going any further.'],
  } satisfies Record<SecondYearNote, readonly string[]>,
} as const;

/** The status-specific outcome scripts (spec sections 3, 4 and 9). */
export const OUTCOME_SCRIPTS = {
  OFFER: [
    'I am pleased to make you an offer for %cname%. You will receive an email confirming it.',
    'You must add us through the Clearing option on your UCAS Hub within two working days, after which the offer lapses.',
    'Adviser: transfer the caller to extension ' + SCRIPT_EXTENSIONS.OFFER_INVITE + '.',
  ],
  INVITE: [
    'I am pleased to invite you to an interview for %cname%. You will receive an email with the interview time and venue.',
    'Adviser: transfer the caller to extension ' + SCRIPT_EXTENSIONS.OFFER_INVITE + '.',
  ],
  OFFER_NONEEA: [
    'Your qualifications meet the requirements for %cname%. Because of your nationality, I will now transfer you to our visa compliance team before an offer can be made.',
    'If the transfer fails, the visa team will call you back.',
    'Adviser: transfer the caller to extension ' + SCRIPT_EXTENSIONS.OFFER_INVITE + '.',
  ],
  INVITE_NONEEA: [
    'Your qualifications meet the requirements for an interview for %cname%. Because of your nationality, I will now transfer you to our visa compliance team before you can be invited.',
    'If the transfer fails, the visa team will call you back.',
    'Adviser: transfer the caller to extension ' + SCRIPT_EXTENSIONS.OFFER_INVITE + '.',
  ],
  POOL: [
    'We are holding your application while I consult my colleagues.',
    'If you have not heard from us within 24 hours, please presume that you have been unsuccessful.',
  ],
  REJECT: [
    'I am sorry, your qualifications do not meet the requirement for %cname% and we cannot offer you a place this year.',
    'Please look at the vacancies on the national admissions service (UCAS).',
  ],
  REFER_SHS: [
    'I will transfer you to Admissions now; if that is not possible, the course tutor will call you back.',
    'The tutor may contact you within 24 hours.',
  ],
  REFER: [
    'I will transfer you to Admissions now; if that is not possible, the course tutor will call you back.',
    'If nobody has contacted you by midday tomorrow, please assume that you have been unsuccessful.',
  ],
  OFFER_CALLBACK: [
    'Your application for %cname% needs a decision from a colleague. I will transfer you to them now.',
    'Adviser: transfer the caller to extension %extno%, then store the application as a referral.',
  ],
  DELETED: ['This application has been deleted.'],
} as const satisfies Record<ScriptVariant, readonly string[]>;

/** Extra REJECT paragraphs by form and the alternative-course offer (spec section 4). */
export const REJECT_EXTRAS = {
  GENERAL: [
    'Our partner organisation runs foundation courses that could lead on to a degree with us. Adviser: transfer the caller to extension ' +
      SCRIPT_EXTENSIONS.PARTNER_FOUNDATION +
      '.',
  ],
  EEA: [] as string[],
  ALTERNATIVE: 'We may be able to offer you %cname% (%course%) in %school% instead. Adviser: transfer the caller to the department on extension %extno%.',
} as const;
