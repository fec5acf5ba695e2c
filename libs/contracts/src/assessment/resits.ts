import { QUALIFICATION_CATALOGUE } from '../qualifications/catalogue';
import type { QualificationCode } from '../qualifications/qual-option';
import type { QualificationItem } from './assess-form';
import { itemValue } from './validate-qualification-items';

/** Subject as the rules compare it: case and spacing do not matter (GCSE-group subjects are free text). */
export const normaliseSubject = (subject: string): string => subject.trim().toLowerCase().replace(/\s+/g, ' ');

// GCSE and IGCSE grades on one scale: 9-1 as they are, letters at the points Ofqual anchors them
// (A* between 8 and 9, A at 7, B between 5 and 6, C at 4, then D-G down to 1, U 0).
const GCSE_RANK: Readonly<Record<string, number>> = {
  '9': 9,
  '8': 8,
  '7': 7,
  '6': 6,
  '5': 5,
  '4': 4,
  '3': 3,
  '2': 2,
  '1': 1,
  'A*': 8.5,
  A: 7,
  B: 5.5,
  C: 4,
  D: 3,
  E: 2,
  F: 1.5,
  G: 1,
  U: 0,
};

/**
 * How good a grade is within its type, higher is better: the GCSE scale above for GCSE and
 * IGCSE, else the reverse position in the catalogue's grade list (listed best first); -1 when the
 * type has no graded list or the grade is not in it.
 */
export function gradeRank(code: string, grade: string): number {
  if (code === 'GCSE' || code === 'IGCSE') return GCSE_RANK[grade] ?? -1;
  const entry = QUALIFICATION_CATALOGUE[code as QualificationCode] as (typeof QUALIFICATION_CATALOGUE)[QualificationCode] | undefined;
  const options = entry?.fields.find((f) => f.name === 'GRADE')?.options;
  if (!options) return -1;
  const at = options.findIndex((o) => o.value === grade);
  return at < 0 ? -1 : options.length - at;
}

/** The subject a resit is matched by: SUBJECT (or TITLE for OTHER); '' for items without one. */
const subjectKey = (item: QualificationItem): string => normaliseSubject(itemValue(item, 'SUBJECT') || itemValue(item, 'TITLE'));

/**
 * Resits (domain.md "Traffic light"): a subject taken more than once (same type and subject, in
 * different years) counts once, at its best grade. Returns the items with every attempt but the
 * best removed, in their original order; the first of equally good attempts is kept. Items with no
 * subject (IBO, ENGLISH_TEST) are all kept.
 */
export function bestAttempts<T extends QualificationItem>(items: readonly T[]): T[] {
  const best = new Map<string, number>();
  items.forEach((item, i) => {
    const subject = subjectKey(item);
    if (subject === '') return;
    const key = `${item.QUALIFICATION}|${subject}`;
    const current = best.get(key);
    const rank = (at: number) => gradeRank(item.QUALIFICATION, itemValue(items[at] as T, 'GRADE'));
    if (current === undefined || rank(i) > rank(current)) best.set(key, i);
  });
  return items.filter((item, i) => {
    const subject = subjectKey(item);
    return subject === '' || best.get(`${item.QUALIFICATION}|${subject}`) === i;
  });
}
