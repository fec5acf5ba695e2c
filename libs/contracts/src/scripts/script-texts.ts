/**
 * Call-script texts as data (spec sections 1, 4 and 9; domain.md "Call scripts"). The adviser reads
 * them aloud. Each text is a trusted template: `{name}` placeholders come from the application and
 * course, `%name%` placeholders are the runtime ones of spec section 1 (%extno%, %ref%, %cname%,
 * %course%, %school%). Only `renderScript` fills them, escaping every value it inserts.
 */

import { FIND_APPLICATION_TEXTS } from '../applications/desk-texts';
import { DEADLINE_SENTENCES } from './decision-facts';

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
  // Beyond spec section 3's list: W keeps its record, so it is not DELETED's 'has been deleted'.
  'WITHDRAWN',
] as const;
export type ScriptVariant = (typeof SCRIPT_VARIANTS)[number];

/** The two forms of REJECT (spec section 4): EEA (incl. home) nationals and everyone else. */
export type RejectForm = 'EEA' | 'GENERAL';

/**
 * What the second-year note tells the adviser (spec section 4 "Second-year entry"; domain.md
 * "Second-year callers"): transfer to the course's extension; on a course without second-year
 * entry, end the call politely if the caller will not start in the first year (Sciences: call a
 * supervisor); for an under-18 caller the wish goes into the under-18 referral instead of a second
 * transfer (one extension per script).
 */
export type SecondYearNote = 'TRANSFER' | 'END_CALL' | 'SUPERVISOR' | 'REFERRAL';

/**
 * A script text: one template, or alternatives in order of preference. The first alternative
 * whose placeholders all have a value is read (renderScript), so a text names what it needs and
 * says something true without it ('... once your application is saved'); the last alternative
 * uses only values every course has (ALWAYS_GIVEN), so no gap ever reaches the adviser.
 */
export type ScriptText = string | readonly string[];

/**
 * The placeholders of spec section 1 (`{name}` from the form and course, `%name%` at runtime) and
 * what each holds. No label is ever shown in place of a missing value: see ScriptText.
 */
export const SCRIPT_PLACEHOLDERS = {
  studentName: "the caller's given and family names (NAME1 NAME2)",
  courseTitle: 'COURSE_TITLE',
  startDate: "the course's start date, written out",
  scenarioId: 'SCENARIO_ID of a training call',
  scenarioName: "the scenario caller's name",
  scenarioDob: "the scenario caller's date of birth",
  aid: 'APPLICATION_ID, once the application is saved',
  phone: "the course's FEEDBACK_TELEPHONE, else the Clearing team's number (configuration)",
  extno: "the course's EXTENSION_NO (an alternative's own extension)",
  ref: 'the public reference (DEPART_NUMBER + id[3]), once the application is saved',
  cname: "the course title (an alternative's own title)",
  course: "the UCAS code (an alternative's own code)",
  school: "the school's name (SCHOOL_NAME), never its code",
  interviewDate: 'the interview date the adviser entered, written out',
  interviewTime: 'the interview time the adviser entered (UK time)',
  interviewVenue: 'the interview venue or online link the adviser entered',
  deadline: "the stored referral's or pool's deadline (decisionFacts: '12:00 on Monday 17 August 2026'), once the decision is saved",
} as const;
export type PlaceholderName = keyof typeof SCRIPT_PLACEHOLDERS;

/** The placeholders every course fills: a text's last alternative may use only these. */
export const ALWAYS_GIVEN: readonly PlaceholderName[] = ['courseTitle', 'cname', 'course', 'phone'];

/** Headings of the scripting area. */
export const SCRIPT_HEADINGS = {
  PANEL: 'Feedback',
  /** The public reference the caller quotes (spec section 2: depart number then id[3]). */
  REFERENCE: 'Reference',
  POINTS: 'Points',
  EXPLANATION: 'Explanation',
  /** The course's subject requirements in plain words (domain.md "Traffic light"). */
  SUBJECT_REQUIREMENTS: 'Subject requirements',
  HISTORY: 'History',
  SCRIPT: 'Script',
  NOTES: 'Notes',
  OUTCOME: 'What to say',
  NO_HISTORY: 'No history yet.',
  NO_OUTCOME: 'Choose a status to see its script.',
  /** Under the status buttons: each button's outcome script, read before committing to it. */
  BUTTON_SCRIPTS: 'What to say for each decision',
  /** Heading of one button's script: its label, e.g. 'If you choose Offer'. */
  buttonScript: (label: string): string => `If you choose ${label}`,
  /** The confirmation at the top of the screen after a save. */
  SAVED: 'Saved',
  DECISION: 'Decision',
  NEXT_CALLER: 'Next caller',
  /** Above the saved decision's facts in the script: what the email and the applicant's status page say too. */
  READ_BACK: 'Read back to the caller',
} as const;

