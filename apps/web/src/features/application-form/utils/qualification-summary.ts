import type { QualField, QualificationItem, QualOption } from '@clearing-desk/contracts';
import { IB_CODE } from './ib';

const shown = (field: QualField, value: string): string => (field.type === 'select' ? (field.options?.find((o) => o.value === value)?.label ?? value) : value);

/** Types whose values are mostly numbers: their summary names each value. */
const ACCESS_HE_CODE = 'ACCESS_HE';

/**
 * One line reading an item back (the summary row of a done item, the submit step, the review
 * page): 'Mathematics, A*, 2025'. IB items name each value, and skip empty subject slots:
 * 'IB Total: 38, IB Total year: 2025, Higher Level Subject 1: Physics, ...'; Access to HE items
 * name theirs too ('Subject: Science, Distinction credits: 30, ...').
 */
export function qualificationSummary(item: QualificationItem, option: QualOption | undefined): string {
  if (!option)
    return Object.entries(item)
      .filter(([k, v]) => k !== 'QUALIFICATION' && v)
      .map(([, v]) => v)
      .join(', ');
  const filled = option.fields.filter((field) => (item[field.name] ?? '').trim() !== '');
  if (option.qualification === IB_CODE) {
    // A slot with only a year (filled in from the IB total year) says nothing on its own.
    const usedSlots = new Set(filled.filter((f) => /_(SUBJECT|GRADE)_\d$/.test(f.name)).map((f) => f.name.replace(/_(SUBJECT|GRADE)_/, '_')));
    return filled
      .filter((f) => !/^(HL|SL)_YEAR_\d$/.test(f.name) || usedSlots.has(f.name.replace('_YEAR_', '_')))
      .map((f) => `${f.label}: ${shown(f, item[f.name] ?? '')}`)
      .join(', ');
  }
  if (option.qualification === ACCESS_HE_CODE) return filled.map((f) => `${f.label}: ${shown(f, item[f.name] ?? '')}`).join(', ');
  return filled.map((field) => shown(field, item[field.name] ?? '')).join(', ');
}

/** The qualOption of an item's type, if the course offers it. */
export const optionOf = (qualOptions: readonly QualOption[], item: QualificationItem): QualOption | undefined =>
  qualOptions.find((o) => o.qualification === item.QUALIFICATION);

/**
 * The types an adviser adds with one button, in this order where the course offers them: every
 * GCSE-group type, and the qualifications most callers name (the school-leaving qualifications of
 * every UK nation and Ireland among them); the course's
 * other types are added with 'Another type' and the type drop-down.
 */
export const QUICK_ADD_TYPES: readonly string[] = [
  'GCSE',
  'IGCSE',
  'OLEVEL',
  'SCOTTISH_NATIONAL_5',
  'IRISH_LC_ORDINARY',
  'FUNCTIONAL_SKILLS',
  'ALEVEL',
  'SCOTTISH_HIGHER',
  'SCOTTISH_ADVANCED_HIGHER',
  'IRISH_LC_HIGHER',
  'BTEC_EXTENDED_DIPLOMA',
  IB_CODE,
  'ENGLISH_TEST',
];

/** The options of `options` that get their own add button, in QUICK_ADD_TYPES order. */
export const quickAddOptions = (options: readonly QualOption[]): QualOption[] =>
  QUICK_ADD_TYPES.flatMap((code) => options.filter((o) => o.qualification === code));
