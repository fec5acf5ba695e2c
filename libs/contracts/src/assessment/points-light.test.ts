import { ibDiplomaTotal, pointsTrafficLight } from './points-light';

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

describe('ibDiplomaTotal (domain.md "Tariff points", IB)', () => {
  const ib = (IB_TOTAL: string) => ({ QUALIFICATION: 'IBO', IB_TOTAL, IB_TOTAL_YEAR: '2025' });
  it.each([
    ["the IBO item's total", [ib('36')], 36],
    ['a total with spaces', [ib(' 30 ')], 30],
    ['no total given', [ib('')], null],
    ['no IBO item', [{ QUALIFICATION: 'ALEVEL', SUBJECT: 'Physics', GRADE: 'A', YEAR: '2024' }], null],
    ['the highest of two', [ib('28'), ib('33')], 33],
  ] as const)('reads %s', (_case, items, total) => {
    expect(ibDiplomaTotal(items)).toBe(total);
  });
});
