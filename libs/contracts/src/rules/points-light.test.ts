import { pointsTrafficLight } from './points-light';

describe('pointsTrafficLight (spec section 5)', () => {
  const course = { TARIFF_ADVERTISED: 120, TARIFF_ACCEPTED: 96 };
  it.each([
    [144, 'G'],
    [120, 'G'],
    [119, 'A'],
    [96, 'A'],
    [95, 'R'],
    [0, 'R'],
  ] as const)('colours %i points %s against 120 advertised and 96 accepted', (points, light) => {
    expect(pointsTrafficLight(points, course)).toBe(light);
  });
});
