import { LIMITS } from '../common/limits';
import { englishScoreIssue } from '../qualifications/english-tests';
import type { QualificationGroup, QualOption } from '../qualifications/qual-option';
import type { QualificationGroups, QualificationItem } from './assess-form';
import { indexQualOptions, type IndexedField, type QualOptionIndex } from './qual-option-index';

/** A problem with one value of a form: `path` like 'QUALIFICATIONS.1.GRADE' (0-based index). */
export type FieldIssue = { path: string; message: string };

/** Message of spec section 5 for an Access to HE profile of more than 45 graded credits. */
export const ACCESS_HE_TOO_MANY_CREDITS = 'The total number of credits must not be higher than 45.';
/** An Access to HE item with none of its three credit fields given (domain.md "Access to HE": at least one is given). */
export const ACCESS_HE_NO_CREDITS = 'Enter at least one of Distinction credits, Merit credits and Pass credits.';
/** A key that is not a field of the item's qualification type (domain.md: unknown keys are refused). */
export const unknownItemFieldMessage = (key: string, label: string) => `'${key}' is not a field of ${label}.`;

/** The graded-credit fields of ACCESS_HE; each may be left empty (domain.md "Access to HE"). */
export const ACCESS_HE_CREDIT_FIELDS = ['DISTINCTION_CREDITS', 'MERIT_CREDITS', 'PASS_CREDITS'] as const;
const GROUPS: readonly QualificationGroup[] = ['GCSE_QUALIFICATIONS', 'QUALIFICATIONS'];

/** A field's value as the rules read it: trimmed text, '' when absent. */
export const itemValue = (item: Readonly<Record<string, unknown>>, name: string): string => text(item[name]);

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

/** The issue of one field value, or null when it is valid. Empty values are checked by the caller. */
function fieldIssue({ field, options }: IndexedField, value: string): string | null {
  const label = `'${field.label}'`;
  switch (field.type) {
    case 'select':
      if (options && !options.has(value)) return `${label} must be one of: ${[...options.keys()].join(', ')}`;
      return null;
    case 'year':
      return /^\d{4}$/.test(value) ? null : `${label} must be a four-digit year.`;
    case 'number': {
      if (!/^-?\d+$/.test(value)) {
        return /^-?\d+\.\d+$/.test(value) ? `${label} must be a whole number.` : `${label} must be a number.`;
      }
      const n = Number(value);
      const { min, max } = field;
      if (min !== undefined && max !== undefined && (n < min || n > max)) return `${label} must be between ${min} and ${max}.`;
      if (min !== undefined && n < min) return `${label} must be at least ${min}.`;
      if (max !== undefined && n > max) return `${label} must be at most ${max}.`;
      return null;
    }
    case 'text':
      return value.length > LIMITS.TEXT_MAX ? `${label} max length is ${LIMITS.TEXT_MAX}.` : null;
  }
}

