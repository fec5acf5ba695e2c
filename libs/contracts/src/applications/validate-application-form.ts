import { LIMITS } from '../common/limits';
import { validateQualificationItems } from '../assessment/validate-qualification-items';
import type { QualificationItem } from '../assessment/assess-form';
import { DOCUMENT_TYPE_SLOTS, type DocumentType } from '../courses/course';
import { fileTokenSchema } from '../files/file-metadata';
import { fileFormatsMessage, fileSizeMessage, uploadUnexpectedErrorText } from '../files/upload-messages';
import type { QualOption } from '../qualifications/qual-option';
import { isEmailAddress } from '../rules/email-address';
import { APPLICATION_FIELDS, isFieldVisible, type FieldDef, type FormSection } from './application-fields';
import { DOCUMENT_TYPE_TITLES, DOCUMENT_TYPES, formDocuments, isAcceptedFileFormat, parseDocumentFieldName, type FormDocument } from './document-fields';
import { isCountryCode } from './countries';
import { VALIDATION_MESSAGES as M } from './validation-messages';
import { VISA_TYPE_OPTIONS } from './visa-types';

/**
 * One problem with the form. `field` is the top-level field; `path` the exact value
 * ('QUALIFICATIONS.1.GRADE', 0-based); `item` the 1-based group item it is in, if any.
 */
export type FormError = { field: string; path: string; section: FormSection; item?: number; message: string };

export type ValidateFormOptions = {
  /** The course's qualification options: items are checked against them. */
  qualOptions: readonly QualOption[];
  /** Latest allowed year of birth (spec section 5: the current year); defaults to this year. */
  currentYear?: number;
  /**
   * The course's document categories (`courseDocumentTypes`): only their `{TYPE}_DOCUMENT_{n}`
   * fields count, like hidden fields. Defaults to every category.
   */
  documentTypes?: readonly DocumentType[];
};

const VISA_TYPES = new Set<string>(VISA_TYPE_OPTIONS.map((o) => o.value));
// Spec section 5's month lengths, except that February has 29 days in leap years (domain.md "Form
// behaviour the spec leaves open": a 28-day February would refuse people born on a leap day).
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/**
 * Date of birth rules of spec section 5: yyyy-mm-dd, month 1-12, day within the month (February
 * 28, or 29 in a leap year: domain.md), year from 1900 to `currentYear`. Returns the message or null.
 */
export function dobError(value: string, label: string, currentYear: number): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return M.date(label);
  const [, year = '', month = '', day = ''] = m;
  const monthNumber = Number(month);
  if (monthNumber < 1 || monthNumber > 12) return M.incorrectMonth(month);
  const maxDay = monthNumber === 2 && isLeapYear(Number(year)) ? 29 : (DAYS_IN_MONTH[monthNumber - 1] ?? 31);
  if (Number(day) < 1 || Number(day) > maxDay) return M.incorrectDay(day, maxDay);
  if (Number(year) < LIMITS.DOB_MIN_YEAR || Number(year) > currentYear) return M.invalidDobYear(year, currentYear);
  return null;
}

function plainFieldError(field: FieldDef, raw: unknown, currentYear: number): string | null {
  const value = text(raw);
  const { label } = field;
  // A required yes/no starts unanswered and must be answered (spec section 5 'required yes/no', domain.md): no 'No' nobody chose.
  if (field.kind === 'yesno') return !['', '0', '1'].includes(value) ? M.boolean(label) : value === '' && field.required ? M.required(label) : null;
  if (value === '') return field.required ? M.required(label) : null;
  if (field.maxLength !== undefined && value.length > field.maxLength) return M.maxLength(label, field.maxLength);
  if (field.minLength !== undefined && value.length < field.minLength) return M.minLength(label, field.minLength);
  switch (field.name) {
    case 'EMAIL':
      return isEmailAddress(value) ? null : M.email(label);
    case 'UCAS_PERSONAL_ID':
      return /^\d{10}$/.test(value) ? null : M.tenDigits(label);
    case 'DOB':
      return dobError(value, label, currentYear);
    case 'NATIONALITY':
      return isCountryCode(value) ? null : `'${label}' must be one of the listed countries.`;
    case 'VISA_TYPE':
      return VISA_TYPES.has(value) ? null : `'${label}' must be one of the listed visa types.`;
    case 'SECOND_YEAR_ENTRY':
      return value === '0' || value === '1' ? null : `'${label}' must be First Year or Second Year.`;
    default:
      return null;
  }
}

/**
 * The identity of an item for the duplicate rule: its type, its subject, title or test, and its
 * year (domain.md "Traffic light": a resit in another year is not a duplicate; it counts once, at
 * its best grade, in the assessment).
 */
