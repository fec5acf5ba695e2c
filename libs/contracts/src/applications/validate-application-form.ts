import { LIMITS } from '../common/limits';
import { validateQualificationItems } from '../assessment/validate-qualification-items';
import type { QualificationItem } from '../assessment/assess-form';
import type { QualOption } from '../qualifications/qual-option';
import { APPLICATION_FIELDS, isFieldVisible, type FieldDef, type FormSection } from './application-fields';
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
};

// Trimmed as the spec says; one '@', something either side, a dot in the domain, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const VISA_TYPES = new Set<string>(VISA_TYPE_OPTIONS.map((o) => o.value));
// Spec section 5: "February has 28 days".
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/**
 * Date of birth rules of spec section 5: yyyy-mm-dd, month 1-12, day within the month (February
 * 28), year from 1900 to `currentYear`. Returns the message or null.
 */
export function dobError(value: string, label: string, currentYear: number): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return M.date(label);
  const [, year = '', month = '', day = ''] = m;
  const monthNumber = Number(month);
  if (monthNumber < 1 || monthNumber > 12) return M.incorrectMonth(month);
  const maxDay = DAYS_IN_MONTH[monthNumber - 1] ?? 31;
  if (Number(day) < 1 || Number(day) > maxDay) return M.incorrectDay(day, maxDay);
  if (Number(year) < LIMITS.DOB_MIN_YEAR || Number(year) > currentYear) return M.invalidDobYear(year, currentYear);
  return null;
}

function plainFieldError(field: FieldDef, raw: unknown, currentYear: number): string | null {
  const value = text(raw);
  const { label } = field;
  if (field.kind === 'yesno') return ['', '0', '1'].includes(value) ? null : M.boolean(label);
  if (value === '') return field.required ? M.required(label) : null;
  if (field.maxLength !== undefined && value.length > field.maxLength) return M.maxLength(label, field.maxLength);
  if (field.minLength !== undefined && value.length < field.minLength) return M.minLength(label, field.minLength);
  switch (field.name) {
    case 'EMAIL':
      return EMAIL.test(value) ? null : M.email(label);
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

/** The identity of an item for the duplicate rule: its type and its subject, title or test. */
const itemKey = (item: QualificationItem): string =>
  [text(item.QUALIFICATION), text(item.SUBJECT ?? item.TITLE ?? item.TEST).toLowerCase()].join('|');

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
  const duplicated = [...seen.values()].filter((n) => n.length > 1).flat().sort((a, b) => a - b);
  if (duplicated.length > 0) errors.push(at(M.duplicates(field.label, duplicated)));
  if (items.filter((item) => text(item.QUALIFICATION) === 'IBO').length > 1) errors.push(at(M.onlyOneIbo(field.label)));
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
      errors.push({ field: field.name, path: issue.path, section: field.section, item: Number.isInteger(index) ? index + 1 : undefined, message: issue.message });
    }
  }
  return errors;
}

/** Errors of one section, for the submit tab's grouped summary. */
export const errorsOfSection = (errors: readonly FormError[], section: FormSection): FormError[] =>
  errors.filter((e) => e.section === section);
