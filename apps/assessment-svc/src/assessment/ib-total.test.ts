import type { QualificationItem, TrafficLight } from '@clearing-desk/contracts';
import { betterOfPointsAndIbTotal, ibTotalExplanation } from './ib-total';
import { assessWith, gcse } from './test-fixtures';

/** An IBO item with Diploma total `total` and the components given (field name to grade). */
const ib = (total: string, components: Record<string, string> = {}): QualificationItem => {
  const item: QualificationItem = { QUALIFICATION: 'IBO', IB_TOTAL: total, IB_TOTAL_YEAR: '2025' };
  let n = { HL: 0, SL: 0 };
  for (const [level, grade] of Object.entries(components)) {
    const key = level.startsWith('HL') ? 'HL' : 'SL';
    n = { ...n, [key]: n[key] + 1 };
    Object.assign(item, { [`${key}_SUBJECT_${n[key]}`]: `${key} subject ${n[key]}`, [`${key}_GRADE_${n[key]}`]: grade, [`${key}_YEAR_${n[key]}`]: '2025' });
  }
  return item;
};

/** The Tariff prices SL 6 at 24: two of them are 48 points, far below any tariff below. */
const PARTIAL = { SL1: '6', SL2: '6' };
/** HL 7 + HL 7 = 112 points: amber on 128/112. */
const HL_77 = { HL1: '7', HL2: '7' };
/** HL 7 + HL 7 + HL 6 = 160 points: green on 128/112. */
const HL_776 = { HL1: '7', HL2: '7', HL3: '6' };

/** Computer Science as the demo catalogue states it: 128/112 UCAS points, IB 30/28 Diploma points. */
const COURSE = { TARIFF_ADVERTISED: 128, TARIFF_ACCEPTED: 112, IB_ADVERTISED: 30, IB_ACCEPTED: 28 };

const MEETS_30 = (total: number) => `IB Diploma total ${total} meets the advertised IB requirement of 30 points.`;
const BETWEEN = (total: number) =>
  `IB Diploma total ${total} is below the advertised IB requirement of 30 points but meets the accepted requirement of 28 points.`;
const BELOW_28 = (total: number) => `IB Diploma total ${total} is below the accepted IB requirement of 28 points.`;

type Case = {
  course: Partial<typeof COURSE> | { IB_ADVERTISED: null; IB_ACCEPTED: null };
  item: QualificationItem;
  points: number;
  light: TrafficLight;
  explanation: { STATUS: TrafficLight; MESSAGE: string }[];
  rejected: boolean;
};

