import { ENGLISH_QUALIFICATION_OPTIONS } from './english-tests';
import type { QualField, QualFieldOption, QualificationCode, QualificationGroup, QualOption, TariffColour } from './qual-option';
import { ALEVEL_SUBJECTS, BTEC_SUBJECTS, OCR_SUBJECTS, type SubjectOption } from './subjects';

/**
 * Grade lists of domain.md "Qualification catalogue", best first. GCSE includes C*, the grade
 * CCEA awards in Northern Ireland between B and C (CCEA, 'GCSE grading in Northern Ireland', 2019
 * onwards), so an applicant from Northern Ireland can enter the grade on their certificate.
 */
export const GRADES = {
  GCSE: ['9', '8', '7', '6', '5', '4', '3', '2', '1', 'A*', 'A', 'B', 'C*', 'C', 'D', 'E', 'F', 'G', 'U'],
  OLEVEL: ['A', 'B', 'C', 'D', 'E'],
  FUNCTIONAL_SKILLS: ['Pass', 'Fail'],
  ALEVEL: ['A*', 'A', 'B', 'C', 'D', 'E', 'U'],
  ASLEVEL: ['A', 'B', 'C', 'D', 'E', 'U'],
  BTEC_TRIPLE: ['D*D*D*', 'D*D*D', 'D*DD', 'DDD', 'DDM', 'DMM', 'MMM', 'MMP', 'MPP', 'PPP'],
  BTEC_DOUBLE: ['D*D*', 'D*D', 'DD', 'DM', 'MM', 'MP', 'PP'],
  BTEC_SINGLE: ['D*', 'D', 'M', 'P'],
  SCOTTISH: ['A', 'B', 'C', 'D'],
  SCOTTISH_NATIONAL_5: ['A', 'B', 'C', 'D', 'No award'],
  IRISH_LC_HIGHER: ['H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'H7', 'H8'],
  IRISH_LC_ORDINARY: ['O1', 'O2', 'O3', 'O4', 'O5', 'O6', 'O7', 'O8'],
  ABRSM: ['Distinction', 'Merit', 'Pass'],
  EPQ: ['A*', 'A', 'B', 'C', 'D', 'E'],
  T_LEVEL: ['Distinction*', 'Distinction', 'Merit', 'Pass (C or above)', 'Pass (D or E)'],
  IB_CORE: ['A', 'B', 'C', 'D', 'E'],
  IB_SUBJECT: ['7', '6', '5', '4', '3', '2', '1'],
} as const;

/**
 * Suggested GCSE-group subjects (domain.md: free text with suggestions, never a closed list); the
 * requirement rules look for several of them (domain.md "Traffic light").
 */
export const GCSE_SUBJECTS = [
  'English Language',
  'English Literature',
  'Mathematics',
  'Physics',
  'Chemistry',
  'Biology',
  'Combined Science',
  'Computer Science',
  'Geography',
  'History',
  'French',
  'Spanish',
  'German',
  'Religious Studies',
  'Art and Design',
  'Design and Technology',
  'Business',
  'Statistics',
];

/** The two ABRSM Grade 8 examinations the UCAS Tariff prices apart (practical and theory). */
export const ABRSM_EXAMS = ['Practical', 'Theory'] as const;

/** Maximum IB points and subject slots (spec section 9: up to 3 HL and 3 SL subjects). */
export const IB_TOTAL_MAX = 45;
export const IB_SUBJECT_SLOTS = [1, 2, 3] as const;

const opts = (values: readonly string[]): QualFieldOption[] => values.map((value) => ({ value, label: value }));
const subjects = (list: readonly SubjectOption[]): QualFieldOption[] => list.map((s) => ({ ...s }));

const subjectSelect = (list: readonly SubjectOption[]): QualField => ({
  name: 'SUBJECT',
  label: 'Subject',
  type: 'select',
  required: true,
  options: subjects(list),
});
const subjectText: QualField = { name: 'SUBJECT', label: 'Subject', type: 'text', required: true };
/** GCSE-group subjects: free text (max 256) with suggestions (domain.md "Public submissions"). */
const gcseSubject: QualField = { ...subjectText, suggestions: [...GCSE_SUBJECTS] };
const grade = (values: readonly string[]): QualField => ({
  name: 'GRADE',
  label: 'Grade',
  type: 'select',
  required: true,
  options: opts(values),
});
const year = (name = 'YEAR', label = 'Year', required = true): QualField => ({ name, label, type: 'year', required });

function ibFields(): QualField[] {
  const fields: QualField[] = [
    { name: 'IB_TOTAL', label: 'IB Total', type: 'number', required: true, min: 0, max: IB_TOTAL_MAX },
    year('IB_TOTAL_YEAR', 'IB Total year'),
    { name: 'EE_GRADE', label: 'Extended Essay grade', type: 'select', required: false, options: opts(GRADES.IB_CORE) },
    year('EE_YEAR', 'Extended Essay year', false),
    { name: 'TOK_GRADE', label: 'Theory of Knowledge grade', type: 'select', required: false, options: opts(GRADES.IB_CORE) },
    year('TOK_YEAR', 'Theory of Knowledge year', false),
  ];
  for (const level of ['HL', 'SL'] as const) {
    const title = level === 'HL' ? 'Higher Level' : 'Standard Level';
    for (const n of IB_SUBJECT_SLOTS) {
      fields.push(
        { name: `${level}_SUBJECT_${n}`, label: `${title} Subject ${n}`, type: 'text', required: false },
        { name: `${level}_GRADE_${n}`, label: `${title} Subject ${n} grade`, type: 'select', required: false, options: opts(GRADES.IB_SUBJECT) },
        year(`${level}_YEAR_${n}`, `${title} Subject ${n} year`, false),
      );
    }
  }
  return fields;
}

type CatalogueEntry = { label: string; group: QualificationGroup; fields: QualField[] };

/**
 * The qualification catalogue of domain.md: every type with its label, form group and fields.
 * A course's qualOptions is a subset of these, optionally with colours and required flags of
 * its own (see `buildQualOption`).
 */
export const QUALIFICATION_CATALOGUE: Record<QualificationCode, CatalogueEntry> = {
  GCSE: { label: 'GCSE', group: 'GCSE_QUALIFICATIONS', fields: [gcseSubject, grade(GRADES.GCSE), year()] },
  IGCSE: { label: 'IGCSE', group: 'GCSE_QUALIFICATIONS', fields: [gcseSubject, grade(GRADES.GCSE), year()] },
  OLEVEL: { label: 'O Levels', group: 'GCSE_QUALIFICATIONS', fields: [gcseSubject, grade(GRADES.OLEVEL), year()] },
  FUNCTIONAL_SKILLS: {
    label: 'Functional Skills Level 2',
    group: 'GCSE_QUALIFICATIONS',
    fields: [{ ...subjectText, type: 'select', options: opts(['English', 'Mathematics']) }, grade(GRADES.FUNCTIONAL_SKILLS), year()],
  },
  SCOTTISH_NATIONAL_5: {
    label: 'Scottish National 5',
    group: 'GCSE_QUALIFICATIONS',
    fields: [gcseSubject, grade(GRADES.SCOTTISH_NATIONAL_5), year()],
  },
  IRISH_LC_ORDINARY: {
    label: 'Irish Leaving Certificate, Ordinary level',
    group: 'GCSE_QUALIFICATIONS',
    fields: [gcseSubject, grade(GRADES.IRISH_LC_ORDINARY), year()],
  },
  ALEVEL: { label: 'A Level', group: 'QUALIFICATIONS', fields: [subjectSelect(ALEVEL_SUBJECTS), grade(GRADES.ALEVEL), year()] },
  ASLEVEL: { label: 'AS Level', group: 'QUALIFICATIONS', fields: [subjectSelect(ALEVEL_SUBJECTS), grade(GRADES.ASLEVEL), year()] },
  BTEC_EXTENDED_DIPLOMA: {
    label: 'BTEC National Extended Diploma',
    group: 'QUALIFICATIONS',
    fields: [subjectSelect(BTEC_SUBJECTS), grade(GRADES.BTEC_TRIPLE), year()],
  },
  BTEC_DIPLOMA: { label: 'BTEC National Diploma', group: 'QUALIFICATIONS', fields: [subjectSelect(BTEC_SUBJECTS), grade(GRADES.BTEC_DOUBLE), year()] },
  BTEC_FOUNDATION_DIPLOMA: {
    label: 'BTEC National Foundation Diploma',
    group: 'QUALIFICATIONS',
    fields: [subjectSelect(BTEC_SUBJECTS), grade(GRADES.BTEC_SINGLE), year()],
  },
  BTEC_EXTENDED_CERTIFICATE: {
    label: 'BTEC National Extended Certificate',
    group: 'QUALIFICATIONS',
    fields: [subjectSelect(BTEC_SUBJECTS), grade(GRADES.BTEC_SINGLE), year()],
  },
  BTEC_CERTIFICATE: { label: 'BTEC National Certificate', group: 'QUALIFICATIONS', fields: [subjectSelect(BTEC_SUBJECTS), grade(GRADES.BTEC_SINGLE), year()] },
  OCR_EXTENDED_DIPLOMA: {
    label: 'OCR Cambridge Technical Extended Diploma',
    group: 'QUALIFICATIONS',
    fields: [subjectSelect(OCR_SUBJECTS), grade(GRADES.BTEC_TRIPLE), year()],
  },
  OCR_DIPLOMA: { label: 'OCR Cambridge Technical Diploma', group: 'QUALIFICATIONS', fields: [subjectSelect(OCR_SUBJECTS), grade(GRADES.BTEC_DOUBLE), year()] },
  OCR_EXTENDED_CERTIFICATE: {
    label: 'OCR Cambridge Technical Extended Certificate',
    group: 'QUALIFICATIONS',
    fields: [subjectSelect(OCR_SUBJECTS), grade(GRADES.BTEC_SINGLE), year()],
  },
  IBO: { label: 'International Baccalaureate (IBO)', group: 'QUALIFICATIONS', fields: ibFields() },
  ACCESS_HE: {
    label: 'Access to Higher Education Diploma',
    group: 'QUALIFICATIONS',
    fields: [
      subjectText,
      // domain.md "Access to HE": each may be left empty, at least one is given (validateQualificationItems).
      { name: 'DISTINCTION_CREDITS', label: 'Distinction credits', type: 'number', required: false, min: 0, max: 45 },
      { name: 'MERIT_CREDITS', label: 'Merit credits', type: 'number', required: false, min: 0, max: 45 },
      { name: 'PASS_CREDITS', label: 'Pass credits', type: 'number', required: false, min: 0, max: 45 },
      year(),
    ],
  },
  SCOTTISH_HIGHER: { label: 'Scottish Higher', group: 'QUALIFICATIONS', fields: [subjectText, grade(GRADES.SCOTTISH), year()] },
  SCOTTISH_ADVANCED_HIGHER: { label: 'Scottish Advanced Higher', group: 'QUALIFICATIONS', fields: [subjectText, grade(GRADES.SCOTTISH), year()] },
  IRISH_LC_HIGHER: {
    label: 'Irish Leaving Certificate, Higher level',
    group: 'QUALIFICATIONS',
    fields: [subjectText, grade(GRADES.IRISH_LC_HIGHER), year()],
  },
  EPQ: { label: 'Extended Project Qualification', group: 'QUALIFICATIONS', fields: [subjectText, grade(GRADES.EPQ), year()] },
  T_LEVEL: { label: 'T Level', group: 'QUALIFICATIONS', fields: [subjectText, grade(GRADES.T_LEVEL), year()] },
  ABRSM_GRADE_8: {
    label: 'ABRSM Grade 8 (music)',
    group: 'QUALIFICATIONS',
    fields: [
      { name: 'EXAM', label: 'Examination', type: 'select', required: true, options: opts(ABRSM_EXAMS) },
      { ...subjectText, label: 'Instrument or subject' },
      grade(GRADES.ABRSM),
      year(),
    ],
  },
  ENGLISH_TEST: {
    label: 'English language test',
    group: 'QUALIFICATIONS',
    fields: [
      { name: 'TEST', label: 'Test', type: 'select', required: true, options: ENGLISH_QUALIFICATION_OPTIONS.map((o) => ({ ...o })) },
      // Required for the scored tests only, each on its own scale (englishScoreIssue).
      { name: 'SCORE', label: 'Score', type: 'text', required: false },
      year(),
    ],
  },
  OTHER: {
    label: 'Other qualification',
    group: 'QUALIFICATIONS',
    fields: [{ name: 'TITLE', label: 'Title', type: 'text', required: true }, { name: 'GRADE', label: 'Grade', type: 'text', required: true }, year()],
  },
};

/** Course-specific adjustments to a catalogue entry. */
export type QualOptionOverrides = {
  countsTowardsTariff?: boolean;
  /** Colour per field and option value, e.g. `{ GRADE: { E: 'R', D: 'A' } }`. */
  colours?: Record<string, Record<string, TariffColour>>;
  /** Required flag per field name. */
  required?: Record<string, boolean>;
  /** Per field, the subjects its colours are for (QualFieldOption.subjects); absent: every subject. */
  colourSubjects?: Record<string, readonly string[]>;
};

/**
 * Builds the qualOption a course offers for one catalogue type, applying the course's option
 * colours and required flags. Throws on a colour for a field or value the type does not have,
 * so seed data and course editors cannot refer to options that do not exist.
 */
export function buildQualOption(code: QualificationCode, overrides: QualOptionOverrides = {}): QualOption {
  const entry = QUALIFICATION_CATALOGUE[code];
  const fields = entry.fields.map((field) => {
    const colours = overrides.colours?.[field.name];
    const required = overrides.required?.[field.name] ?? field.required;
    if (!colours) return { ...field, required };
    if (!field.options) throw new Error(`${code}.${field.name} has no options to colour`);
    for (const value of Object.keys(colours)) {
      if (!field.options.some((o) => o.value === value)) throw new Error(`${code}.${field.name} has no option '${value}'`);
    }
    const subjects = overrides.colourSubjects?.[field.name];
    return {
      ...field,
      required,
      options: field.options.map((o) => (colours[o.value] ? { ...o, tariffColour: colours[o.value], ...(subjects ? { subjects: [...subjects] } : {}) } : o)),
    };
  });
  for (const name of Object.keys(overrides.colours ?? {})) {
    if (!entry.fields.some((f) => f.name === name)) throw new Error(`${code} has no field ${name}`);
  }
  return {
    qualification: code,
    label: entry.label,
    group: entry.group,
    countsTowardsTariff: overrides.countsTowardsTariff ?? true,
    fields,
  };
}

/**
 * The group a type belongs to. Spec section 3: types whose name contains GCSE, O Levels or
 * Functional Skills go to GCSE_QUALIFICATIONS; the catalogue records it per type.
 */
export const groupOf = (code: QualificationCode): QualificationGroup => QUALIFICATION_CATALOGUE[code].group;
