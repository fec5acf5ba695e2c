import { ACCESS_HE_CREDIT_FIELDS, LIMITS, bestAttempts, itemValue, type QualificationItem, type QualOptionIndex } from '@clearing-desk/contracts';
import { TariffLookupError, abrsmGrade8Points, accessToHePoints, ibPoints, isNoPointType, tariffPoints } from '../tariff/tariff-points';
import { isTariffQualification } from '../tariff/tariff-tables';
import { AssessmentInputError } from './input-error';
import { MESSAGES } from './messages';

/** Points of the form (domain.md "Tariff points"), with the items left out of the effective sum. */
export type UcasPoints = {
  /** UCAS_POINTS_TOTAL: the sum over all QUALIFICATIONS items. */
  total: number;
  /** UCAS_POINTS_EFFECTIVE: the total less the items in `notCounted`. */
  effective: number;
  /** Why each left-out item does not count, with its points (explanation texts). */
  notCounted: string[];
  /** Graded-credit totals of Access to HE items below 45, which carry 0 points (domain.md "Access to HE"). */
  incompleteAccess: number[];
};

/** The graded credits of an Access to HE item (empty fields count 0; domain.md "Access to HE"). */
export const accessHeCredits = (item: QualificationItem): number =>
  ACCESS_HE_CREDIT_FIELDS.reduce((sum, name) => sum + Number(itemValue(item, name) || '0'), 0);

/** GCSE-group types the UCAS Tariff prices (domain.md catalogue; tariff-tables IRISH_LC_ORDINARY). */
const PRICED_GCSE_GROUP_TYPES: ReadonlySet<string> = new Set(['IRISH_LC_ORDINARY']);

const normalise = (subject: string) => subject.toLowerCase().replace(/\s+/g, ' ');

/**
 * UCAS Tariff points of one QUALIFICATIONS item (2017-onwards tables, via src/tariff): single-grade
 * types from GRADE, IBO from its grade fields, ACCESS_HE from its credit profile, 0 for the
 * no-point types. A missing grade (a course may make it optional) gives 0.
 * @throws AssessmentInputError naming the field when a grade or credit profile has no Tariff value.
 */
export function itemPoints(item: QualificationItem, path: string): number {
  const code = itemValue(item, 'QUALIFICATION');
  try {
    if (isNoPointType(code)) return 0;
    if (code === 'IBO') return ibPoints(item);
    if (code === 'ABRSM_GRADE_8') return abrsmGrade8Points(itemValue(item, 'EXAM'), itemValue(item, 'GRADE'));
    if (code === 'ACCESS_HE') {
      // UCAS prices only complete 45-credit profiles: fewer graded credits carry 0 points (explained by ucasPoints' caller).
      if (accessHeCredits(item) < LIMITS.ACCESS_HE_MAX_CREDITS) return 0;
      const credits = (name: string) => Number(itemValue(item, name) || '0');
      return accessToHePoints(credits('DISTINCTION_CREDITS'), credits('MERIT_CREDITS'), credits('PASS_CREDITS'));
    }
    const grade = itemValue(item, 'GRADE');
    return grade === '' ? 0 : tariffPoints(code, grade);
  } catch (err) {
    if (err instanceof TariffLookupError) {
      const field = err.field ?? (isTariffQualification(code) ? 'GRADE' : 'QUALIFICATION');
      throw new AssessmentInputError([{ path: `${path}.${field}`, message: `${err.message} No UCAS Tariff value.` }]);
    }
    if (err instanceof RangeError) throw new AssessmentInputError([{ path, message: err.message }]);
    throw err;
  }
}

/**
 * UCAS_POINTS_TOTAL and UCAS_POINTS_EFFECTIVE (domain.md "Tariff points") over the QUALIFICATIONS
 * items and the priced GCSE-group items of `gcseItems` (Irish Leaving Certificate, Ordinary level). A resit counts once, at
 * its best grade (bestAttempts; domain.md "Traffic light"). The effective points leave out (a) an
 * AS Level whose subject is also present at A Level with points (an A level U keeps the AS) and (b) types the course marks
 * `countsTowardsTariff: false` in its qualOptions. Items must already be validated against
 * `qualOptions` (every type offered).
 */
export function ucasPoints(allItems: readonly QualificationItem[], qualOptions: QualOptionIndex, gcseItems: readonly QualificationItem[] = []): UcasPoints {
  // The GCSE group holds one priced type, the Irish Leaving Certificate at Ordinary level.
  const pricedGcses = bestAttempts(gcseItems.filter((item) => PRICED_GCSE_GROUP_TYPES.has(item.QUALIFICATION)));
  const items = [...bestAttempts(allItems), ...pricedGcses];
  const pathOf = (item: QualificationItem) =>
    allItems.includes(item) ? `QUALIFICATIONS.${allItems.indexOf(item)}` : `GCSE_QUALIFICATIONS.${gcseItems.indexOf(item)}`;
  const incompleteAccess: number[] = [];
  let aLevelSubjects: Set<string> | null = null;
  for (const item of items) {
    // Only an A level that carries points replaces the AS: a U leaves the AS counted.
    if (item.QUALIFICATION === 'ALEVEL' && itemPoints(item, `QUALIFICATIONS.${allItems.indexOf(item)}`) > 0) {
      (aLevelSubjects ??= new Set()).add(normalise(itemValue(item, 'SUBJECT')));
    }
  }
  let total = 0;
  let effective = 0;
  const notCounted: string[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as QualificationItem;
    const points = itemPoints(item, pathOf(item));
    if (item.QUALIFICATION === 'ACCESS_HE' && accessHeCredits(item) < LIMITS.ACCESS_HE_MAX_CREDITS) {
      incompleteAccess.push(accessHeCredits(item));
    }
    total += points;
    if (points === 0) continue;
    const code = itemValue(item, 'QUALIFICATION');
    const option = qualOptions.get(code)?.option;
    if (option && !option.countsTowardsTariff) {
      notCounted.push(MESSAGES.notCountedByCourse(option.label, points));
    } else if (code === 'ASLEVEL' && aLevelSubjects?.has(normalise(itemValue(item, 'SUBJECT')))) {
      notCounted.push(MESSAGES.notCountedAsLevel(itemValue(item, 'SUBJECT'), points));
    } else {
      effective += points;
    }
  }
  return { total, effective, notCounted, incompleteAccess };
}