describe('assess: IB Diploma total against the course IB requirement (domain.md "Tariff points", IB)', () => {
  it.each<[string, Case]>([
    [
      'total with partial components (SL 6 + 6 = 48 points) meeting the advertised requirement: G',
      { course: COURSE, item: ib('32', PARTIAL), points: 48, light: 'G', explanation: [{ STATUS: 'G', MESSAGE: MEETS_30(32) }], rejected: false },
    ],
    [
      'total with partial components at exactly the advertised requirement: G',
      { course: COURSE, item: ib('30', PARTIAL), points: 48, light: 'G', explanation: [{ STATUS: 'G', MESSAGE: MEETS_30(30) }], rejected: false },
    ],
    [
      'total with partial components between the requirements: A, never rejected',
      { course: COURSE, item: ib('29', PARTIAL), points: 48, light: 'A', explanation: [{ STATUS: 'A', MESSAGE: BETWEEN(29) }], rejected: false },
    ],
    [
      'total with partial components below the accepted requirement: R on both, rejected (an explicit requirement)',
      {
        course: COURSE,
        item: ib('27', PARTIAL),
        points: 48,
        light: 'R',
        explanation: [
          { STATUS: 'R', MESSAGE: 'Effective UCAS points 48 are below the accepted tariff of 112.' },
          { STATUS: 'R', MESSAGE: BELOW_28(27) },
        ],
        rejected: true,
      },
    ],
    [
      'total alone (no components, 0 points) meeting the accepted requirement: A',
      { course: COURSE, item: ib('28'), points: 0, light: 'A', explanation: [{ STATUS: 'A', MESSAGE: BETWEEN(28) }], rejected: false },
    ],
    [
      'total better than components (HL 7 + 7 = 112, amber): the total is green',
      { course: COURSE, item: ib('31', HL_77), points: 112, light: 'G', explanation: [{ STATUS: 'G', MESSAGE: MEETS_30(31) }], rejected: false },
    ],
    [
      'components better than total (HL 7 + 7 + 6 = 160, green; total 29 amber): the points stand alone',
      {
        course: COURSE,
        item: ib('29', HL_776),
        points: 160,
        light: 'G',
        explanation: [{ STATUS: 'G', MESSAGE: 'Effective UCAS points 160 meet the advertised tariff of 128.' }],
        rejected: false,
      },
    ],
    [
      'components better than total (amber points; total 20 red): amber, not rejected',
      {
        course: COURSE,
        item: ib('20', HL_77),
        points: 112,
        light: 'A',
        explanation: [{ STATUS: 'A', MESSAGE: 'Effective UCAS points 112 are below the advertised tariff of 128 but meet the accepted tariff of 112.' }],
        rejected: false,
      },
    ],
    [
      'equal (both amber): the points explanation, then the total',
      {
        course: COURSE,
        item: ib('29', HL_77),
        points: 112,
        light: 'A',
        explanation: [
          { STATUS: 'A', MESSAGE: 'Effective UCAS points 112 are below the advertised tariff of 128 but meet the accepted tariff of 112.' },
          { STATUS: 'A', MESSAGE: BETWEEN(29) },
        ],
        rejected: false,
      },
    ],
    [
      'a course with no IB requirement: components alone, as before (a high total does not help)',
      {
        course: { IB_ADVERTISED: null, IB_ACCEPTED: null },
        item: ib('40', PARTIAL),
        points: 48,
        light: 'R',
        explanation: [{ STATUS: 'R', MESSAGE: 'Effective UCAS points 48 are below the accepted tariff of 112.' }],
        rejected: true,
      },
    ],
  ])('%s', (_name, { course, item, points, light, explanation, rejected }) => {
    const result = assessWith({ course, form: { QUALIFICATIONS: [item] } });
    expect(result.UCAS_POINTS_EFFECTIVE).toBe(points);
    expect(result.TRAFFIC_LIGHT).toBe(light);
    expect(result.EXPLANATION).toEqual(explanation);
    expect(result.AUTOMATIC_REJECTION).toBe(rejected);
  });

  it('names a stricter IB requirement in its own points', () => {
    const result = assessWith({ course: { IB_ADVERTISED: 34, IB_ACCEPTED: 30 }, form: { QUALIFICATIONS: [ib('32', PARTIAL)] } });
    expect(result.EXPLANATION).toEqual([
      { STATUS: 'A', MESSAGE: 'IB Diploma total 32 is below the advertised IB requirement of 34 points but meets the accepted requirement of 30 points.' },
    ]);
  });

  it('never rejects a green IB total automatically, whatever else is red', () => {
    const result = assessWith({
      course: COURSE,
      form: { QUALIFICATIONS: [ib('33', PARTIAL)], GCSE_QUALIFICATIONS: [gcse('English Language', '5'), gcse('Mathematics', '2')] },
    });
    expect(result.TRAFFIC_LIGHT).toBe('R');
    expect(result.EXPLANATION[0]).toEqual({ STATUS: 'G', MESSAGE: MEETS_30(33) });
    expect(result.AUTOMATIC_REJECTION).toBe(false);
  });

  it('keeps a red IB total from rejecting automatically where an unpriced item turns the points amber', () => {
    const other: QualificationItem = { QUALIFICATION: 'OTHER', TITLE: 'CBSE Class XII', GRADE: '85%', YEAR: '2025' };
    const result = assessWith({ course: COURSE, form: { QUALIFICATIONS: [ib('25', PARTIAL), other] } });
    expect(result.TRAFFIC_LIGHT).toBe('A');
    expect(result.AUTOMATIC_REJECTION).toBe(false);
  });
});

describe('ibTotalExplanation and betterOfPointsAndIbTotal', () => {
  it('judges nothing where the course states no IB requirement or the form no total', () => {
    expect(ibTotalExplanation([ib('36')], { IB_ADVERTISED: null, IB_ACCEPTED: null })).toBeNull();
    expect(ibTotalExplanation([], { IB_ADVERTISED: 30, IB_ACCEPTED: 28 })).toBeNull();
  });

  it('leaves the points rule as it is without an IB total to judge', () => {
    const points = { status: 'R' as const, reasons: [{ STATUS: 'R' as const, MESSAGE: 'x' }] };
    expect(betterOfPointsAndIbTotal(points, null)).toBe(points);
  });
});
