import { IB_SUBJECT_SLOTS, itemValue, normaliseSubject, type QualificationItem } from '@clearing-desk/contracts';

/**
 * THE table of what meets a GCSE-level subject rule at grade 4/C (domain.md "Traffic light", rule 3:
 * one table of equivalents for Mathematics, English and the sciences alike). Per qualification
 * type, the grades that meet it:
 * - GCSE and IGCSE 9-4 or A*-C (C* too: Northern Ireland's CCEA grade between B and C); O Level A-C (the GCSE grade 4/C anchor, Ofqual);
 * - Scottish National 5 at C or above (SQA: National 5 A-C is the GCSE 9-4 level);
 * - Irish Leaving Certificate Ordinary O4 or above, Higher H6 or above (the level UK universities
 *   take for GCSE 4/C, as domain.md fixes it);
 * - a higher qualification in the subject: A Level A*-E, AS Level A-E, Scottish Higher and
 *   Advanced Higher A-D, and (in `ibMeets`) IB Higher or Standard Level at 4 or above.
 * A course may be stricter only through its subject requirements, never by editing this table.
 */
export const GCSE_LEVEL_EQUIVALENTS: Readonly<Record<string, ReadonlySet<string>>> = {
  GCSE: new Set(['9', '8', '7', '6', '5', '4', 'A*', 'A', 'B', 'C*', 'C']),
  IGCSE: new Set(['9', '8', '7', '6', '5', '4', 'A*', 'A', 'B', 'C']),
  OLEVEL: new Set(['A', 'B', 'C']),
  SCOTTISH_NATIONAL_5: new Set(['A', 'B', 'C']),
  IRISH_LC_ORDINARY: new Set(['O1', 'O2', 'O3', 'O4']),
  IRISH_LC_HIGHER: new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6']),
  ALEVEL: new Set(['A*', 'A', 'B', 'C', 'D', 'E']),
  ASLEVEL: new Set(['A', 'B', 'C', 'D', 'E']),
  SCOTTISH_HIGHER: new Set(['A', 'B', 'C', 'D']),
  SCOTTISH_ADVANCED_HIGHER: new Set(['A', 'B', 'C', 'D']),
};

/** The lowest IB subject grade that meets a GCSE-level rule (domain.md: IB HL or SL at 4 or above). */
const IB_MINIMUM = 4;

/** Types that stand for a GCSE itself (counted towards 'at least 5 GCSEs'), not a higher qualification. */
export const GCSE_LEVEL_TYPES: ReadonlySet<string> = new Set(['GCSE', 'IGCSE', 'OLEVEL', 'SCOTTISH_NATIONAL_5', 'IRISH_LC_ORDINARY', 'IRISH_LC_HIGHER']);

/** The subjects of a GCSE-level rule: a test of a normalised subject name, per type family. */
export type SubjectFamily = {
  /** GCSE-level names (GCSE, IGCSE, O Level, National 5, Leaving Certificate). */
  atGcseLevel: (subject: string) => boolean;
  /** Names of the subject as a higher qualification (A/AS Level, Highers, IB). */
  higher: (subject: string) => boolean;
};

const GCSE_ENGLISH = new Set([
  'english language',
  'english',
  'english language and literature',
  'english first language',
  'english as a first language',
  'english as a second language',
  'english second language',
]);

/** English: GCSE English Language (not Literature alone); any English at a higher level. */
export const ENGLISH: SubjectFamily = {
  atGcseLevel: (s) => GCSE_ENGLISH.has(s),
  higher: (s) => s.startsWith('english'),
};

const isMaths = (s: string) => /^(mathematics|maths|further mathematics|additional mathematics)\b/.test(s);
/** Mathematics at any level (IB's 'Mathematics: Analysis and Approaches' included). */
export const MATHEMATICS: SubjectFamily = { atGcseLevel: isMaths, higher: isMaths };

const SCIENCE_NAMES = new Set(['physics', 'chemistry', 'biology', 'combined science', 'science', 'applied science']);
/** A science: Physics, Chemistry, Biology or Combined Science. */
export const SCIENCE: SubjectFamily = { atGcseLevel: (s) => SCIENCE_NAMES.has(s), higher: (s) => SCIENCE_NAMES.has(s) };

/** True when an IBO item holds a Higher or Standard Level subject of `family` at 4 or above. */
function ibMeets(item: QualificationItem, family: SubjectFamily): boolean {
  for (const level of ['HL', 'SL'] as const) {
    for (const n of IB_SUBJECT_SLOTS) {
      const subject = normaliseSubject(itemValue(item, `${level}_SUBJECT_${n}`));
      const grade = Number(itemValue(item, `${level}_GRADE_${n}`));
      if (subject && family.higher(subject) && grade >= IB_MINIMUM) return true;
    }
  }
  return false;
}

/** True when `item` meets the GCSE-level rule for `family` through the table of equivalents. */
export function meetsAtGcseLevel(item: QualificationItem, family: SubjectFamily): boolean {
  if (item.QUALIFICATION === 'IBO') return ibMeets(item, family);
  const passes = GCSE_LEVEL_EQUIVALENTS[item.QUALIFICATION];
  if (!passes) return false;
  const subject = normaliseSubject(itemValue(item, 'SUBJECT'));
  const named = GCSE_LEVEL_TYPES.has(item.QUALIFICATION) ? family.atGcseLevel(subject) : family.higher(subject);
  return named && passes.has(itemValue(item, 'GRADE'));
}

/** How many GCSEs `item` stands for: GCSE Combined Science (double award) counts as two. */
export const gcseCount = (item: QualificationItem): number =>
  item.QUALIFICATION === 'GCSE' && normaliseSubject(itemValue(item, 'SUBJECT')) === 'combined science' ? 2 : 1;
