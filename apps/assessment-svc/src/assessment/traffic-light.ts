import { pointsTrafficLight, TRAFFIC_LIGHT_RANK, type CourseData, type Explanation, type TrafficLight } from '@clearing-desk/contracts';
import { MESSAGES } from './messages';

/**
 * Traffic-light rule 1 of domain.md, points: the colour of contracts' pointsTrafficLight (the one
 * points-to-colour rule), with the explanation naming the numbers compared. The three rules
 * together: docs/domain/tariff-and-traffic-light.md.
 */
export function pointsExplanation(effective: number, course: Pick<CourseData, 'TARIFF_ADVERTISED' | 'TARIFF_ACCEPTED'>): Explanation {
  const { TARIFF_ADVERTISED: advertised, TARIFF_ACCEPTED: accepted } = course;
  const STATUS = pointsTrafficLight(effective, course);
  const MESSAGE = {
    G: () => MESSAGES.pointsMeetAdvertised(effective, advertised),
    A: () => MESSAGES.pointsMeetAccepted(effective, advertised, accepted),
    R: () => MESSAGES.pointsBelowAccepted(effective, accepted),
  }[STATUS]();
  return { STATUS, MESSAGE };
}

/** The worse of two lights (R worse than A worse than G). */
export const worse = (a: TrafficLight, b: TrafficLight): TrafficLight => (TRAFFIC_LIGHT_RANK[a] <= TRAFFIC_LIGHT_RANK[b] ? a : b);

/** TRAFFIC_LIGHT (domain.md): the worst status among the explanations of every rule; G when none. */
export function trafficLight(explanations: readonly Explanation[]): TrafficLight {
  let light: TrafficLight = 'G';
  for (const { STATUS } of explanations) light = worse(light, STATUS);
  return light;
}