const itemKey = (item: QualificationItem): string =>
  [text(item.QUALIFICATION), text(item.SUBJECT ?? item.TITLE ?? item.TEST).toLowerCase(), text(item.YEAR)].join('|');

function groupErrors(field: FieldDef, items: readonly QualificationItem[]): FormError[] {
  const errors: FormError[] = [];
  const at = (message: string): FormError => ({ field: field.name, path: field.name, section: field.section, message });
  if (field.name === 'QUALIFICATIONS' && items.length < 1) errors.push(at(M.groupMinimum(field.label, 1)));
  const seen = new Map<string, number[]>();
  items.forEach((item, i) => {
    if (text(item.QUALIFICATION) === 'IBO') return; // one-IBO rule below
    const key = itemKey(item);
    seen.set(key, [...(seen.get(key) ?? []), i + 1]);
  });
  const duplicated = [...seen.values()]
    .filter((n) => n.length > 1)
    .flat()
    .sort((a, b) => a - b);
  if (duplicated.length > 0) errors.push(at(M.duplicates(field.label, duplicated)));
  if (items.filter((item) => text(item.QUALIFICATION) === 'IBO').length > 1) errors.push(at(M.onlyOneIbo(field.label)));
  return errors;
}

/**
 * The Documents rules of spec section 5 for one file, first problem only: the server's (or the
 * upload's) custom_error as given, the formats, the 5 MB limit, and a file that was never
 * uploaded (no token).
 */
function documentError(document: FormDocument, label: string): string | null {
  if (document.custom_error) return document.custom_error;
  if (!isAcceptedFileFormat(document)) return fileFormatsMessage(label);
  if (document.file_size > LIMITS.FILE_MAX_BYTES) return fileSizeMessage(label);
  if (!fileTokenSchema.safeParse(document.file_token).success) return uploadUnexpectedErrorText(label);
  return null;
}

/** Errors of the document fields of `types`: each file's problem, and more files than a category's slots. */
function documentErrors(form: Readonly<Record<string, unknown>>, types: readonly DocumentType[]): FormError[] {
  const errors: FormError[] = [];
  for (const { field, document } of formDocuments(form, types)) {
    const message = documentError(document, field.label);
    if (message) errors.push({ field: field.name, path: field.name, section: 'qualifications', message });
  }
  // Slots beyond a category's limit (GCSE2_DOCUMENT_3) exist in no schema; refuse them all the same.
  for (const key of Object.keys(form)) {
    const parsed = parseDocumentFieldName(key);
    if (!parsed || !types.includes(parsed.type) || form[key] === undefined) continue;
    const limit = DOCUMENT_TYPE_SLOTS[parsed.type];
    if (parsed.slot < 1 || parsed.slot > limit) {
      errors.push({ field: key, path: key, section: 'qualifications', message: M.groupMaximum(`${DOCUMENT_TYPE_TITLES[parsed.type]} documents`, limit) });
    }
  }
  return errors;
}

/**
 * Validates a whole application form with the rules and exact messages of spec section 5,
 * shared by the web app (to show errors) and the services (to refuse bad submissions). Hidden
 * fields are skipped. Returns every error in form order; an empty list means the form may be
 * submitted.
 */
export function validateApplicationForm(form: Readonly<Record<string, unknown>>, options: ValidateFormOptions): FormError[] {
  const currentYear = options.currentYear ?? new Date().getFullYear();
  const errors: FormError[] = [];
  for (const field of APPLICATION_FIELDS) {
    if (!isFieldVisible(field, form)) continue;
    if (field.kind !== 'group') {
      const message = plainFieldError(field, form[field.name], currentYear);
      if (message) errors.push({ field: field.name, path: field.name, section: field.section, message });
      continue;
    }
    const raw = form[field.name];
    const items = Array.isArray(raw) ? (raw as QualificationItem[]) : [];
    errors.push(...groupErrors(field, items));
    const issues = validateQualificationItems({ [field.name]: items }, options.qualOptions);
    for (const issue of issues) {
      const index = Number(issue.path.split('.')[1]);
      errors.push({
        field: field.name,
        path: issue.path,
        section: field.section,
        item: Number.isInteger(index) ? index + 1 : undefined,
        message: issue.message,
      });
    }
  }
  errors.push(...documentErrors(form, options.documentTypes ?? DOCUMENT_TYPES));
  return errors;
}

/** Errors of one section, for the submit tab's grouped summary. */
export const errorsOfSection = (errors: readonly FormError[], section: FormSection): FormError[] => errors.filter((e) => e.section === section);
