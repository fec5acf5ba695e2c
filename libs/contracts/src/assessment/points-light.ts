import type { TrafficLight } from './assessment';
import type { CourseData } from '../courses/course';
import type { QualificationItem } from './assess-form';

/**
 * The colour of a points figure (spec section 5, domain.md "Traffic light" rule 1): at or above
 * TARIFF_ADVERTISED green, at or above TARIFF_ACCEPTED amber, otherwise red. The assessment's
 * points rule and the feedback panel's figures both use it.
 */
export const pointsTrafficLight = (points: number, course: Pick<CourseData, 'TARIFF_ADVERTISED' | 'TARIFF_ACCEPTED'>): TrafficLight =>
  points >= course.TARIFF_ADVERTISED ? 'G' : points >= course.TARIFF_ACCEPTED ? 'A' : 'R';

/**
 * The applicant's IB Diploma total (domain.md "Tariff points", IB): IB_TOTAL of the IBO item among
 * `qualifications` (at most one per application; the highest should there be more), or null when
 * none gives a total. The assessment judges it against the course's IB requirement, and the
 * gateway looks for alternatives whose IB_ACCEPTED it meets.
 */
export function ibDiplomaTotal(qualifications: readonly QualificationItem[]): number | null {
  let best: number | null = null;
  for (const item of qualifications) {
    if (item.QUALIFICATION !== 'IBO') continue;
    const text = (item['IB_TOTAL'] ?? '').trim();
    if (!/^\d+$/.test(text)) continue;
    const total = Number(text);
    if (best === null || total > best) best = total;
  }
  return best;
}
