import type { TrafficLight } from '../assessment/assessment';
import type { CourseRow } from '../courses/course';

/**
 * Colour of a points figure in the feedback panel (spec section 5): at or above TARIFF_ADVERTISED
 * green, at or above TARIFF_ACCEPTED amber, otherwise red.
 */
export const pointsTrafficLight = (points: number, course: Pick<CourseRow, 'TARIFF_ADVERTISED' | 'TARIFF_ACCEPTED'>): TrafficLight =>
  points >= course.TARIFF_ADVERTISED ? 'G' : points >= course.TARIFF_ACCEPTED ? 'A' : 'R';
