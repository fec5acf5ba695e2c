import { pointsTrafficLight, type Assessment, type CourseRow } from '@clearing-desk/contracts';
import { SummaryList, TrafficLight } from '@clearing-desk/ui';

type Tariffs = Pick<CourseRow, 'TARIFF_ADVERTISED' | 'TARIFF_ACCEPTED'>;

// Spec section 5: a figure that is not a number shows 'n/a'; a number is coloured by the tariffs.
const points = (value: number | undefined, course: Tariffs) =>
  typeof value === 'number' && Number.isFinite(value) ? (
    <span className="cd-feedback__points">
      {value} <TrafficLight value={pointsTrafficLight(value, course)} />
    </span>
  ) : (
    'n/a'
  );

/** The points table of the feedback panel (spec section 2): total, effective and overall light. */
export function PointsTable({ assessment, course }: { assessment: Assessment | null; course: Tariffs }) {
  return (
    <SummaryList
      rows={[
        { key: 'Total UCAS Points', value: points(assessment?.UCAS_POINTS_TOTAL, course) },
        { key: 'Effective UCAS Points', value: points(assessment?.UCAS_POINTS_EFFECTIVE, course) },
        { key: 'Overall Traffic Light', value: assessment ? <TrafficLight value={assessment.TRAFFIC_LIGHT} /> : 'n/a' },
      ]}
    />
  );
}
