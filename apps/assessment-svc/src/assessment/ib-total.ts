import { TRAFFIC_LIGHT_RANK, ibDiplomaTotal, type CourseData, type Explanation, type QualificationItem, type TrafficLight } from '@clearing-desk/contracts';
import { MESSAGES } from './messages';

/** The course's IB requirement in Diploma points (course data; null when it states none). */
export type IbRequirement = Pick<CourseData, 'IB_ADVERTISED' | 'IB_ACCEPTED'>;

/** Traffic-light rule 1's result: its colour and the explanations that give it (the first names the numbers compared). */
export type PointsRule = { status: TrafficLight; reasons: Explanation[] };

/**
 * The IB Diploma total judged against the course's IB requirement (domain.md "Tariff points", IB):
 * at or above IB_ADVERTISED G, at or above IB_ACCEPTED A, otherwise R, the explanation naming the
 * total and the requirement. Null when the course states no IB requirement (either field null) or
 * the form gives no total: the points rule alone judges then.
 */
export function ibTotalExplanation(qualifications: readonly QualificationItem[], course: IbRequirement): Explanation | null {
  const { IB_ADVERTISED: advertised, IB_ACCEPTED: accepted } = course;
  if (advertised === null || accepted === null) return null;
  const total = ibDiplomaTotal(qualifications);
  if (total === null) return null;
  if (total >= advertised) return { STATUS: 'G', MESSAGE: MESSAGES.ibTotalMeetsAdvertised(total, advertised) };
  if (total >= accepted) return { STATUS: 'A', MESSAGE: MESSAGES.ibTotalMeetsAccepted(total, advertised, accepted) };
  return { STATUS: 'R', MESSAGE: MESSAGES.ibTotalBelowAccepted(total, accepted) };
}

/**
 * The better of the points rule (the Tariff-priced components and every other item) and the IB
 * Diploma total (domain.md "Tariff points", IB: "the better of the two results stands"):
 * - no IB total to judge: the points rule unchanged;
 * - the total better: its colour stands, and its explanation replaces the points reasons (a
 *   shortfall of points no longer lowers the light);
 * - the points rule better: it stands alone (the total's lower colour must not lower the light);
 * - equal: the points rule, with the total's explanation beside it unless both are green (a green
 *   result carries one explanation). An IB-total red is thus red on an explicit requirement, like
 *   a points red: the assessment may reject it automatically when nothing else is red.
 */
export function betterOfPointsAndIbTotal(points: PointsRule, ibTotal: Explanation | null): PointsRule {
  if (ibTotal === null) return points;
  const ib = TRAFFIC_LIGHT_RANK[ibTotal.STATUS];
  const rule = TRAFFIC_LIGHT_RANK[points.status];
  if (ib > rule) return { status: ibTotal.STATUS, reasons: [ibTotal] };
  if (ib < rule || ibTotal.STATUS === 'G') return points;
  return { status: points.status, reasons: [...points.reasons, ibTotal] };
}