/** Said to the caller about the reference before and after saving (the public confirmation asks them to quote it too). */
const REFERENCE: ScriptText = [
  'Your reference number is %ref%; please quote it whenever you contact us about this application.',
  'I will give you your reference number once your application is saved.',
];

/** The invitation (spec section 4 "Invite"). */
const INVITATION = 'I am pleased to invite you to an interview for %cname%.';

/** The interview the adviser entered, read back (before it is entered: what happens instead). */
const INTERVIEW_READ_BACK: ScriptText = [
  'Your interview is on {interviewDate} at {interviewTime}, at {interviewVenue}. You will receive an email with these details.',
  'I will give you the date, time and venue of your interview as soon as I have entered them, and you will receive an email with them.',
];

/** Where the adviser transfers a caller: the course's extension, else the Clearing team's number. */
const transferTo = (then = ''): ScriptText => [
  `Adviser: transfer the caller to extension %extno%${then}.`,
  `Adviser: transfer the caller to the Clearing team on {phone}${then}.`,
];

/** The opening and standing prompts (spec section 1). */
export const SCRIPT_TEXTS = {
  /** Spec section 1, quoted exactly; the under-18 and second-year wordings continue it. Before the name is taken: no name. */
  GREETING: ['Hello {studentName}. You are applying for course {courseTitle}', 'Hello. You are applying for course {courseTitle}'],
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
  /** Spec section 4 "No national-service ID": the caller said they have not applied through UCAS this year. */
  NO_UCAS_ID:
    'You have not applied through UCAS this year, so you do not have a UCAS Personal ID. We will still take your details now, but you may be asked to complete an application form later.',
} as const;

/** The notes shown under the Script heading (spec section 4; domain.md "Second-year callers"). */
export const SCRIPT_NOTES = {
  UNDER_18: [
    'Your application will be referred to the Admissions Office; I am not able to make a decision on it today.',
    [
      'If you need an answer quickly, call our priority hotline ({phone}) before 18:00 today and quote your application id {aid}.',
      'If you need an answer quickly, call our priority hotline ({phone}) before 18:00 today and quote your application id, which I will give you once your application is saved.',
    ],
    'Adviser: add the under-18 referral note and transfer to extension ' + SCRIPT_EXTENSIONS.UNDER_18_REFERRAL + '.',
  ],
  SECOND_YEAR: {
    TRANSFER: [
      [
        'I will transfer you now to extension %extno%, who deal with Second Year entry.',
        'I will transfer you now to the Clearing team on {phone}, who deal with Second Year entry.',
      ],
    ],
    END_CALL: [
      'This course does not accept entry into the Second Year; you can start only in the First Year.',
      'Adviser: if the caller wants only the Second Year, end the call politely: "I am sorry we cannot help you with this course; thank you for calling."',
    ],
    SUPERVISOR: [
      'This course does not accept entry into the Second Year; you can start only in the First Year.',
      'Adviser: if the caller wants only the Second Year, call a supervisor before going any further.',
    ],
    REFERRAL: ['Adviser: write in the under-18 referral note that the caller wants to start in the Second Year.'],
  } satisfies Record<SecondYearNote, readonly ScriptText[]>,
} as const;

/**
 * The status-specific outcome scripts (spec sections 3, 4 and 9). Every one that leaves the caller
 * with something to follow up gives the reference to quote (%ref%). The offer's second paragraph
 * is OFFER_NO_UCAS for a caller who has not applied through UCAS this year.
 */