/** Checks one item of `group` at `index`, appending its issues to `issues`. */
function checkItem(item: QualificationItem, group: QualificationGroup, index: number, qualOptions: QualOptionIndex, issues: FieldIssue[]): void {
  const prefix = `${group}.${index}`;
  const code = text(item.QUALIFICATION);
  if (code === '') {
    issues.push({ path: `${prefix}.QUALIFICATION`, message: "'Qualification' is required." });
    return;
  }
  const offered = qualOptions.get(code);
  if (!offered) {
    const codes = [...qualOptions.values()].filter((o) => o.option.group === group).map((o) => o.option.qualification);
    issues.push({ path: `${prefix}.QUALIFICATION`, message: `'Qualification' must be one of: ${codes.join(', ')}` });
    return;
  }
  if (offered.option.group !== group) {
    issues.push({
      path: `${prefix}.QUALIFICATION`,
      message: `'Qualification' ${code} belongs in ${offered.option.group}, not ${group}.`,
    });
    return;
  }
  const before = issues.length;
  for (const key of Object.keys(item)) {
    if (key !== 'QUALIFICATION' && !offered.byName.has(key)) {
      issues.push({ path: `${prefix}.${key}`, message: unknownItemFieldMessage(key, offered.option.label) });
    }
  }
  for (const indexed of offered.fields) {
    const value = text(item[indexed.field.name]);
    if (value === '') {
      if (indexed.field.required) issues.push({ path: `${prefix}.${indexed.field.name}`, message: `'${indexed.field.label}' is required.` });
      continue;
    }
    const message = fieldIssue(indexed, value);
    if (message) issues.push({ path: `${prefix}.${indexed.field.name}`, message });
  }
  if (issues.length > before) return;

  if (code === 'ACCESS_HE') {
    // domain.md "Access to HE": each credit field may be empty, at least one is given, at most 45 in
    // all (spec section 5); fewer than 45 is allowed (0 points, explained by the assessment).
    const given = ACCESS_HE_CREDIT_FIELDS.filter((name) => text(item[name]) !== '');
    const total = given.reduce((sum, name) => sum + (Number(text(item[name])) || 0), 0);
    if (given.length === 0) issues.push({ path: prefix, message: ACCESS_HE_NO_CREDITS });
    else if (total > LIMITS.ACCESS_HE_MAX_CREDITS) issues.push({ path: prefix, message: ACCESS_HE_TOO_MANY_CREDITS });
  }
  if (code === 'ENGLISH_TEST') {
    // domain.md: each test's SCORE in its own range (ENGLISH_TEST_EQUIVALENCE).
    const label = offered.byName.get('SCORE')?.field.label ?? 'Score';
    const message = englishScoreIssue(text(item.TEST), text(item.SCORE), label);
    if (message) issues.push({ path: `${prefix}.SCORE`, message });
  }
}

/**
 * Checks qualification items against the course's qualOptions (domain.md "Qualification
 * catalogue", spec section 5): the type is offered by the course and sits in its group, every
 * required field is present, select values are among the field's options, years have four digits,
 * numbers are whole and within min/max, text is at most 256 characters, an Access to HE profile
 * has at least one credit field and at most 45 graded credits ('The total number of credits must not
 * be higher than 45.'), an English test's score is on its own scale (englishScoreIssue), and no key
 * other than QUALIFICATION and the type's fields is present (unknown keys are refused, domain.md).
 *
 * Pass the form (or any object with GCSE_QUALIFICATIONS / QUALIFICATIONS), or one group's items
 * with its group name. Returns every issue, in form order; empty when all is well.
 */
export function validateQualificationItems(items: QualificationGroups, qualOptions: readonly QualOption[]): FieldIssue[];
export function validateQualificationItems(items: readonly QualificationItem[], qualOptions: readonly QualOption[], group: QualificationGroup): FieldIssue[];
export function validateQualificationItems(
  items: QualificationGroups | readonly QualificationItem[],
  qualOptions: readonly QualOption[],
  group?: QualificationGroup,
): FieldIssue[] {
  const index = indexQualOptions(qualOptions);
  const issues: FieldIssue[] = [];
  const groups: QualificationGroups = Array.isArray(items) ? { [group ?? 'QUALIFICATIONS']: items } : (items as QualificationGroups);
  for (const name of GROUPS) {
    const list = groups[name];
    if (!list) continue;
    for (let i = 0; i < list.length; i++) {
      const item = list[i];
      if (item === null || typeof item !== 'object') {
        issues.push({ path: `${name}.${i}`, message: "'Qualification' is required." });
        continue;
      }
      checkItem(item, name, i, index, issues);
    }
  }
  return issues;
}

/** One line for an error answer: 'QUALIFICATIONS.1.GRADE: ...', plus how many more issues there are. */
export function describeIssues(issues: readonly FieldIssue[]): string {
  const [first] = issues;
  if (!first) return 'Invalid qualifications.';
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return `${first.path}: ${first.message}${more}`;
}
