/**
 * UCAS Tariff points (2017-onwards tables) for qualification items as domain.md defines them.
 * Bad input is always an error, never a silent 0: unknown types and grades throw `TariffLookupError`,
 * impossible Access to HE credit profiles throw `RangeError`. Only the no-point types give 0.
 */
import {
  ABRSM_GRADE_8_PRACTICAL,
  ABRSM_GRADE_8_THEORY,
  IB_TABLES,
  TARIFF_TABLES,
  accessToHePoints,
  findInTable,
  isTariffQualification,
  type IbComponent,
  type TariffTable,
} from './tariff-tables';

export { accessToHePoints };

/**
 * Qualification types of domain.md that carry no UCAS Tariff points: the GCSE group (GCSE, IGCSE,
 * OLEVEL, FUNCTIONAL_SKILLS, SCOTTISH_NATIONAL_5; not the Irish Ordinary level, which UCAS prices),
 * ENGLISH_TEST and OTHER. They give 0 points, not an error.
 */
export const NO_POINT_TYPES = ['GCSE', 'IGCSE', 'OLEVEL', 'FUNCTIONAL_SKILLS', 'SCOTTISH_NATIONAL_5', 'ENGLISH_TEST', 'OTHER'] as const;
export type NoPointType = (typeof NO_POINT_TYPES)[number];

const NO_POINT_SET: ReadonlySet<string> = new Set(NO_POINT_TYPES);

/** True when `qualification` is one of `NO_POINT_TYPES`. */
export function isNoPointType(qualification: string): qualification is NoPointType {
  return NO_POINT_SET.has(qualification);
}

/**
 * Thrown when a qualification type or grade has no entry in the UCAS Tariff tables: an unknown type,
 * a grade the type does not have, or a type that `tariffPoints` cannot price from a single grade.
 * `field` names the IBO field (e.g. 'HL_GRADE_2') when the bad grade came from `ibPoints`.
 */
export class TariffLookupError extends Error {
  readonly qualification: string;
  readonly grade: string;
  readonly field: string | undefined;

  constructor(qualification: string, grade: string, message: string, field?: string) {
    super(message);
    this.name = 'TariffLookupError';
    this.qualification = qualification;
    this.grade = grade;
    this.field = field;
  }
}

/**
 * UCAS Tariff points (an integer, 2017-onwards tables) for one single-grade qualification item.
 *
 * @param qualification a domain.md QUALIFICATION code, e.g. 'ALEVEL', 'BTEC_DIPLOMA', 'T_LEVEL'
 * @param grade the exact domain.md grade string, e.g. 'A*', 'D*D', 'Pass (C or above)' (no trimming or
 *   case folding: 'a' is not 'A')
 * @returns the points; 0 for a grade that carries none (A level 'U') and for every `NO_POINT_TYPES` type
 * @throws TariffLookupError for an unknown type, a grade the type does not have, and for IBO / ACCESS_HE,
 *   which are not single-grade types (use `ibPoints` / `accessToHePoints`)
 * Source: `TARIFF_TABLES` in ./tariff-tables (UCAS Tariff tables, 2017 onwards).
 */
export function tariffPoints(qualification: string, grade: string): number {
  if (isNoPointType(qualification)) return 0;
  if (qualification === 'IBO' || qualification === 'ACCESS_HE' || qualification === 'ABRSM_GRADE_8') {
    const helper = { IBO: 'ibPoints', ACCESS_HE: 'accessToHePoints', ABRSM_GRADE_8: 'abrsmGrade8Points' }[qualification];
    throw new TariffLookupError(qualification, grade, `${qualification} has no single-grade Tariff value; use ${helper}() for the whole item.`);
  }
  if (!isTariffQualification(qualification)) {
    throw new TariffLookupError(qualification, grade, `Unknown qualification type '${qualification}'.`);
  }
  const points = findInTable(TARIFF_TABLES[qualification] as TariffTable, grade);
  if (points === undefined) {
    throw new TariffLookupError(qualification, grade, `'${grade}' is not a grade of ${qualification}.`);
  }
  return points;
}

/** The IBO fields that carry points, with the IB component table each one is priced from. */
export const IB_POINT_FIELDS: ReadonlyArray<readonly [field: string, component: IbComponent]> = [
  ['HL_GRADE_1', 'HL'],
  ['HL_GRADE_2', 'HL'],
  ['HL_GRADE_3', 'HL'],
  ['SL_GRADE_1', 'SL'],
  ['SL_GRADE_2', 'SL'],
  ['SL_GRADE_3', 'SL'],
  ['TOK_GRADE', 'TOK'],
  ['EE_GRADE', 'EE'],
];

/**
 * UCAS Tariff points (an integer, 2017-onwards tables) for one IBO composite item: the sum over
 * HL_GRADE_1..3 (Higher Level, '1'..'7'), SL_GRADE_1..3 (Standard Level, '1'..'7'), TOK_GRADE and
 * EE_GRADE ('A'..'E'). Empty, blank or undefined slots are skipped. IB_TOTAL (the 0-45 Diploma score)
 * carries no points in the 2017 Tariff and is ignored, as are subjects, years and other fields.
 *
 * @throws TariffLookupError (qualification 'IBO', with `field` set) for a grade the component does not
 *   have, or when the item's QUALIFICATION field is present and is not 'IBO'
 * Source: `IB_TABLES` in ./tariff-tables (UCAS Tariff tables, 2017 onwards: International Baccalaureate).
 */
export function ibPoints(item: Readonly<Record<string, string | undefined>>): number {
  const declared = item['QUALIFICATION'];
  if (declared !== undefined && declared !== 'IBO') {
    throw new TariffLookupError(declared, '', `ibPoints() needs an IBO item, got QUALIFICATION '${declared}'.`);
  }
  let total = 0;
  for (const [field, component] of IB_POINT_FIELDS) {
    const grade = item[field];
    if (grade === undefined || grade.trim() === '') continue;
    const points = findInTable(IB_TABLES[component], grade);
    if (points === undefined) {
      throw new TariffLookupError('IBO', grade, `'${grade}' is not a valid IB ${field}.`, field);
    }
    total += points;
  }
  return total;
}

/**
 * UCAS Tariff points of an ABRSM Grade 8 item: the practical and the theory examination are priced
 * from their own rows. `exam` is 'Practical' or 'Theory' (catalogue ABRSM_EXAMS), `grade`
 * 'Distinction', 'Merit' or 'Pass'.
 * @throws TariffLookupError (field EXAM or GRADE) for an examination or grade the tables do not have.
 * Source: `ABRSM_GRADE_8_PRACTICAL` / `ABRSM_GRADE_8_THEORY` in ./tariff-tables.
 */
export function abrsmGrade8Points(exam: string, grade: string): number {
  const table = exam === 'Practical' ? ABRSM_GRADE_8_PRACTICAL : exam === 'Theory' ? ABRSM_GRADE_8_THEORY : undefined;
  if (!table) throw new TariffLookupError('ABRSM_GRADE_8', grade, `'${exam}' is not an ABRSM Grade 8 examination.`, 'EXAM');
  const points = findInTable(table, grade);
  if (points === undefined) throw new TariffLookupError('ABRSM_GRADE_8', grade, `'${grade}' is not a grade of ABRSM Grade 8.`, 'GRADE');
  return points;
}