export const OUTCOME_SCRIPTS = {
  OFFER: [
    'I am pleased to make you an offer for %cname%. You will receive an email confirming it.',
    'You must add us through the Clearing option on your UCAS Hub within two working days, after which the offer lapses.',
    REFERENCE,
    'Adviser: transfer the caller to extension ' + SCRIPT_EXTENSIONS.OFFER_INVITE + '.',
  ],
  INVITE: [INVITATION, INTERVIEW_READ_BACK, REFERENCE, 'Adviser: transfer the caller to extension ' + SCRIPT_EXTENSIONS.OFFER_INVITE + '.'],
  // Needs a visa (domain.md "Call scripts"): the offer is made, then the visa compliance team takes over.
  OFFER_NONEEA: [
    'I am pleased to make you an offer for %cname%. You will receive an email confirming it.',
    'You must add us through the Clearing option on your UCAS Hub within two working days, after which the offer lapses.',
    'Because of your nationality, our visa compliance team will contact you about your offer and your student visa. I will now transfer you to them.',
    'If the transfer fails, the visa team will call you back.',
    REFERENCE,
    'Adviser: transfer the caller to extension ' + SCRIPT_EXTENSIONS.OFFER_INVITE + '.',
  ],
  INVITE_NONEEA: [
    INVITATION,
    INTERVIEW_READ_BACK,
    'Because of your nationality, our visa compliance team will contact you before your interview. I will now transfer you to them.',
    'If the transfer fails, the visa team will call you back.',
    REFERENCE,
    'Adviser: transfer the caller to extension ' + SCRIPT_EXTENSIONS.OFFER_INVITE + '.',
  ],
  POOL: [
    'We are holding your application while I consult my colleagues.',
    // The stored decision's deadline once saved (the email's), the rule before (DEADLINE_SENTENCES).
    [DEADLINE_SENTENCES.pool('{deadline}'), DEADLINE_SENTENCES.pool(null)],
    REFERENCE,
  ],
  REJECT: [
    'I am sorry, your qualifications do not meet the requirement for %cname% and we cannot offer you a place this year.',
    'Please look at the vacancies on the national admissions service (UCAS).',
  ],
  REFER_SHS: [
    'I will transfer you to Admissions now; if that is not possible, the course tutor will call you back.',
    'The tutor may contact you within 24 hours.',
    REFERENCE,
    transferTo(),
  ],
  REFER: [
    'I will transfer you to Admissions now; if that is not possible, the course tutor will call you back.',
    [DEADLINE_SENTENCES.refer('{deadline}'), DEADLINE_SENTENCES.refer(null)],
    REFERENCE,
    transferTo(),
  ],
  OFFER_CALLBACK: [
    'Your application for %cname% needs a decision from a colleague. I will transfer you to them now.',
    REFERENCE,
    transferTo(', then store the application as a referral'),
  ],
  DELETED: ['This application has been deleted.'],
  WITHDRAWN: ['Your application for %cname% has been withdrawn. We keep its record, and you will receive an email confirming the withdrawal.', REFERENCE],
} as const satisfies Record<ScriptVariant, readonly ScriptText[]>;

/**
 * OFFER_CALLBACK's transfer for an adviser who cannot set a status (Front Office): they submit the
 * application for the Clearing team to decide, never 'store it as a referral', which they cannot.
 */
export const CALLBACK_SUBMIT = transferTo(', then submit the application: the Clearing team makes the decision');

/**
 * The offer's second paragraph for a caller who has not applied through UCAS this year (spec
 * section 4 "No national-service ID"; the same steps as the public `AR` offer, offerTexts).
 */
export const OFFER_NO_UCAS =
  'You have not applied through UCAS this year, so to accept the offer, register with UCAS, sign in to your UCAS Hub, choose Clearing and add us as your Clearing choice (course code %course%) within two working days, after which the offer lapses.';

/** Extra REJECT paragraphs by form and the alternative-course offer (spec section 4). */
export const REJECT_EXTRAS = {
  GENERAL: [
    'Our partner organisation runs foundation courses that could lead on to a degree with us. Adviser: transfer the caller to extension ' +
      SCRIPT_EXTENSIONS.PARTNER_FOUNDATION +
      '.',
  ],
  EEA: [] as string[],
  /** One per alternative, read with its own title, code, school name and extension. */
  ALTERNATIVE: ['We may be able to offer you %cname% (%course%) in %school% instead.', 'We may be able to offer you %cname% (%course%) instead.'],
  ALTERNATIVE_TRANSFER: [
    'Adviser: transfer the caller to the department on extension %extno%.',
    'Adviser: transfer the caller to the Clearing team on {phone}, who will put them through to the department.',
  ],
} as const;
