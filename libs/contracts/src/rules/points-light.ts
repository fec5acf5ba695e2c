import type { TrafficLight } from '../assessment/assessment';
import type { CourseData } from '../courses/course';

/**
 * The colour of a points figure (spec section 5, domain.md "Traffic light" rule 1): at or above
 * TARIFF_ADVERTISED green, at or above TARIFF_ACCEPTED amber, otherwise red. The assessment's
 * points rule and the feedback panel's figures both use it.
 */
export const pointsTrafficLight = (points: number, course: Pick<CourseData, 'TARIFF_ADVERTISED' | 'TARIFF_ACCEPTED'>): TrafficLight =>
  points >= course.TARIFF_ADVERTISED ? 'G' : points >= course.TARIFF_ACCEPTED ? 'A' : 'R';
