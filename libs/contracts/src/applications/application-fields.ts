import { LIMITS } from '../common/limits';
import { needsVisaType } from './countries';

/** The two form sections the submit tab groups errors by (spec section 2). */
export type FormSection = 'personal-details' | 'qualifications';

export type FieldKind = 'text' | 'email' | 'tel' | 'yesno' | 'select' | 'date' | 'textarea' | 'group';

/** A plain-valued form field (spec section 3) with its rules (spec section 5). */
export type FieldDef = {
  name: string;
  /** Used in every message: "'{label}' is required." */
  label: string;
  /** Longer question shown on the form, when the label alone is not clear enough. */
  question?: string;
  hint?: string;
  section: FormSection;
  kind: FieldKind;
  required: boolean;
  minLength?: number;
  maxLength?: number;
  /** Hidden fields are not shown and not validated (spec section 5). */
  visible?: (form: Readonly<Record<string, unknown>>) => boolean;
};

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * Every field of the application form in form order, with the rules of spec section 5. Yes/no
 * fields hold '1', '0' or ''. The required ones (spec section 5 'required yes/no') start unanswered
 * ('') and must be answered; an optional one is never missing, so it starts at '0' (domain.md).
 */
export const APPLICATION_FIELDS: readonly FieldDef[] = [
  { name: 'NAME1', label: 'Given name', section: 'personal-details', kind: 'text', required: true, maxLength: LIMITS.TEXT_MAX },
  { name: 'NAME2', label: 'Family name', section: 'personal-details', kind: 'text', required: true, maxLength: LIMITS.TEXT_MAX },
  { name: 'EMAIL', label: 'Email address', section: 'personal-details', kind: 'email', required: true, maxLength: LIMITS.EMAIL_MAX },
  { name: 'DOB', label: 'Date of birth', hint: 'For example, 27 3 2007', section: 'personal-details', kind: 'date', required: true },
  {
    name: 'TEL1',
    label: 'Telephone number',
    section: 'personal-details',
    kind: 'tel',
    required: true,
    minLength: LIMITS.PHONE_MIN,
    maxLength: LIMITS.PHONE_MAX,
  },
  {
    name: 'TEL2',
    label: 'Alternative telephone number',
    section: 'personal-details',
    kind: 'tel',
    required: false,
    minLength: LIMITS.PHONE_MIN,
    maxLength: LIMITS.PHONE_MAX,
  },
  {
    name: 'POSTCODE',
    label: 'Postcode',
    section: 'personal-details',
    kind: 'text',
    required: false,
    minLength: LIMITS.POSTCODE_MIN,
    maxLength: LIMITS.POSTCODE_MAX,
  },
  { name: 'NATIONALITY', label: 'Nationality', section: 'personal-details', kind: 'select', required: true },
  {
    name: 'VISA_TYPE',
    label: 'Visa type',
    question: 'What visa do you hold, or expect to hold?',
    section: 'personal-details',
    kind: 'select',
    required: false,
    visible: (f) => needsVisaType(str(f.NATIONALITY)),
  },
  {
    name: 'APPLIED_TO_UCAS',
    label: 'Applied to UCAS',
    question: 'Have you applied to university through UCAS this year?',
    section: 'personal-details',
    kind: 'yesno',
    required: true,
  },
  {
    name: 'UCAS_PERSONAL_ID',
    label: 'UCAS Personal ID',
    hint: 'Your 10-digit UCAS Personal ID, for example 1234567890',
    section: 'personal-details',
    kind: 'text',
    required: false,
    visible: (f) => str(f.APPLIED_TO_UCAS) === '1',
  },
  {
    name: 'APPLIED_TO_UNIGO',
    label: 'Applied through UniGo',
    question: 'Have you applied through UniGo?',
    section: 'personal-details',
    kind: 'yesno',
    required: false,
  },
  {
    name: 'PREVIOUSLY_STUDIED_AT_CITY',
    label: 'Previously studied at City',
    question: 'Have you studied at City, University of London before?',
    section: 'personal-details',
    kind: 'yesno',
    required: true,
  },
  {
    name: 'PREVIOUSLY_APPLIED_TO_CITY',
    label: 'Previously applied to City',
    question: 'Have you applied to City, University of London before?',
    section: 'personal-details',
    kind: 'yesno',
    required: true,
  },
  {
    name: 'NOTES',
    label: 'Notes',
    hint: 'Anything else you would like us to know',
    section: 'personal-details',
    kind: 'textarea',
    required: false,
    maxLength: LIMITS.NOTES_MAX,
  },
  {
    name: 'SECOND_YEAR_ENTRY',
    label: 'Year of entry',
    question: 'Which year of the course do you want to start in?',
    section: 'qualifications',
    kind: 'select',
    required: true,
  },
  {
    name: 'PREVIOUS_UNI_STUDY',
    label: 'Previous university study',
    question: 'Have you studied at a university before?',
    section: 'qualifications',
    kind: 'yesno',
    required: true,
  },
  {
    name: 'PREVIOUS_STUDY_NOTES',
    label: 'Previous study notes',
    question: 'Tell us about your previous university study',
    section: 'qualifications',
    kind: 'textarea',
    required: false,
    maxLength: LIMITS.NOTES_MAX,
    visible: (f) => str(f.PREVIOUS_UNI_STUDY) === '1',
  },
  { name: 'GCSE_QUALIFICATIONS', label: 'GCSE qualifications', section: 'qualifications', kind: 'group', required: false },
  { name: 'QUALIFICATIONS', label: 'Qualifications', section: 'qualifications', kind: 'group', required: true },
];

export const APPLICATION_FIELD_BY_NAME: ReadonlyMap<string, FieldDef> = new Map(APPLICATION_FIELDS.map((f) => [f.name, f]));

/** Year-of-entry options (spec section 3: SECOND_YEAR_ENTRY 0 First Year, 1 Second Year). */
export const SECOND_YEAR_ENTRY_OPTIONS = [
  { value: '0', label: 'First Year' },
  { value: '1', label: 'Second Year' },
] as const;

/** Second-year texts of spec section 3 ("Reference lists"). */
export const SECOND_YEAR_TEXTS = {
  FIRST_YEAR_ONLY: 'Applicants will only be considered for entry into the first year for this course.',
  SECOND_YEAR_SELECTED: "Please see the 'Year 2 Applicants' requirement at the bottom of the page.",
} as const;

/** Whether a field is shown (and so validated) for the form's current values. */
export const isFieldVisible = (field: FieldDef, form: Readonly<Record<string, unknown>>): boolean => field.visible?.(form) ?? true;
